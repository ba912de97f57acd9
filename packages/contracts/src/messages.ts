import { z } from 'zod';
import { ZUserAuthType } from './auth.ts';
import { HOST_ERROR_CODE_VALUES, type HostErrorCode } from './error-codes.ts';

export { HOST_ERROR_CODE_VALUES } from './error-codes.ts';
import { LANGUAGES } from './languages.ts';
import { ZPaymentStatus } from './payments.ts';
import {
  MAX_PAYMENT_URL_LENGTH,
  type GameMessageType,
  type PortalMessageType,
  type ResultKind,
  type ServiceMessageType,
  type SIGNED_OUT_USER_AUTH,
} from './message-types.ts';

export * from './message-types.ts';

/**
 * Window messages between the portal, games and hosts, in three directions:
 * - the game (in `iframe#game-frame`) to the portal, and the portal's answers and events back;
 * - the portal's service screens, embedded in a host, to that host (`{ type, result }`).
 * Plus the redirect-mode form of the same results: a result page whose last path segment is
 * the base64url of the result's JSON.
 *
 * Every schema is a `z.object`, so parsing returns a fresh object holding only the declared
 * keys: extra keys (`__proto__`, `constructor`, ...) never reach the code that reads it.
 */

const ZMessageLanguage = z.enum(LANGUAGES);

// ---------------------------------------------------------------------------------------------
// Game -> portal

export const ZGetUserAuthMessage = z.object({ type: z.literal('getUserAuth') });
export const ZLoginMessage = z.object({ type: z.literal('login') });
export const ZLogoutRequestMessage = z.object({ type: z.literal('logout') });
/** `text` is a payment URL (the `paymentUrl` the game server got from `POST /api/v1/payments`). */
export const ZOpenPaymentMessage = z.object({
  type: z.literal('openPayment'),
  text: z.string().max(MAX_PAYMENT_URL_LENGTH),
});
export const ZChangeLanguageMessage = z.object({ type: z.literal('changeLanguage'), language: ZMessageLanguage });
export const ZGetUnreadSupportCountMessage = z.object({ type: z.literal('getUnreadSupportCount') });
export const ZOpenSupportMessage = z.object({ type: z.literal('openSupport') });

export const ZGameMessage = z.discriminatedUnion('type', [
  ZGetUserAuthMessage,
  ZLoginMessage,
  ZLogoutRequestMessage,
  ZOpenPaymentMessage,
  ZChangeLanguageMessage,
  ZGetUnreadSupportCountMessage,
  ZOpenSupportMessage,
]);
export type TGameMessage = z.infer<typeof ZGameMessage>;
/** Compiles only while both are the same union: each list of message-types.ts matches its schema. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Is<T extends true> = T;
export type CheckedGameMessageType = Is<Same<GameMessageType, TGameMessage['type']>>;

// ---------------------------------------------------------------------------------------------
// Portal -> game

/** The player as the game sees it; signed out: `currentAuthType: 'unauthorized'`, the rest null. */
export const ZUserAuth = z.object({
  userId: z.string().nullable(),
  nickName: z.string().nullable(),
  /** `email`, `google`, `apple`, `vkontakte`, ... or `unauthorized` */
  currentAuthType: ZUserAuthType,
  jwt: z.string().nullable(),
  session: z.string().nullable(),
});
export type TUserAuth = z.infer<typeof ZUserAuth>;

/** Compiles only while the signed-out answer of message-types.ts is a valid userAuth message. */
export type CheckedSignedOutUserAuth = Is<typeof SIGNED_OUT_USER_AUTH extends TUserAuth ? true : false>;

/** One of the host error codes (`HOST_ERROR_CODES`). */
export const ZHostErrorCode = z.custom<HostErrorCode>(
  (value) => typeof value === 'number' && (HOST_ERROR_CODE_VALUES as number[]).includes(value),
  { message: 'not a host error code (docs/contracts.md lists them)' },
);

/** A payment's outcome, as the game (`paymentResult`) and an embedding host see it. */
export const ZPaymentResult = z.object({
  paymentId: z.string().nullable(),
  status: ZPaymentStatus,
  isError: z.boolean(),
  errorCode: ZHostErrorCode.optional(),
  /** the game server's own `payload` of the payment, unchanged */
  payload: z.unknown().optional(),
  /** signed payment token (verify with `/.well-known/jwks.json`) */
  token: z.string().optional(),
});
export type TPaymentResult = z.infer<typeof ZPaymentResult>;

export const ZUserAuthMessage = ZUserAuth.extend({ type: z.literal('userAuth') });
export const ZUnreadSupportCountMessage = z.object({
  type: z.literal('unreadSupportCount'),
  count: z.number().int().nonnegative(),
});
export const ZLogoutMessage = z.object({ type: z.literal('logout') });
export const ZLanguageChangeMessage = z.object({ type: z.literal('languageChange'), language: ZMessageLanguage });
export const ZPaymentResultMessage = ZPaymentResult.extend({ type: z.literal('paymentResult') });

export const ZPortalMessage = z.discriminatedUnion('type', [
  ZUserAuthMessage,
  ZUnreadSupportCountMessage,
  ZLogoutMessage,
  ZLanguageChangeMessage,
  ZPaymentResultMessage,
]);
export type TPortalMessage = z.infer<typeof ZPortalMessage>;
export type CheckedPortalMessageType = Is<Same<PortalMessageType, TPortalMessage['type']>>;
export type TPortalMessageOf<T extends PortalMessageType> = Extract<TPortalMessage, { type: T }>;

// ---------------------------------------------------------------------------------------------
// Embedded service -> host (postMessage auth type), and the redirect-mode result pages

const ZFailure = {
  isError: z.literal(true),
  errorCode: ZHostErrorCode,
  /** the host's session the screen was opened with, when there was one */
  session: z.string().nullable().optional(),
};

/** Sign-in result: the player on success, a host error code on failure. */
export const ZAuthHostResult = z.discriminatedUnion('isError', [
  ZUserAuth.extend({
    isError: z.literal(false),
    /** set when the login screen was opened with a jwt and only checked it */
    authState: z.enum(['authExist', 'authNotExist']).optional(),
  }),
  z.object(ZFailure),
]);
export type TAuthHostResult = z.infer<typeof ZAuthHostResult>;

export const ZPaymentHostResult = ZPaymentResult;
export type TPaymentHostResult = TPaymentResult;

export const ZSupportHostResult = z.discriminatedUnion('isError', [
  z.object({ isError: z.literal(false), ticketId: z.string().optional() }),
  z.object(ZFailure),
]);
export type TSupportHostResult = z.infer<typeof ZSupportHostResult>;

export interface HostResultOf {
  auth: TAuthHostResult;
  payment: TPaymentHostResult;
  support: TSupportHostResult;
}

export const HOST_RESULT_SCHEMAS = {
  auth: ZAuthHostResult,
  payment: ZPaymentHostResult,
  support: ZSupportHostResult,
} as const satisfies { [K in ResultKind]: z.ZodType<HostResultOf[K]> };

export const ZAuthResultMessage = z.object({ type: z.literal('authResult'), result: ZAuthHostResult });
export const ZPaymentHostResultMessage = z.object({ type: z.literal('paymentResult'), result: ZPaymentHostResult });
export const ZSupportResultMessage = z.object({ type: z.literal('supportResult'), result: ZSupportHostResult });
export const ZServiceMessage = z.discriminatedUnion('type', [ZAuthResultMessage, ZPaymentHostResultMessage, ZSupportResultMessage]);
export type TServiceMessage = z.infer<typeof ZServiceMessage>;
export type CheckedServiceMessageType = Is<Same<ServiceMessageType, TServiceMessage['type']>>;

// The codec lives in its own zod-free module so pages can decode results without loading zod.
export { decodeResult, encodeResult } from './result-codec.ts';
