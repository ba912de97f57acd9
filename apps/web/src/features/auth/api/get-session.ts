import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSessionInfo } from '@portal/contracts/session';
import { ApiError, apiRequest } from '@/shared/api/client';
import { api } from '@/shared/paths';
import { authKeys } from './keys';

/** GET /api/session/{session}: the host's session, 404 when unknown or expired. */
export const getSession = (id: string, signal?: AbortSignal) =>
  apiRequest<TSessionInfo>(api.session(id), { method: 'GET', signal }, { reactToUnauthorized: false });

export const sessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: authKeys.session(id),
    queryFn: ({ signal }) => getSession(id, signal),
    // One look per screen opening is enough: the screens of one flow share it.
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });

/**
 * The state of the session in a sign-in screen's path: none given, being looked up, found, or
 * not found (unknown, expired or malformed: the server's 4xx). A lookup that could not be made
 * (the network) does not lock the player out: it counts as found.
 */
export function useSessionState(id: string | null): 'none' | 'checking' | 'found' | 'notFound' {
  const query = useQuery({ ...sessionQueryOptions(id ?? ''), enabled: id !== null });
  if (id === null) return 'none';
  if (query.isPending) return 'checking';
  if (query.isError) return query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500 ? 'notFound' : 'found';
  return 'found';
}
