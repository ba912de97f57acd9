/**
 * The error codes of the contract, zod-free: the server's AppError, the web client and every
 * page read them without loading a schema library. `errors.ts` re-exports them with the schema
 * of the error body.
 */

/**
 * Every error code the server answers with (in `code`): a closed catalogue, so the server
 * cannot throw a code a client does not know and the web compares typed codes. The status a
 * code comes with is in its comment where it is always the same.
 */
export const API_ERROR_CODES = [
  // --- Any endpoint ---
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'CONFLICT',
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
  /** 416: a Range outside the file */
  'RANGE_NOT_SATISFIABLE',
  'INTERNAL_ERROR',
  /** 503: the database is away for now (Retry-After) */
  'DB_UNAVAILABLE',
  /** 503: file storage or another backing service is away for now (Retry-After) */
  'SERVICE_UNAVAILABLE',
  /** 503: the web app is not built yet (pages only) */
  'WEB_NOT_BUILT',
  /** 503 from /health/ready: the process is shutting down (Retry-After) */
  'DRAINING',

  // --- Catalogue and projects ---
  'PROJECT_NOT_FOUND',
  'GAME_NOT_FOUND',
  'PRICE_NOT_FOUND',
  /** 409: someone saved the record since the editor loaded it (the answer carries the current one) */
  'EDIT_CONFLICT',
  /** 409: a project of that name exists */
  'PROJECT_EXISTS',
  /** 409: another project answers on that host name */
  'HOST_NAME_TAKEN',

  // --- Accounts, sign-in, sessions (AUTH_ERROR_CODES tells what each means) ---
  'CAPTCHA_REQUIRED',
  'CAPTCHA_INVALID',
  'RECOVERY_NOT_VERIFIED',
  'REGISTRATION_NOT_FOUND',
  'PROVIDER_NOT_CONFIGURED',
  'PROVIDER_NOT_FOUND',
  'SIGN_IN_PROVIDER_UNAVAILABLE',
  'SESSION_NOT_FOUND',
  /** 409: an outside sign-in's state was already used by another window */
  'AUTH_STATE_TAKEN',
  /** 404: no player with this id (game-server API, staff look-ups) */
  'USER_NOT_FOUND',
  /** 502/503: a mail could not be sent, or the mail server is away */
  'MAIL_NOT_SENT',
  'MAIL_UNAVAILABLE',

  // --- Payments ---
  'PAYMENT_NOT_FOUND',
  /** 409: the payment is paid, failed or cancelled already */
  'PAYMENT_ALREADY_FINISHED',
  /** 409: another provider attempt of the payment is running */
  'PAYMENT_IN_PROGRESS',
  /** 409: no payment method was chosen yet */
  'PAYMENT_NOT_STARTED',
  /** 409: a receipt or help request about a payment that is not paid */
  'PAYMENT_NOT_PAID',
  /** 409: the game server sells for a project with no payment method on (with its keys) */
  'PAYMENT_METHODS_NOT_SET',
  /** 400: the project does not offer this payment method */
  'PAYMENT_METHOD_NOT_ALLOWED',
  /** 502: the payment provider refused or did not answer */
  'PAYMENT_PROVIDER_ERROR',
  /** 503: the provider is not offered here (no keys) */
  'PROVIDER_NOT_AVAILABLE',
  /** 400: a sandbox-only call for a real provider */
  'NOT_SANDBOX',
  /** 409: the same idempotency key with another body */
  'IDEMPOTENCY_KEY_REUSED',
  /** 400: a provider webhook whose signature does not verify */
  'WEBHOOK_NOT_VERIFIED',
  'RECEIPT_NOT_FOUND',
  /** 410: a receipt link past its time */
  'RECEIPT_LINK_EXPIRED',
  /** 409: a refund larger than what is left of the payment (refunds pending or made count) */
  'REFUND_EXCEEDS_REMAINING',
  /** 502: the provider refused the refund (its reason in the message); nothing was refunded */
  'REFUND_FAILED',

  // --- Support (SUPPORT_ERROR_CODES tells what each means) ---
  'TICKET_NOT_FOUND',
  'TICKET_CLOSED',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_FILE_TYPE',
  'DESCRIPTION_EMPTY',
  'UPLOAD_FAILED',
  'UPLOAD_QUOTA_EXCEEDED',
  'STORAGE_FULL',

  // --- Catalogue images (400: the pixel size does not fit where the image is shown) ---
  'IMAGE_TOO_SMALL',
  'IMAGE_TOO_LARGE',
  'IMAGE_WRONG_SHAPE',
  'IMAGE_UNREADABLE',

  // --- Staff ---
  'INVALID_CREDENTIALS',
  /** 429: too many failed staff sign-ins of the e-mail (Retry-After) */
  'ACCOUNT_LOCKED',
  'STAFF_DISABLED',
  'STAFF_EXISTS',
  'STAFF_NOT_FOUND',
  'CANNOT_DISABLE_SELF',
  /** 409: an admin changing their own role (an admin always remains) */
  'CANNOT_CHANGE_OWN_ROLE',
  /** 400: a set-password link that is unknown, used or expired */
  'STAFF_LINK_INVALID',
  'API_KEY_NOT_FOUND',
  /** 400 in production: a webhook URL that is not public http(s) */
  'WEBHOOK_URL_NOT_ALLOWED',
  /** 409: a test event or redelivery for a project without a webhook URL */
  'WEBHOOK_NOT_SET',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
/** The body of every 4xx/5xx answer, typed by the catalogue. */
export type ApiErrorBody = { code: ApiErrorCode; message: string };

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

/** Every host error code, for checks of a number a host or a game sent. */
export const HOST_ERROR_CODE_VALUES = Object.values(HOST_ERROR_CODES) as HostErrorCode[];
