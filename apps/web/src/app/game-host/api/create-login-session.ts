import type { TSessionGetAnswer, TSessionGetBody } from '@portal/contracts/session';
import { apiPost } from '@/shared/api/client';

/** POST /api/session/get (spec section 7): the login URL and session for a game's login. */
export const createLoginSession = (body: TSessionGetBody) => apiPost<TSessionGetAnswer>('/api/session/get', body);

/**
 * The path of a `loginUrl` on this page's origin. The URL is built on PUBLIC_URL, which a dev
 * proxy may serve elsewhere; the frame must be same-origin to share the sign-in. Null when it
 * is not a login screen URL.
 */
export function loginPathOf(loginUrl: string): string | null {
  try {
    const url = new URL(loginUrl);
    return url.pathname.startsWith('/session/login/') ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
