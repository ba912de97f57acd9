import type { TOkAnswer } from '@portal/contracts/auth';
import type { QueryClient } from '@tanstack/react-query';
import { apiPost } from '../api/client';
import { api } from '../paths';
import { clearSignIn, getAccessToken } from './auth-store';
import { supportKeys, userKeys } from '../api/query-keys';

export const logoutRequest = () => apiPost<TOkAnswer>(api.logout(), {}, { reactToUnauthorized: false });

/**
 * Signs out: the server revokes the token, then user, token and support
 * state are forgotten here whatever the server said.
 */
export async function logout(queryClient?: QueryClient): Promise<void> {
  if (getAccessToken()) await logoutRequest().catch(() => undefined);
  clearSignIn();
  queryClient?.removeQueries({ queryKey: supportKeys.all });
  queryClient?.removeQueries({ queryKey: userKeys.all });
}
