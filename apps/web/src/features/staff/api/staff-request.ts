import { HEADERS } from '@portal/contracts/http';
import { ApiError } from '@/shared/api/client';
import { currentLanguage } from '@/shared/i18n/i18n';
import { setStaffToken, staffToken } from './staff-session';

/**
 * Calls the staff API with the staff token (never the player's) and answers the parsed body.
 * A 401 on a call that carried the token means the sign-in ended: the token is dropped and
 * the console shows the sign-in form again.
 */
export async function staffRequest<T>(url: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  headers.set(HEADERS.language, currentLanguage());
  const token = staffToken();
  if (token) headers.set(HEADERS.authorization, `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError('NETWORK_ERROR', cause instanceof Error ? cause.message : 'Network error', 0);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    if (response.status === 401 && token) setStaffToken(null);
    const error = (body ?? {}) as { code?: unknown; message?: unknown };
    throw new ApiError(
      typeof error.code === 'string' ? error.code : 'HTTP_ERROR',
      typeof error.message === 'string' ? error.message : `HTTP ${response.status}`,
      response.status,
      typeof body === 'object' && body !== null ? body : {},
    );
  }
  return body as T;
}

/** For the `{ data }` answers of the staff inbox routes. */
export const staffData = async <T>(url: string, init?: RequestInit): Promise<T> => (await staffRequest<{ data: T }>(url, init)).data;

export const jsonInit = (method: string, payload?: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(payload ?? {}),
});

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
