import { WEB_PLATFORM_ID } from '@portal/contracts/auth-constants';
import type { TSessionGetAnswer, TSessionGetBody } from '@portal/contracts/session';
import { isLanguage } from '@portal/contracts/languages';
import { apiPost } from '@/shared/api/client';
import { getAnonymousMarker } from '@/shared/auth/anonymous';
import { getStoredUser } from '@/shared/auth/auth-store';

/** POST /api/session/get: the login URL and session for a game's login. */
export const createLoginSession = (body: TSessionGetBody) => apiPost<TSessionGetAnswer>('/api/session/get', body);

/**
 * The session request of the portal hosting a game: this browser's installation id (the
 * anonymous marker every signed-out visitor holds), the player's id when one is stored, the
 * web platform, and the game's source, language and project.
 */
export function loginSessionBody(language: string, project: string): TSessionGetBody {
  return {
    iid: getAnonymousMarker(),
    uid: getStoredUser()?.userId ?? null,
    platformId: WEB_PLATFORM_ID,
    source: 'web',
    locale: isLanguage(language) ? language : 'en',
    project,
  };
}

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
