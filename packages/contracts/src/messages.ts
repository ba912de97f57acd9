import { z } from 'zod';
import { UNAUTHORIZED_AUTH_TYPE, ZUserAuthType } from './auth.ts';
import { HOST_ERROR_CODES, type HostErrorCode } from './errors.ts';
import { LANGUAGES } from './languages.ts';
import { ZPaymentStatus } from './payments.ts';

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

/** Longest payment URL the portal accepts from a game; real ones are well under 1 KB. */
export const MAX_PAYMENT_URL_LENGTH = 4096;

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
export type GameMessageType = TGameMessage['type'];
export const GAME_MESSAGE_TYPES = [
  'getUserAuth',
  'login',
  'logout',
  'openPayment',
  'changeLanguage',
  'getUnreadSupportCount',
  'openSupport',
] as const satisfies readonly GameMessageType[];

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

export const SIGNED_OUT_USER_AUTH: TUserAuth = {
  userId: null,
  nickName: null,
  currentAuthType: UNAUTHORIZED_AUTH_TYPE,
  jwt: null,
  session: null,
};

export const HOST_ERROR_CODE_VALUES = Object.values(HOST_ERROR_CODES) as HostErrorCode[];
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
export type PortalMessageType = TPortalMessage['type'];
export type TPortalMessageOf<T extends PortalMessageType> = Extract<TPortalMessage, { type: T }>;

/** The answer the portal gives to each game message (`openSupport` has none). */
export const ANSWER_OF = {
  getUserAuth: 'userAuth',
  login: 'userAuth',
  logout: 'logout',
  openPayment: 'paymentResult',
  changeLanguage: 'languageChange',
  getUnreadSupportCount: 'unreadSupportCount',
  openSupport: null,
} as const satisfies Record<GameMessageType, PortalMessageType | null>;

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

export const RESULT_KINDS = ['auth', 'payment', 'support'] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

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

export const SERVICE_MESSAGE_TYPE = {
  auth: 'authResult',
  payment: 'paymentResult',
  support: 'supportResult',
} as const satisfies Record<ResultKind, TServiceMessage['type']>;

/** Result pages of redirect and mobile modes; the SPA routes are `<path>/:result?`. */
export const RESULT_PAGE_PATHS = {
  auth: '/session/loginDone',
  payment: '/payments/done',
  support: '/support/done',
} as const satisfies Record<ResultKind, string>;

/** `/payments/done/<base64url JSON>`: where redirect and mobile modes send the page. */
export const resultPath = (kind: ResultKind, encodedResult: string): string => `${RESULT_PAGE_PATHS[kind]}/${encodedResult}`;

// The codec lives in its own zod-free module so pages can decode results without loading zod.
export { decodeResult, encodeResult } from './result-codec.ts';
