import type { TGameTokenAnswer } from '@portal/contracts/auth';
import { createApiClient } from '@/shared/api/client';
import { api } from '@/shared/paths';

/**
 * POST /api/auth/host-token with the player's new portal session: the token a host gets in
 * `authResult` (the player for its project only, 12 hours; the portal's account routes refuse
 * it). It carries the session just issued, whatever `jwt` the page was opened with.
 */
export function getHostToken(project: string, portalToken: string): Promise<TGameTokenAnswer> {
  const client = createApiClient({ getToken: () => portalToken });
  return client.post<TGameTokenAnswer>(api.hostToken(), { project }, { reactToUnauthorized: false });
}
