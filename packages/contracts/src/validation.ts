import { z } from 'zod';

/**
 * Validation rules, shared by the forms (web) and the API (server). The
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
const EMAIL_PATTERN = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const PASSWORD_PATTERN = /^[A-Za-z0-9]{8,20}$/;
const CODE_PATTERN = /^\d{6}$/;
const NAME_PATTERN = /^\p{L}{2,10}$/u;

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

export const ZEmail = z
  .string({ error: VALIDATION_KEYS.enterEmail })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, VALIDATION_KEYS.enterEmail)
      .max(EMAIL_MAX_LENGTH, VALIDATION_KEYS.invalidEmail)
      .regex(EMAIL_PATTERN, VALIDATION_KEYS.invalidEmail),
  );

export const ZPassword = z
  .string({ error: VALIDATION_KEYS.enterPassword })
  .min(1, VALIDATION_KEYS.enterPassword)
  .regex(PASSWORD_PATTERN, VALIDATION_KEYS.passwordValidation);

export const ZCode = z.string({ error: VALIDATION_KEYS.codeNotValid }).trim().regex(CODE_PATTERN, VALIDATION_KEYS.codeNotValid);

export const ZPersonName = z.string({ error: VALIDATION_KEYS.nameValidation }).trim().regex(NAME_PATTERN, VALIDATION_KEYS.nameValidation);

/** New password with its repeat field (registration is single-field; recovery has both). */
export const ZNewPasswordPair = z
  .object({
    password: ZPassword,
    repeatPassword: z.string().min(1, VALIDATION_KEYS.enterPasswordAgain),
  })
  .refine((value) => value.password === value.repeatPassword, {
    message: VALIDATION_KEYS.mismatchPassword,
    path: ['repeatPassword'],
  });

/** The random 6-digit helper range: 100000 to 999999. */
export const CODE_MIN = 100_000;
export const CODE_MAX = 999_999;
