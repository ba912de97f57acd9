import { createApiClient } from '@/shared/api/client';
import { setStaffToken, staffToken } from './staff-session';

/**
 * The staff API client: the staff token (never the player's), bare answer bodies. A 401 on a
 * call that carried the token means the sign-in ended: the token is dropped and the console
 * shows the sign-in form again.
 */
export const staffApiClient = createApiClient({
  getToken: staffToken,
  onUnauthorized: () => setStaffToken(null),
  envelope: 'body',
});

/** Calls the staff API and answers the parsed body. */
export const staffRequest = <T>(url: string, init: RequestInit = {}): Promise<T> => staffApiClient.request<T>(url, init);

/** For the `{ data }` answers of the staff inbox routes. */
export const staffData = async <T>(url: string, init?: RequestInit): Promise<T> => (await staffRequest<{ data: T }>(url, init)).data;

export { jsonInit } from '@/shared/api/client';
