import { z } from 'zod';
import {
  CODE_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_PATTERN,
  PASSWORD_PATTERN,
  VALIDATION_KEYS,
  normalizeEmail,
} from './validation-rules.ts';

export * from './validation-rules.ts';

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
