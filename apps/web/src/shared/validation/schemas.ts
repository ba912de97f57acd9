import * as z from 'zod/mini';
import {
  CODE_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_PATTERN,
  PASSWORD_PATTERN,
  VALIDATION_KEYS,
  normalizeEmail,
} from '@portal/contracts/validation-rules';
import { PAYMENT_HELP_REASON_VALUES, PAYMENT_PROVIDERS } from '@portal/contracts/payments-constants';

/**
 * The forms' schemas on `zod/mini`, with the contract's rules and message keys: the same
 * checks as the server's schemas of `@portal/contracts/validation`, in a fraction of the
 * bytes. Forms load this module through `lazyResolver`, on their first validation.
 */

export const ZEmail = z.pipe(
  z.pipe(z.string({ error: VALIDATION_KEYS.enterEmail }), z.transform(normalizeEmail)),
  z
    .string()
    .check(
      z.minLength(1, VALIDATION_KEYS.enterEmail),
      z.maxLength(EMAIL_MAX_LENGTH, VALIDATION_KEYS.invalidEmail),
      z.regex(EMAIL_PATTERN, VALIDATION_KEYS.invalidEmail),
    ),
);

export const ZPassword = z
  .string({ error: VALIDATION_KEYS.enterPassword })
  .check(z.minLength(1, VALIDATION_KEYS.enterPassword), z.regex(PASSWORD_PATTERN, VALIDATION_KEYS.passwordValidation));

export const ZCode = z.string({ error: VALIDATION_KEYS.codeNotValid }).check(z.trim(), z.regex(CODE_PATTERN, VALIDATION_KEYS.codeNotValid));

export const ZPersonName = z
  .string({ error: VALIDATION_KEYS.nameValidation })
  .check(z.trim(), z.regex(NAME_PATTERN, VALIDATION_KEYS.nameValidation));

/** New password with its repeat field (registration is single-field; recovery has both). */
export const ZNewPasswordPair = z
  .object({
    password: ZPassword,
    repeatPassword: z.string().check(z.minLength(1, VALIDATION_KEYS.enterPasswordAgain)),
  })
  .check(
    z.refine((value) => value.password === value.repeatPassword, {
      message: VALIDATION_KEYS.mismatchPassword,
      path: ['repeatPassword'],
    }),
  );

// ---------------------------------------------------------------------------------------------
// The sign-in screens' forms

export const ZEmailLoginForm = z.object({ email: ZEmail, password: ZPassword });
export type EmailLoginInput = z.input<typeof ZEmailLoginForm>;
export type EmailLoginOutput = z.output<typeof ZEmailLoginForm>;

export const ZRegistrationForm = z.object({
  email: ZEmail,
  password: ZPassword,
  consent: z.boolean().check(z.refine((value) => value, VALIDATION_KEYS.consentRequired)),
});
export type RegistrationInput = z.input<typeof ZRegistrationForm>;
export type RegistrationOutput = z.output<typeof ZRegistrationForm>;

export const ZRecoveryEmailForm = z.object({ email: ZEmail });
export type RecoveryEmailInput = z.input<typeof ZRecoveryEmailForm>;
export type RecoveryEmailOutput = z.output<typeof ZRecoveryEmailForm>;
export type NewPasswordPairInput = z.input<typeof ZNewPasswordPair>;

export const ZCodeForm = z.object({ code: ZCode });
export type CodeFormInput = z.input<typeof ZCodeForm>;

// ---------------------------------------------------------------------------------------------
// The player's other forms

/** The payment screen: the chosen provider and the receipt e-mail. */
export const ZPaymentProcessForm = z.object({ provider: z.enum(PAYMENT_PROVIDERS), email: ZEmail });
export type PaymentProcessInput = z.input<typeof ZPaymentProcessForm>;
export type PaymentProcessOutput = z.output<typeof ZPaymentProcessForm>;

/** A support request about a payment: the radios start with no reason (""), which the enum refuses. */
export const ZPaymentHelpForm = z.object({ reason: z.pipe(z.string(), z.enum(PAYMENT_HELP_REASON_VALUES)), email: ZEmail });
export type PaymentHelpInput = z.input<typeof ZPaymentHelpForm>;
export type PaymentHelpOutput = z.output<typeof ZPaymentHelpForm>;

/** The profile: name and last name. */
export const ZProfileForm = z.object({ name: ZPersonName, lastName: ZPersonName });
export type ProfileFormInput = z.input<typeof ZProfileForm>;
