import { z } from 'zod';

/** The one error shape every 4xx/5xx answer of /api carries. */
export const ZApiError = z.object({
  code: z.string(),
  message: z.string(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** Error codes the server answers with (in `code`). */
export const API_ERROR_CODES = [
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'PROJECT_NOT_FOUND',
  'GAME_NOT_FOUND',
  'RATE_LIMITED',
  /** Too many event streams open for this client, this address or the server (429, Retry-After). */
  'TOO_MANY_STREAMS',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  /** a request the HTTP layer could not read (broken request line, headers or framing) */
  'BAD_REQUEST',
  /** the request's headers (URL included) exceed the server's header size limit */
  'HEADERS_TOO_LARGE',
  /** the client did not finish sending its request in time */
  'REQUEST_TIMEOUT',
  'INTERNAL_ERROR',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Codes passed to the host in a result with isError true (listed in docs/contracts.md). */
export const HOST_ERROR_CODES = {
  registrationFailed: 1000,
  emailLoginFailed: 1001,
  recoveryRequestFailed: 1002,
  newPasswordActivationFailed: 1003,
  recoveryCodeFailed: 1004,
  verificationCodeFailed: 1005,
  appleSignInFailed: 1007,
  appleLoginCallFailed: 1008,
  googleLoginFailed: 1009,
  authClosedByUser: 1011,
  authCheckFailed: 1012,
  telegramLoginFailed: 1014,
  facebookLoginFailed: 1016,
  facebookFailure: 1017,
  /** Declared by the host protocol for compatibility; the portal never sends it. */
  reserved2000: 2000,
  /** Declared by the host protocol for compatibility; the portal never sends it. */
  reserved3000: 3000,
  unauthorized: 3001,
  paymentCancelled: 4000,
  processFailed: 4001,
  yookassaWidgetError: 4002,
  yookassaModalCloseFailed: 4003,
  yookassaSetPendingFailed: 4004,
  yookassaFailure: 4005,
  yookassaCreateFailed: 4006,
  stripeCreateFailed: 4007,
  stripeSetPendingFailed: 4008,
  stripeCancelFailed: 4009,
  receiptEmailUpdateFailed: 4010,
  yandexPayCreateFailed: 4012,
  paymentStateCheckFailed: 4017,
  paymentFailed: 4018,
  supportClosed: 5000,
} as const;
export type HostErrorCode = (typeof HOST_ERROR_CODES)[keyof typeof HOST_ERROR_CODES];
