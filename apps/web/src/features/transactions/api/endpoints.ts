/**
 * The purchase history calls of spec section 7 (all under /api). They sit with the feature
 * rather than in `shared/paths.ts` because no other feature calls them.
 */
const enc = encodeURIComponent;

export const transactionsApi = {
  userPayments: (project?: string | null) => (project ? `/api/payments/get-user-payments?project=${enc(project)}` : '/api/payments/get-user-payments'),
  userPayment: (id: string) => `/api/payments/get-user-payment?paymentId=${enc(id)}`,
  receiptLink: (id: string) => `/api/user/get-receipt-link?privatePaymentId=${enc(id)}`,
  sendLetterSupport: () => '/api/payments/send-letter-support',
} as const;
