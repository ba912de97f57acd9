/**
 * Sign-in constants, zod-free: the sign-in screens read them on their first load without a
 * schema library. `auth.ts` re-exports them beside its schemas.
 */

/** Server warnings (200 answers carrying `warningMessage`). */
export const AUTH_WARNINGS = [
  'USER_NOT_EXIST_LOGIN_BY_EMAIL',
  'INVALID_PASSWORD_LOGIN_BY_EMAIL',
  'USER_EXIST_REGISTER_BY_EMAIL',
  'SEND_VERIFICATION_CODE_INCORRECT',
  'SEND_RECOVERY_PASSWORD_CODE_INCORRECT',
  'USER_NOT_EXIST_RECOVERY_PASSWORD',
  'PASSWORD_EXIST_ACTIVATE_NEW_PASSWORD',
] as const;
export type AuthWarning = (typeof AUTH_WARNINGS)[number];

/** i18n key of the reaction to each warning. */
export const AUTH_WARNING_MESSAGE_KEYS: Record<AuthWarning, string> = {
  USER_NOT_EXIST_LOGIN_BY_EMAIL: 'login.userNotExists',
  INVALID_PASSWORD_LOGIN_BY_EMAIL: 'login.invalidPassword',
  USER_EXIST_REGISTER_BY_EMAIL: 'login.userExists',
  SEND_VERIFICATION_CODE_INCORRECT: 'login.codeNotValid',
  SEND_RECOVERY_PASSWORD_CODE_INCORRECT: 'login.codeNotValid',
  USER_NOT_EXIST_RECOVERY_PASSWORD: 'login.userNotExists',
  PASSWORD_EXIST_ACTIVATE_NEW_PASSWORD: 'login.passwordUsedBefore',
};

/** A 200 answer that carries a server warning instead of its data. */
export type WarningAnswer = { warningMessage: AuthWarning };

/** Tells a warning from a success in a `data` payload. */
export const isWarningAnswer = (data: unknown): data is WarningAnswer =>
  typeof data === 'object' && data !== null && 'warningMessage' in data;

/** How the player signed in (`currentAuthType`); `unauthorized` when signed out. */
export const CURRENT_AUTH_TYPES = ['email', 'google', 'google_adult', 'apple', 'vkontakte', 'yandex', 'telegram', 'facebook'] as const;
export type CurrentAuthType = (typeof CURRENT_AUTH_TYPES)[number];
export const UNAUTHORIZED_AUTH_TYPE = 'unauthorized' as const;

/** Providers of `/passport/{provider}` (OAuth code flow; apple/telegram/facebook in the sandbox). */
export const PASSPORT_PROVIDERS = ['google', 'google_adult', 'vkontakte', 'yandex', 'apple', 'telegram', 'facebook'] as const;
export type PassportProvider = (typeof PASSPORT_PROVIDERS)[number];

/** `/passport/{provider}?state={userAuthDataId}:{session}` (session may be empty). */
export const passportStateParam = (userAuthDataId: string, session?: string | null): string => `${userAuthDataId}:${session ?? ''}`;

/** Client platform identifier of the web portal in session requests. */
export const WEB_PLATFORM_ID = 'web';
