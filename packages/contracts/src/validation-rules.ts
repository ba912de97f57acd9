/**
 * Validation rules, zod-free (the schemas of `validation.ts` and the web's forms build on
 * them), shared by the forms (web) and the API (server). The
 * messages are i18n keys: the web translates them, the server sends them as `message`
 * detail and tests read the same names.
 */
export const EMAIL_MAX_LENGTH = 320;
export const CODE_LENGTH = 6;
export const IMAGE_MAX_BYTES = 5_242_880;
export const VIDEO_MAX_BYTES = 104_857_600;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/x-msvideo', 'video/webm', 'video/x-matroska'] as const;

// A practical address pattern (the WHATWG one used by <input type="email">), checked lowercased.
export const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
export const PASSWORD_PATTERN = /^[A-Za-z0-9]{8,20}$/;
export const CODE_PATTERN = /^\d{6}$/;
export const NAME_PATTERN = /^\p{L}{2,10}$/u;

export const VALIDATION_KEYS = {
  enterEmail: 'login.enterEmail',
  invalidEmail: 'login.invalidEmail',
  enterPassword: 'login.enterPassword',
  passwordValidation: 'login.passwordValidation',
  enterPasswordAgain: 'login.enterPasswordAgain',
  mismatchPassword: 'login.mismatchPassword',
  codeNotValid: 'login.codeNotValid',
  nameValidation: 'profile.nameValidation',
  consentRequired: 'login.consentRequired',
} as const;

export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

/** The random 6-digit helper range: 100000 to 999999. */
export const CODE_MIN = 100_000;
export const CODE_MAX = 999_999;
