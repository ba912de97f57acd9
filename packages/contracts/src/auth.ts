import { z } from 'zod';
import { AUTH_WARNINGS, CURRENT_AUTH_TYPES, PASSPORT_PROVIDERS, UNAUTHORIZED_AUTH_TYPE } from './auth-constants.ts';

export * from './auth-constants.ts';
import type { ApiErrorCode } from './errors.ts';
import { ZProjectName } from './control.ts';
import { ZCode, ZEmail, ZPassword, ZPersonName } from './validation.ts';

/**
 * Accounts API (auth calls and their warnings). Every answer is `{ data: ... }`.
 *
 * Answer shapes, decided here once for web and server:
 * - A server warning is NOT an HTTP error: it answers 200 with
 *   `{ data: { warningMessage: 'USER_NOT_EXIST_LOGIN_BY_EMAIL' } }` (see `ZWarningAnswer`).
 *   The client shows the warning's reaction and counts a failed attempt.
 * - A success that signs the player in answers `{ data: { result: TAuthResult } }`.
 * - Other successes answer `{ data: { result: true, ... } }` (fields per endpoint below).
 * - Real errors are 4xx `{ code, message }` (`ZApiError` of errors.ts); the codes the auth
 *   endpoints add are in `AUTH_ERROR_CODES`. `CAPTCHA_REQUIRED` (403) means: show the ALTCHA
 *   widget and send its solution as `altcha` with the next try. A too-early resend answers
 *   429 `{ code: 'RATE_LIMITED', message, retryAfter }` (seconds).
 */

// ---------------------------------------------------------------------------------------------
// Codes

/** Error codes (4xx `code`) the auth, session and user endpoints add to API_ERROR_CODES. */
export const AUTH_ERROR_CODES = [
  /** 403: a valid ALTCHA solution (`altcha` field) is needed for this try */
  'CAPTCHA_REQUIRED',
  /** 403: the `altcha` solution was wrong, expired or already used */
  'CAPTCHA_INVALID',
  /** 403: activate-new-password without a verified recovery code (or it ran out) */
  'RECOVERY_NOT_VERIFIED',
  /** 409 on send-verification-code: no registration of this flow token for this e-mail (expired/unknown) */
  'REGISTRATION_NOT_FOUND',
  /** 400: the provider has no keys configured here (use /passport with the local stand-in) */
  'PROVIDER_NOT_CONFIGURED',
  /** 404: unknown provider in /passport/{provider} */
  'PROVIDER_NOT_FOUND',
  /** 401: token missing, forged, expired or revoked */
  'UNAUTHORIZED',
  /** 502: the sign-in provider did not answer */
  'SIGN_IN_PROVIDER_UNAVAILABLE',
  /** 404: session unknown */
  'SESSION_NOT_FOUND',
  /** 429: rate limited (also a too-early resend, with `retryAfter`) */
  'RATE_LIMITED',
] as const satisfies readonly ApiErrorCode[];
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** 429 answer of a too-early resend: `{ code: 'RATE_LIMITED', message, retryAfter }`. */
export const ZRetryAfterError = z.object({
  code: z.string(),
  message: z.string(),
  retryAfter: z.number().int().nonnegative(),
});
export type TRetryAfterError = z.infer<typeof ZRetryAfterError>;

// ---------------------------------------------------------------------------------------------
// Sign-in types and auth data

export const ZCurrentAuthType = z.enum(CURRENT_AUTH_TYPES);
export const ZUserAuthType = z.enum([...CURRENT_AUTH_TYPES, UNAUTHORIZED_AUTH_TYPE]);
export type UserAuthType = z.infer<typeof ZUserAuthType>;

export const ZPassportProvider = z.enum(PASSPORT_PROVIDERS);

/** The answer of every successful sign-in (the auth result). */
export const ZAuthResult = z.object({
  currentAuthType: ZCurrentAuthType,
  /** player JWT (RS256/ES256, sub = userId, 30 days); send as `Authorization: Bearer` */
  jwt: z.string(),
  nickName: z.string(),
  userId: z.string().uuid(),
});
export type TAuthResult = z.infer<typeof ZAuthResult>;

/** Stored user auth data; `GET /api/user/me`. Signed out: nulls + unauthorized. */
export const ZUserAuthData = z.object({
  userId: z.string().uuid().nullable(),
  nickName: z.string().nullable(),
  currentAuthType: ZUserAuthType,
});
export type TUserAuthData = z.infer<typeof ZUserAuthData>;
export const SIGNED_OUT_USER_AUTH_DATA: TUserAuthData = {
  userId: null,
  nickName: null,
  currentAuthType: UNAUTHORIZED_AUTH_TYPE,
};

// ---------------------------------------------------------------------------------------------
// Generic answers

export const ZWarningAnswer = z.object({ warningMessage: z.enum(AUTH_WARNINGS) });
export type TWarningAnswer = z.infer<typeof ZWarningAnswer>;

export const ZSignedInAnswer = z.object({ result: ZAuthResult });
export type TSignedInAnswer = z.infer<typeof ZSignedInAnswer>;

export const ZOkAnswer = z.object({ result: z.literal(true) });
export type TOkAnswer = z.infer<typeof ZOkAnswer>;

/** A code was mailed: resend is possible after `resendAfterSeconds`; the code lives `codeTtlSeconds`. */
export const ZCodeSentAnswer = z.object({
  result: z.literal(true),
  resendAfterSeconds: z.number().int().nonnegative(),
  codeTtlSeconds: z.number().int().positive(),
});
export type TCodeSentAnswer = z.infer<typeof ZCodeSentAnswer>;

/**
 * The secret that binds a registration or recovery to the browser that started it: answered
 * once by the starting call, sent back with the code, the resend and the new password.
 */
export const ZFlowToken = z
  .string()
  .min(32)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'a flow token is base64url');

/** A registration or recovery started: a code was mailed (or the last one still stands). */
export const ZFlowStartedAnswer = ZCodeSentAnswer.extend({ flowToken: ZFlowToken });
export type TFlowStartedAnswer = z.infer<typeof ZFlowStartedAnswer>;

// ---------------------------------------------------------------------------------------------
// Payloads (strict: unknown fields are refused with 400 VALIDATION_ERROR)

/** ALTCHA widget value (base64 JSON of the solution); needed once CAPTCHA_REQUIRED was answered. */
export const ZAltchaField = z.string().max(4096).optional();

/**
 * POST /auth/register-by-email -> ZFlowStartedAnswer | ZWarningAnswer(USER_EXIST_REGISTER_BY_EMAIL).
 * Always needs a solved robot check (`altcha`; 403 CAPTCHA_REQUIRED without one).
 */
export const ZRegisterByEmailBody = z.strictObject({ email: ZEmail, password: ZPassword, altcha: ZAltchaField });
export type TRegisterByEmailBody = z.input<typeof ZRegisterByEmailBody>;
export const ZRegisterByEmailAnswer = z.union([ZFlowStartedAnswer, ZWarningAnswer]);
export type TRegisterByEmailAnswer = z.infer<typeof ZRegisterByEmailAnswer>;

/** POST /auth/send-verification-code -> ZSignedInAnswer | ZWarningAnswer(SEND_VERIFICATION_CODE_INCORRECT) */
export const ZSendVerificationCodeBody = z.strictObject({ email: ZEmail, code: ZCode, flowToken: ZFlowToken, altcha: ZAltchaField });
export type TSendVerificationCodeBody = z.input<typeof ZSendVerificationCodeBody>;
export const ZSendVerificationCodeAnswer = z.union([ZSignedInAnswer, ZWarningAnswer]);
export type TSendVerificationCodeAnswer = z.infer<typeof ZSendVerificationCodeAnswer>;

/** POST /auth/login-by-email -> ZSignedInAnswer | ZWarningAnswer(USER_NOT_EXIST_..., INVALID_PASSWORD_...) */
export const ZLoginByEmailBody = z.strictObject({ email: ZEmail, password: ZPassword, altcha: ZAltchaField });
export type TLoginByEmailBody = z.input<typeof ZLoginByEmailBody>;
export const ZLoginByEmailAnswer = z.union([ZSignedInAnswer, ZWarningAnswer]);
export type TLoginByEmailAnswer = z.infer<typeof ZLoginByEmailAnswer>;

/** POST /auth/recovery-password -> ZFlowStartedAnswer | ZWarningAnswer(USER_NOT_EXIST_RECOVERY_PASSWORD) */
export const ZRecoveryPasswordBody = z.strictObject({ email: ZEmail, altcha: ZAltchaField });
export type TRecoveryPasswordBody = z.input<typeof ZRecoveryPasswordBody>;
export const ZRecoveryPasswordAnswer = z.union([ZFlowStartedAnswer, ZWarningAnswer]);
export type TRecoveryPasswordAnswer = z.infer<typeof ZRecoveryPasswordAnswer>;

/**
 * POST /auth/send-recovery-password-code -> `{ result: true, validForSeconds }` (this flow is
 * verified for that long, 600 s) | ZWarningAnswer(SEND_RECOVERY_PASSWORD_CODE_INCORRECT)
 */
export const ZSendRecoveryCodeBody = z.strictObject({ email: ZEmail, code: ZCode, flowToken: ZFlowToken, altcha: ZAltchaField });
export type TSendRecoveryCodeBody = z.input<typeof ZSendRecoveryCodeBody>;
export const ZRecoveryVerifiedAnswer = z.object({
  result: z.literal(true),
  validForSeconds: z.number().int().positive(),
});
export const ZSendRecoveryCodeAnswer = z.union([ZRecoveryVerifiedAnswer, ZWarningAnswer]);
export type TSendRecoveryCodeAnswer = z.infer<typeof ZSendRecoveryCodeAnswer>;

/**
 * POST /auth/activate-new-password -> ZOkAnswer | ZWarningAnswer(PASSWORD_EXIST_ACTIVATE_NEW_PASSWORD);
 * 403 RECOVERY_NOT_VERIFIED unless this flow (its token) confirmed the code. Single use; mails
 * "password changed".
 */
export const ZActivateNewPasswordBody = z.strictObject({ email: ZEmail, password: ZPassword, flowToken: ZFlowToken });
export type TActivateNewPasswordBody = z.input<typeof ZActivateNewPasswordBody>;
export const ZActivateNewPasswordAnswer = z.union([ZOkAnswer, ZWarningAnswer]);
export type TActivateNewPasswordAnswer = z.infer<typeof ZActivateNewPasswordAnswer>;

/**
 * POST /auth/resend-code -> ZCodeSentAnswer; 429 ZRetryAfterError when too early; 404 when the
 * flow token names no flow of this address (whatever the address: nothing about it is told).
 */
export const CODE_PURPOSES = ['registration', 'recovery'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export const ZResendCodeBody = z.strictObject({ email: ZEmail, purpose: z.enum(CODE_PURPOSES), flowToken: ZFlowToken });
export type TResendCodeBody = z.input<typeof ZResendCodeBody>;

/** GET /auth/captcha-challenge answers the ALTCHA challenge JSON itself (no `data` wrapper), so
 * the widget can use it as its `challengeurl`. */
export const ZCaptchaChallenge = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number(),
  salt: z.string(),
  signature: z.string(),
});
export type TCaptchaChallenge = z.infer<typeof ZCaptchaChallenge>;

/**
 * GET /auth/captcha-state -> `{ data: { required } }`: whether this address has reached the
 * failed-try limit (of the `project` header's project), so the robot check shows before a try.
 */
export const ZCaptchaStateAnswer = z.object({ required: z.boolean() });
export type TCaptchaStateAnswer = z.infer<typeof ZCaptchaStateAnswer>;

// ---------------------------------------------------------------------------------------------
// Tokens

/** GET /auth/check/{jwt} -> `{ data: { result, userId?, nickName?, currentAuthType?, expiresAt? } }` */
export const ZCheckTokenAnswer = z.object({
  result: z.boolean(),
  userId: z.string().uuid().optional(),
  nickName: z.string().optional(),
  currentAuthType: ZCurrentAuthType.optional(),
  /** ISO time */
  expiresAt: z.string().optional(),
});
export type TCheckTokenAnswer = z.infer<typeof ZCheckTokenAnswer>;

/**
 * POST /auth/game-token (Bearer: the portal token) `{ project }` -> `{ jwt, expiresAt }`: the
 * token a game gets in `userAuth`. Same keys and issuer (verify it with the JWKS), `aud` = the
 * project, `sub` = the player; the portal's own routes refuse it, so a game never holds the
 * player's portal session. 404 PROJECT_NOT_FOUND for a project the catalogue does not know.
 */
export const ZGameTokenBody = z.strictObject({ project: ZProjectName });
export type TGameTokenBody = z.input<typeof ZGameTokenBody>;
export const ZGameTokenAnswer = z.object({ jwt: z.string(), expiresAt: z.string() });
export type TGameTokenAnswer = z.infer<typeof ZGameTokenAnswer>;

/** POST /auth/logout (Bearer) -> ZOkAnswer; the token's jti is revoked. No body needed. */
export const ZLogoutBody = z.strictObject({}).optional();

// ---------------------------------------------------------------------------------------------
// Outside sign-in

/** The user-auth-data id the opener makes ("time plus random"), used as a state key. */
export const ZUserAuthDataId = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9._-]+$/, 'an auth-data id is letters, digits, ".", "_" and "-"');

/**
 * POST /auth/set-user-auth-state -> `{ result: true, secret }`: a pending state for 10 minutes.
 * The secret (kept by the window that asked, sent back in the `auth-state-secret` header) is
 * needed to read the result, and to refresh a live state (409 AUTH_STATE_TAKEN without it).
 */
export const ZSetUserAuthStateBody = z.strictObject({
  id: ZUserAuthDataId,
  session: z.string().max(128).optional(),
});
export type TSetUserAuthStateBody = z.input<typeof ZSetUserAuthStateBody>;
export const ZSetUserAuthStateAnswer = z.object({ result: z.literal(true), secret: z.string() });
export type TSetUserAuthStateAnswer = z.infer<typeof ZSetUserAuthStateAnswer>;

/**
 * GET /auth/check-user-auth-state/{id} with the `auth-state-secret` header (404 without the
 * right one) -> `{ data: { authData: { result: TAuthResult | null, waitingForHandoff? } } }`.
 * The result comes only with the `auth-state-handoff` the callback page posted to its opener,
 * and only once; `waitingForHandoff` says the sign-in finished but that handoff has not come;
 * `failed` (told once) says the provider refused or failed it, as opposed to a player who
 * declined or closed the window.
 */
export const ZCheckUserAuthStateAnswer = z.object({
  authData: z.object({ result: ZAuthResult.nullable(), waitingForHandoff: z.boolean().optional(), failed: z.boolean().optional() }),
});
export type TCheckUserAuthStateAnswer = z.infer<typeof ZCheckUserAuthStateAnswer>;

/**
 * POST /auth/sign-in-nonce { provider: 'apple' } -> `{ data: { nonce } }`: a one-time value (10
 * minutes) the page hands to Sign in with Apple (`nonce`), which puts it in the id token; a native
 * app may hand Apple its SHA-256 hex instead. 400 PROVIDER_NOT_CONFIGURED without keys.
 */
export const ZSignInNonceBody = z.strictObject({ provider: z.literal('apple') });
export type TSignInNonceBody = z.input<typeof ZSignInNonceBody>;
export const ZSignInNonceAnswer = z.object({ nonce: z.string() });
export type TSignInNonceAnswer = z.infer<typeof ZSignInNonceAnswer>;

/**
 * POST /auth/apple-login -> ZSignedInAnswer; 400 PROVIDER_NOT_CONFIGURED without keys; 401 bad
 * token, or one without a nonce of /auth/sign-in-nonce (each nonce signs in once).
 */
export const ZAppleLoginBody = z.strictObject({ idToken: z.string().min(1).max(8192) });
export type TAppleLoginBody = z.input<typeof ZAppleLoginBody>;

/** Telegram login widget data (the Telegram user + the signed fields). */
export const ZTelegramUser = z.strictObject({
  id: z.union([z.number().int(), z.string().regex(/^\d{1,20}$/)]),
  first_name: z.string().max(256).optional(),
  last_name: z.string().max(256).optional(),
  username: z.string().max(256).optional(),
  photo_url: z.string().max(2048).optional(),
  auth_date: z.union([z.number().int(), z.string().regex(/^\d{1,12}$/)]),
  hash: z.string().regex(/^[0-9a-f]{64}$/i),
});
export type TTelegramUser = z.infer<typeof ZTelegramUser>;
/** POST /auth/telegram-login -> ZSignedInAnswer; data older than 5 minutes, or used before, is refused (401). */
export const ZTelegramLoginBody = z.strictObject({ userData: ZTelegramUser });
export type TTelegramLoginBody = z.input<typeof ZTelegramLoginBody>;

/**
 * POST /auth/facebook-login -> ZSignedInAnswer. `profile` is what the Facebook SDK gave the
 * page; only its `accessToken` is used (verified with Facebook), other fields are ignored.
 */
export const ZFacebookLoginBody = z.strictObject({
  profile: z.looseObject({ accessToken: z.string().min(1).max(4096) }),
});
export type TFacebookLoginBody = z.input<typeof ZFacebookLoginBody>;

/** POST /auth/google-login-native -> ZSignedInAnswer */
export const ZGoogleLoginNativeBody = z.strictObject({ accessToken: z.string().min(1).max(4096) });
export type TGoogleLoginNativeBody = z.input<typeof ZGoogleLoginNativeBody>;

/** POST /auth/merge-anonymous (Bearer) -> ZOkAnswer; records tempUserId -> userId. */
export const ZMergeAnonymousBody = z.strictObject({ tempUserId: z.string().uuid() });
export type TMergeAnonymousBody = z.input<typeof ZMergeAnonymousBody>;

// ---------------------------------------------------------------------------------------------
// User profile (Bearer)

/** GET /user/get-profile and answer of POST /user/update-profile: `{ data: TProfile }` */
export const ZProfile = z.object({
  userId: z.string().uuid(),
  nickName: z.string(),
  name: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  currentAuthType: ZCurrentAuthType,
});
export type TProfile = z.infer<typeof ZProfile>;

/** POST /user/update-profile */
export const ZUpdateProfileBody = z.strictObject({ name: ZPersonName, lastName: ZPersonName });
export type TUpdateProfileBody = z.input<typeof ZUpdateProfileBody>;

/**
 * POST /user/delete-account `{ confirmation: true }` -> ZOkAnswer. Removes e-mail, names,
 * identities and password hashes, and revokes the player's tokens; the id stays for payments.
 */
export const ZDeleteAccountBody = z.strictObject({ confirmation: z.literal(true) });
export type TDeleteAccountBody = z.input<typeof ZDeleteAccountBody>;

// ---------------------------------------------------------------------------------------------
// Dev mailbox (GET /dev/mail.json, not under /api; only without SMTP_URL and not in production)

export const ZDevMail = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** ISO time */
  sentAt: z.string(),
});
export type TDevMail = z.infer<typeof ZDevMail>;
/** `{ data: TDevMail[] }`, newest first */
export const ZDevMailList = z.array(ZDevMail);
