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

/** Query keys of the console; sign-out removes everything under `staffKeys.all`. */
export const staffKeys = {
  all: ['staff'] as const,
  me: () => ['staff', 'me'] as const,
  accounts: () => ['staff', 'accounts'] as const,
  projects: () => ['staff', 'projects'] as const,
  project: (name: string) => ['staff', 'project', name] as const,
  apiKeys: (name: string) => ['staff', 'project', name, 'api-keys'] as const,
  tickets: () => ['staff', 'tickets'] as const,
  ticketList: (status: string, project: string) => ['staff', 'tickets', status, project] as const,
  ticket: (id: string) => ['staff', 'ticket', id] as const,
  payments: (userId: string) => ['staff', 'payments', userId] as const,
};
