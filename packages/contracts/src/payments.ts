import { z } from 'zod';
import {
  CURRENCIES,
  DISPUTE_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_WEBHOOK_TYPES,
  PAYMENT_WEBHOOK_TYPES,
  REFUND_STATUSES,
} from './payments-constants.ts';

export * from './payments-constants.ts';

/**
 * Payments: statuses, the provider config, the
 * player screens' payloads and the game-server API. Amounts travel in minor units (kopecks,
 * cents) as integers wherever money is computed; decimal strings are for display and for
 * provider APIs that want them.
 */

export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export const ZPaymentProviderId = z.enum(PAYMENT_PROVIDERS);
export const ZCurrency = z.enum(CURRENCIES);
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
export const ZPaymentProviderConfig = z.object({
  id: ZPaymentProviderId,
  title: z.string(),
  methods: z.array(ZPaymentMethod),
  currency: ZCurrency,
  currencySymbol: z.string(),
});
export const ZPaymentWebhookType = z.enum(PAYMENT_WEBHOOK_TYPES);
export const ZPaymentStatusWebhookType = z.enum(PAYMENT_STATUS_WEBHOOK_TYPES);
export const ZRefundStatus = z.enum(REFUND_STATUSES);
export const ZDisputeStatus = z.enum(DISPUTE_STATUSES);

export const ZAmountMinor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

// --- Player screens --------------------------------------------------------------------------

export const ZPaymentData = z.object({
  projectName: z.string(),
  cardLogoImage: z.string(),
  ruName: z.string(),
  enName: z.string(),
  /** The item's name in the player's interface language, English where it has none (older servers leave it out). */
  name: z.string().optional(),
  /** In roubles, as on the price list. */
  ruPrice: z.number(),
  /** In dollars, as on the price list. */
  enPrice: z.number(),
});
export type TPaymentData = z.infer<typeof ZPaymentData>;

export const ZProfileData = z.object({
  mailToReceiveCheck: z.string().nullable(),
  nickName: z.string().nullable(),
});
export type TProfileData = z.infer<typeof ZProfileData>;

/** GET /payments/process/{paymentId}. */
export const ZPaymentProcessResponse = z.object({
  /** The provider the payment went to, once a provider screen created it; null before. */
  provider: ZPaymentProviderId.nullable(),
  /** That provider's reference of the payment (PaymentIntent id, YooKassa id, order id). */
  providerId: z.string().nullable(),
  paymentData: ZPaymentData,
  profileData: ZProfileData,
  /** Methods to choose from: the project's paymentsMethods joined with the provider config. */
  providers: z.array(ZPaymentProviderConfig),
});
export type TPaymentProcessResponse = z.infer<typeof ZPaymentProcessResponse>;

/** GET /payments/get/{id}: polled every 2 s by the payment popup. */
export const ZPaymentGetResponse = z.object({
  status: ZPaymentStatus,
  /** The game's opaque payload, handed back to it in paymentResult. */
  payload: z.string().nullable(),
  /** Signed payment token (verifiable with /.well-known/jwks.json), once paid. */
  token: z.string().nullable(),
  /**
   * True once nothing can change any more: paid, fail, or none after a cancellation (a new
   * payment is none and unfinished). The server always sends it; optional for older readers.
   */
  finished: z.boolean().optional(),
});
export type TPaymentGetResponse = z.infer<typeof ZPaymentGetResponse>;

/** One row of GET /payments/get-user-payments. */
export const ZPaymentHistoryItem = z.object({
  uuid: z.string(),
  /** ISO 8601; the list shows it as YYYY-MM-DD. */
  createTs: z.string(),
  title: z.string(),
  /** In major units of `currency` (199.9 is 199.90). */
  price: z.number(),
  currency: ZCurrency,
  status: ZPaymentStatus,
  projectName: z.string(),
  /** Set when refunds gave money back: `partial` or `full`, with the amount in major units. */
  refunded: z.enum(['partial', 'full']).optional(),
  refundedPrice: z.number().optional(),
});
export type TPaymentHistoryItem = z.infer<typeof ZPaymentHistoryItem>;

/** POST /payments/update-mail-to-receive-check. */
export const ZUpdateReceiptMailRequest = z.object({ email: z.string() });

/** GET /payments/yookassa/create/{id}. */
export const ZYookassaCreateResponse = z.object({ confirmationToken: z.string() });
/** GET /payments/stripe/create/{id}: `id` is the PaymentIntent id. */
export const ZStripeCreateResponse = z.object({ clientSecret: z.string(), id: z.string() });
/** POST /payments/stripe/cancellation-payment. */
export const ZStripeCancelRequest = z.object({ stripePaymentId: z.string(), paymentId: z.string() });
/** POST /payments/yandex-pay/create. */
export const ZYandexPayCreateRequest = z.object({ paymentId: z.string() });
export const ZYandexPayCreateResponse = z.object({ paymentUrl: z.string() });

/**
 * What the create calls answer in full: `sandbox` says the provider is the product's own test
 * provider (no keys configured), so the screen shows the sandbox instead of the provider's widget.
 */
export const ZYookassaCreateAnswer = ZYookassaCreateResponse.extend({ sandbox: z.boolean() });
export type TYookassaCreateAnswer = z.infer<typeof ZYookassaCreateAnswer>;
export const ZStripeCreateAnswer = ZStripeCreateResponse.extend({ sandbox: z.boolean(), publishableKey: z.string().nullable() });
export type TStripeCreateAnswer = z.infer<typeof ZStripeCreateAnswer>;
export const ZYandexPayCreateAnswer = ZYandexPayCreateResponse.extend({ sandbox: z.boolean() });
export type TYandexPayCreateAnswer = z.infer<typeof ZYandexPayCreateAnswer>;
// --- Game-server API (server to server) ------------------------------------------------------

export const ZCreatePaymentRequest = z.object({
  userId: z.string().min(1).max(128),
  priceId: z.string().min(1).max(128),
  /** Opaque to the portal; handed back to the game with the result and in webhooks. */
  payload: z.string().max(4096).optional(),
  /** The same key (per project) returns the same payment. */
  idempotencyKey: z.string().min(1).max(255).optional(),
});
export type TCreatePaymentRequest = z.infer<typeof ZCreatePaymentRequest>;

export const ZCreatePaymentResponse = z.object({
  paymentId: z.string(),
  /** Absolute, built on PUBLIC_URL: opens the payment screen. */
  paymentUrl: z.string(),
  status: ZPaymentStatus,
});
export type TCreatePaymentResponse = z.infer<typeof ZCreatePaymentResponse>;

/** GET /api/v1/payments/{paymentId}, and `data` of every webhook. */
export const ZGameServerPayment = z.object({
  paymentId: z.string(),
  project: z.string(),
  userId: z.string(),
  priceId: z.string(),
  status: ZPaymentStatus,
  /** Decimal string in `currency` ("199.90"). */
  amount: z.string(),
  /** The same amount in minor units (19990). */
  amountMinor: ZAmountMinor,
  currency: ZCurrency,
  provider: ZPaymentProviderId.nullable(),
  payload: z.string().nullable(),
  /** ISO 8601 times. */
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string().nullable(),
  /** What succeeded refunds gave back, in `currency` ("99.95") and in minor units; "0.00" and 0 when none. */
  refundedAmount: z.string(),
  refundedAmountMinor: ZAmountMinor,
  /** false for a test payment (made with a test key: the sandbox or a provider's test keys, no real money) */
  livemode: z.boolean(),
});
export type TGameServerPayment = z.infer<typeof ZGameServerPayment>;

/** One refund of a payment (game-server API, webhooks, the console). */
export const ZPaymentRefund = z.object({
  refundId: z.string(),
  paymentId: z.string(),
  status: ZRefundStatus,
  amount: z.string(),
  amountMinor: ZAmountMinor,
  currency: ZCurrency,
  /** `staff`: made in the console; `provider`: made at the provider (its dashboard) and read back. */
  source: z.enum(['staff', 'provider']),
  /** The provider's reason of a failed refund. */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TPaymentRefund = z.infer<typeof ZPaymentRefund>;

/** A dispute (chargeback) of a payment, as the provider last reported it. */
export const ZPaymentDispute = z.object({
  disputeId: z.string(),
  paymentId: z.string(),
  status: ZDisputeStatus,
  amount: z.string(),
  amountMinor: ZAmountMinor,
  currency: ZCurrency,
  /** The provider's reason (`fraudulent`, `product_not_received`, ...). */
  reason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPaymentDispute = z.infer<typeof ZPaymentDispute>;

/** GET /api/v1/payments/{paymentId}: the payment with its refunds and disputes. */
export const ZGameServerPaymentDetail = ZGameServerPayment.extend({
  refunds: z.array(ZPaymentRefund),
  disputes: z.array(ZPaymentDispute),
});
export type TGameServerPaymentDetail = z.infer<typeof ZGameServerPaymentDetail>;

export const ZPaymentWebhookEvent = z.object({
  /**
   * The event's id (`evt_` and 32 hex digits): the same in every delivery and redelivery of the
   * event, so a receiver dedupes by it (or by `data.paymentId`, a payment has one final event).
   */
  id: z.string().regex(/^evt_[0-9a-f]{32}$/),
  type: ZPaymentStatusWebhookType,
  /** the payment's mode, as `data.livemode` (Stripe's place for it) */
  livemode: z.boolean(),
  data: ZGameServerPayment,
});
export type TPaymentWebhookEvent = z.infer<typeof ZPaymentWebhookEvent>;

/**
 * `payment.refunded`: one per refund that succeeded (its own event id). `data` is the payment
 * after it, with `refund` the refund and `refund.whole` true when nothing is left to refund.
 */
export const ZPaymentRefundedEvent = z.object({
  id: z.string().regex(/^evt_[0-9a-f]{32}$/),
  type: z.literal('payment.refunded'),
  livemode: z.boolean(),
  data: ZGameServerPayment.extend({ refund: ZPaymentRefund.extend({ whole: z.boolean() }) }),
});
export type TPaymentRefundedEvent = z.infer<typeof ZPaymentRefundedEvent>;

/** `payment.disputed`: a dispute opened, or its state changed (one event per state). */
export const ZPaymentDisputedEvent = z.object({
  id: z.string().regex(/^evt_[0-9a-f]{32}$/),
  type: z.literal('payment.disputed'),
  livemode: z.boolean(),
  data: ZGameServerPayment.extend({ dispute: ZPaymentDispute }),
});
export type TPaymentDisputedEvent = z.infer<typeof ZPaymentDisputedEvent>;

/**
 * What "send test event" in the console posts to a project's webhook URL, signed like every
 * event: a receiver answers it 2xx and grants nothing (it names no payment).
 */
export const ZWebhookTestEvent = z.object({
  id: z.string().regex(/^evt_[0-9a-f]{32}$/),
  type: z.literal('webhook.test'),
  data: z.object({ project: z.string(), sentAt: z.string() }),
});
export type TWebhookTestEvent = z.infer<typeof ZWebhookTestEvent>;

// --- Live status (Server-Sent Events) ----------------------------------------------------------

/**
 * GET /payments/events/{id}: `ready` once the stream is open, then `status` with the payment's
 * current answer (the same fields as GET /payments/get/{id}) at once and after every change.
 * EventSource sends no headers: the player's token goes in `?jwt=`.
 */
export const ZPaymentLiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  ZPaymentGetResponse.extend({ type: z.literal('status'), paymentId: z.string() }),
]);
export type TPaymentLiveEvent = z.infer<typeof ZPaymentLiveEvent>;
