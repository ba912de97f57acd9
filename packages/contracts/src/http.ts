/** Header names every product call carries. */
export const HEADERS = {
  language: 'frontend-language',
  session: 'session',
  source: 'source',
  locale: 'locale',
  project: 'project',
  authorization: 'authorization',
  tempUserId: 'temp-user-id',
} as const;

/**
 * Outside sign-in (auth/check-user-auth-state): the poll secret answered by set-user-auth-state
 * to the window that made the state, and the one-time handoff the callback page passes to
 * its opener. The result is handed over only with both, once.
 */
export const AUTH_STATE_HEADERS = {
  secret: 'auth-state-secret',
  handoff: 'auth-state-handoff',
} as const;

/** The message the sign-in callback page posts to its opener and on SIGN_IN_CHANNEL. */
export const SIGN_IN_HANDOFF_MESSAGE = 'portal:sign-in-handoff';
/** BroadcastChannel name the callback page also posts on (same-origin windows that lost the opener). */
export const SIGN_IN_CHANNEL = 'portal-sign-in';
