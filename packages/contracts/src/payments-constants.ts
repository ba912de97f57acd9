import { PAYMENT_PROVIDERS } from './control-constants.ts';

/**
 * Payment constants that pages read without a schema library: statuses, providers and their
 * config, currencies and exact minor-unit money, webhook types and headers. `payments.ts`
 * re-exports them beside its schemas.
 */

/** A payment's status as players and game servers see it: none is "not paid / cancelled". */
export const PAYMENT_STATUSES = ['none', 'pending', 'paid', 'fail'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The statuses after which nothing changes; each one sends a webhook to the game server. */
export const FINAL_PAYMENT_STATUSES = ['none', 'paid', 'fail'] as const satisfies readonly TPaymentStatus[];

export { PAYMENT_PROVIDERS };
export type TPaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

export const CURRENCIES = ['RUB', 'USD'] as const;
export type TCurrency = (typeof CURRENCIES)[number];

/** ₽ for RUB, $ otherwise. */
export const CURRENCY_SIGNS = { RUB: '₽', USD: '$' } as const satisfies Record<TCurrency, string>;

/** Digits after the decimal point (ISO 4217 exponent): both currencies count in hundredths. */
export const CURRENCY_MINOR_DIGITS = { RUB: 2, USD: 2 } as const satisfies Record<TCurrency, number>;

export const PAYMENT_METHODS = ['card', 'yooMoney'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

export type TPaymentProviderConfig = {
  id: TPaymentProviderId;
  title: string;
  methods: TPaymentMethod[];
  currency: TCurrency;
  currencySymbol: string;
};

/** Provider config. */
export const PAYMENT_PROVIDER_CONFIG = {
  yookassa: { id: 'yookassa', title: 'YooKassa', methods: ['card', 'yooMoney'], currency: 'RUB', currencySymbol: '₽' },
  stripe: { id: 'stripe', title: 'Stripe', methods: ['card'], currency: 'USD', currencySymbol: '$' },
  'yandex-pay': { id: 'yandex-pay', title: 'Yandex Pay', methods: ['card'], currency: 'RUB', currencySymbol: '₽' },
} as const satisfies { [K in TPaymentProviderId]: TPaymentProviderConfig & { id: K } };

// --- Money ---------------------------------------------------------------------------------

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * "199.9" or 199.9 -> 19990 for RUB/USD. Exact: works on the decimal digits, never on binary
 * floating point, and refuses more fraction digits than the currency has.
 */
export function toMinorUnits(amount: string | number, currency: TCurrency): number {
  const digits = CURRENCY_MINOR_DIGITS[currency];
  const text = typeof amount === 'number' ? numberToPlainString(amount) : amount.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a non-negative decimal amount: ${String(amount)}`);
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) throw new RangeError(`${String(amount)} has more than ${digits} fraction digits for ${currency}`);
  const minor = Number(whole + fraction.padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount out of range: ${String(amount)}`);
  return minor;
}

/** 19990 -> "199.90" for RUB/USD: the decimal string provider APIs and receipts use. */
export function fromMinorUnits(amountMinor: number, currency: TCurrency): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) {
    throw new RangeError(`minor units must be a non-negative safe integer: ${amountMinor}`);
  }
  const digits = CURRENCY_MINOR_DIGITS[currency];
  const text = String(amountMinor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a non-negative amount: ${value}`);
  // Shortest round-trip form ("0.1", "199.9"); very large or tiny numbers use exponents, refused above.
  return String(value);
}

// --- Sandbox and Stripe screens ---------------------------------------------------------------

export const SANDBOX_OUTCOMES = ['paid', 'fail', 'canceled'] as const;
export type TSandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** The texts the Stripe screen shows. */
export const STRIPE_MESSAGES = {
  succeeded: 'Payment succeeded!',
  processing: 'Your payment is processing.',
  requiresPaymentMethod: 'Your payment was not successful, please try again.',
  unexpected: 'Something went wrong.',
} as const;

// --- Webhooks ----------------------------------------------------------------------------------

/** The events of a payment's final status: one per payment. */
export const PAYMENT_STATUS_WEBHOOK_TYPES = ['payment.paid', 'payment.failed', 'payment.canceled'] as const;
export type TPaymentStatusWebhookType = (typeof PAYMENT_STATUS_WEBHOOK_TYPES)[number];
/** Every event about a payment: its final status, then each refund that succeeded and each dispute's news. */
export const PAYMENT_WEBHOOK_TYPES = [...PAYMENT_STATUS_WEBHOOK_TYPES, 'payment.refunded', 'payment.disputed'] as const;
export type TPaymentWebhookType = (typeof PAYMENT_WEBHOOK_TYPES)[number];

/** A game-server API key's mode: a test key sells through test providers only, a live key for real only. */
export const API_KEY_MODES = ['test', 'live'] as const;
export type TApiKeyMode = (typeof API_KEY_MODES)[number];

/** A refund's state: pending at the provider, then succeeded or failed. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type TRefundStatus = (typeof REFUND_STATUSES)[number];
/** A dispute (chargeback): open while the bank decides, then won or lost. */
export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export type TDisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** The longest reason staff give a refund. */
export const REFUND_REASON_MAX = 500;

/** Which webhook a final status sends: none is a cancelled payment. */
export const WEBHOOK_TYPE_OF_STATUS = {
  paid: 'payment.paid',
  fail: 'payment.failed',
  none: 'payment.canceled',
} as const satisfies Record<(typeof FINAL_PAYMENT_STATUSES)[number], TPaymentStatusWebhookType>;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export const PAYMENT_SIGNATURE_HEADER = 'Portal-Signature';
/** The event id of a webhook delivery, as in the body's `id`. */
export const PAYMENT_EVENT_ID_HEADER = 'Portal-Event-Id';

// --- Payment help ------------------------------------------------------------------------------

/**
 * The reasons of a support request about a payment: "drop not credited" travels as its Russian
 * text, "other" as is.
 */
export const PAYMENT_HELP_REASONS = {
  dropNotCredited: 'Не начислен дроп',
  other: 'other',
} as const;
export const PAYMENT_HELP_REASON_VALUES = [PAYMENT_HELP_REASONS.dropNotCredited, PAYMENT_HELP_REASONS.other] as const;
