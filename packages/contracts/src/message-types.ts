/**
 * The constants of the window messages and result pages, zod-free: every page (the 401
 * reaction, the result pages) reads them without loading a schema library. `messages.ts`
 * re-exports them beside the schemas, which check that each list matches its schema.
 */

import { UNAUTHORIZED_AUTH_TYPE } from './auth-constants.ts';

/** Longest payment URL the portal accepts from a game; real ones are well under 1 KB. */
export const MAX_PAYMENT_URL_LENGTH = 4096;

/** What a game sends the portal. */
export const GAME_MESSAGE_TYPES = [
  'getUserAuth',
  'login',
  'logout',
  'openPayment',
  'changeLanguage',
  'getUnreadSupportCount',
  'openSupport',
] as const;
export type GameMessageType = (typeof GAME_MESSAGE_TYPES)[number];

/** What the portal sends a game. */
export const PORTAL_MESSAGE_TYPES = ['userAuth', 'unreadSupportCount', 'logout', 'languageChange', 'paymentResult'] as const;
export type PortalMessageType = (typeof PORTAL_MESSAGE_TYPES)[number];

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

/** The flows whose result goes to the host: sign-in, payment, support. */
export const RESULT_KINDS = ['auth', 'payment', 'support'] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

/** The `type` of the message that carries each kind of result to the host. */
export const SERVICE_MESSAGE_TYPE = {
  auth: 'authResult',
  payment: 'paymentResult',
  support: 'supportResult',
} as const satisfies Record<ResultKind, string>;
export type ServiceMessageType = (typeof SERVICE_MESSAGE_TYPE)[ResultKind];

/** Result pages of redirect and mobile modes; the SPA routes are `<path>/:result?`. */
export const RESULT_PAGE_PATHS = {
  auth: '/session/loginDone',
  payment: '/payments/done',
  support: '/support/done',
} as const satisfies Record<ResultKind, string>;

/** `/payments/done/<base64url JSON>`: where redirect and mobile modes send the page. */
export const resultPath = (kind: ResultKind, encodedResult: string): string => `${RESULT_PAGE_PATHS[kind]}/${encodedResult}`;

/** The `userAuth` answer of a signed-out player. */
export const SIGNED_OUT_USER_AUTH = {
  userId: null,
  nickName: null,
  currentAuthType: UNAUTHORIZED_AUTH_TYPE,
  jwt: null,
  session: null,
} as const;
