/**
 * The payment calls of spec section 7 (all under /api). They sit with the feature rather than
 * in `shared/paths.ts` because no other feature calls them.
 */
const enc = encodeURIComponent;

export const paymentApi = {
  process: (id: string) => `/api/payments/process/${enc(id)}`,
  get: (id: string) => `/api/payments/get/${enc(id)}`,
  /** Server-Sent Events; EventSource sends no headers, so the token rides in `jwt`. */
  events: (id: string, jwt: string | null) => `/api/payments/events/${enc(id)}${jwt ? `?jwt=${enc(jwt)}` : ''}`,
  setPending: (id: string) => `/api/payments/set-pending/${enc(id)}`,
  updateReceiptMail: () => '/api/payments/update-mail-to-receive-check',
  yookassaCreate: (id: string) => `/api/payments/yookassa/create/${enc(id)}`,
  yookassaModalClose: (id: string) => `/api/payments/yookassa/modal-close/${enc(id)}`,
  stripeCreate: (id: string) => `/api/payments/stripe/create/${enc(id)}`,
  stripeCancel: () => '/api/payments/stripe/cancellation-payment',
  yandexPayCreate: () => '/api/payments/yandex-pay/create',
  sandboxComplete: (id: string) => `/api/payments/sandbox/${enc(id)}/complete`,
} as const;

/** The result page of redirect and mobile modes. */
export const paymentsDonePath = (encodedResult: string) => `/payments/done/${encodedResult}`;

/** YooKassa's checkout widget script (loaded only for a real YooKassa payment). */
export const YOOKASSA_WIDGET_URL = 'https://yookassa.ru/checkout-widget/v1/checkout-widget.js';
