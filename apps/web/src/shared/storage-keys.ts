/** localStorage keys. Read and written through `storage.ts`. */
export const STORAGE_KEYS = {
  /** The player's access token (Bearer). */
  accessToken: 'accessToken',
  /** Stored auth data: currentAuthType, nickName, userId. */
  webAuthData: 'webAuthData',
  /** Outside sign-in state id: time plus random. */
  authDataId: 'userAuthDataId',
  /** Set once the visitor confirmed being over 18 on the single-game page. */
  ageVerified: 'ageVerification',
  session: 'session',
  /** Anonymous marker: a random UUID sent as Temp-User-Id. */
  tempUserId: 'tempUserId',
  /** Failed-attempt counter that can require the captcha. */
  attempt: 'attempt',
  /** The chosen interface language (the key i18next's detector uses). */
  language: 'i18nextLng',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
