import type { TCurrency, TPaymentProviderId } from '@portal/contracts/payments';
import { AppError } from '../../lib/app-error.ts';

/**
 * A provider's view of a payment, normalized. `canceled` is kept apart from `fail` here; the
 * payments module maps it to the player-facing `none`.
 */
export type ProviderPaymentStatus = 'pending' | 'paid' | 'fail' | 'canceled';

export interface ProviderPaymentState {
  providerRef: string;
  status: ProviderPaymentStatus;
  /** Integer minor units, as the provider reports them (checked by the module against ours). */
  amountMinor: number;
  currency: TCurrency;
  /** Our payment id when the provider echoes it back (metadata, order id). */
  paymentId?: string;
}

/** A verified provider notification: the state it proves, plus the provider's event id if any. */
export interface ProviderEvent extends ProviderPaymentState {
  kind?: 'payment';
  provider: TPaymentProviderId;
  /** Provider event id (Stripe `evt_...`), for logs and de-duplication; absent when none. */
  eventId?: string;
}

/** A refund's state at the provider. `failed` covers the provider's cancelled and failed. */
export type ProviderRefundStatus = 'pending' | 'succeeded' | 'failed';

/** A provider's view of one refund of a provider payment, normalized. */
export interface ProviderRefund {
  /** The provider's refund id (Stripe `re_...`, YooKassa's refund id, Yandex Pay's operation id). */
  refundRef: string;
  /** The provider payment refunded. */
  providerRef: string;
  status: ProviderRefundStatus;
  amountMinor: number;
  currency: TCurrency;
  /** Our refund id when the provider echoes it back (metadata, external operation id). */
  refundId?: string;
  /** The provider's reason for a failed refund. */
  failureReason?: string;
}

export interface RefundInput {
  /** The provider payment to refund. */
  providerRef: string;
  /** Our refund id: sent as metadata / external operation id. */
  refundId: string;
  amountMinor: number;
  currency: TCurrency;
  /** Staff's words, kept with the refund where the provider has a place for them. */
  reason: string;
  /** The same key gives the same provider refund, whatever crashed in between. */
  idempotencyKey: string;
}

/**
 * An authentic notification that a provider payment's refunds changed (one was made at the
 * provider's dashboard, or one of ours finished): the module reads them back with `listRefunds`.
 */
export interface ProviderRefundNotice {
  kind: 'refund';
  provider: TPaymentProviderId;
  providerRef: string;
  eventId?: string;
}

export type ProviderDisputeStatus = 'open' | 'won' | 'lost';

/** A dispute (chargeback) the provider reports on a provider payment. */
export interface ProviderDisputeEvent {
  kind: 'dispute';
  provider: TPaymentProviderId;
  providerRef: string;
  eventId?: string;
  /** The provider's dispute id (Stripe `dp_...`). */
  disputeRef: string;
  status: ProviderDisputeStatus;
  amountMinor: number;
  currency: TCurrency;
  reason: string;
}

/** What a verified provider notification is about. */
export type ProviderNotification = ProviderEvent | ProviderRefundNotice | ProviderDisputeEvent;

export interface CreatePaymentInput {
  /** Our payment id; sent to the provider as metadata / order id. */
  paymentId: string;
  /** Integer minor units. */
  amountMinor: number;
  currency: TCurrency;
  description: string;
  /** Where the provider sends the player back (Yandex Pay redirects; unused by embedded widgets). */
  returnUrl: string;
  customerEmail?: string;
  /** The same key gives the same provider payment. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** What the provider screen needs to show the provider's own payment form. */
export type ProviderClientData =
  | { kind: 'stripe'; clientSecret: string }
  | { kind: 'yookassa'; confirmationToken: string }
  | { kind: 'yandex-pay'; paymentUrl: string }
  /** The product's sandbox screen completes the payment through `SandboxPaymentProvider.complete`. */
  | { kind: 'sandbox' };

export interface CreatedProviderPayment {
  providerRef: string;
  clientData: ProviderClientData;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** What a provider can do, where the payment rules depend on it. */
export interface ProviderCapabilities {
  /** The product's own sandbox. */
  readonly sandbox: boolean;
  /**
   * Real money: false for the sandbox and for a provider's test keys (Stripe `sk_test_`, a
   * YooKassa test shop's `test_` key, Yandex Pay's sandbox). Live payments go to live providers
   * only, test payments to test ones.
   */
  readonly livemode: boolean;
  /** An unpaid provider payment can be cancelled (an abandoned one is, when the player switches providers). */
  readonly cancelsUnpaid: boolean;
  /** A declined attempt leaves the provider payment open for another try (Stripe's PaymentIntent). */
  readonly retriesAfterDecline: boolean;
}

/**
 * One payment provider: Stripe, YooKassa, Yandex Pay, or the sandbox that stands
 * in for any of them.
 */
export interface PaymentProvider {
  readonly id: TPaymentProviderId;
  /** What the provider can do, for the rules that differ between providers. */
  readonly capabilities: ProviderCapabilities;
  createPayment(input: CreatePaymentInput): Promise<CreatedProviderPayment>;
  getPayment(providerRef: string): Promise<ProviderPaymentState>;
  /**
   * Cancels at the provider when the provider allows it and answers the state afterwards. A
   * payment the provider cannot cancel (YooKassa/Yandex Pay before the player paid) comes back
   * `pending`: the provider lets it expire by itself.
   */
  cancelPayment(providerRef: string): Promise<ProviderPaymentState>;
  /**
   * Verifies a provider notification and answers the state it proves. Throws
   * `WebhookVerificationError` when it is not authentic; answers null when it is authentic but
   * not about a payment (answer 2xx and ignore it, or the provider retries for days).
   */
  parseWebhook(rawBody: string | Buffer, headers: WebhookHeaders): Promise<ProviderNotification | null>;
  /**
   * Refunds a paid provider payment, fully or in part, through the provider's refund API. The
   * same `idempotencyKey` answers the same refund (a retry after a crash moves no money twice).
   * A refusal (more than is left, a payment not paid) throws `PaymentProviderError`.
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** Every refund of a provider payment, ours and those made at the provider's dashboard. */
  listRefunds(providerRef: string): Promise<ProviderRefund[]>;
}

/** An unsigned, forged, tampered, expired or unknown provider notification. Nothing changes. */
export class WebhookVerificationError extends AppError {
  constructor(
    readonly provider: TPaymentProviderId,
    reason: string,
  ) {
    super('WEBHOOK_NOT_VERIFIED', 400, `${provider} webhook refused: ${reason}`);
  }
}

/**
 * A provider call that failed: the network, a 5xx, or a refusal the provider explained. The
 * provider's own words stay in the log (the message); the player reads a plain sentence.
 */
export class PaymentProviderError extends AppError {
  override readonly publicMessage = 'The payment provider could not complete the request. Try again in a moment.';

  constructor(
    readonly provider: TPaymentProviderId,
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly providerStatus?: number,
    /** The provider's error code (`idempotency_error`, `invalid_request`, ...). */
    readonly providerCode?: string,
  ) {
    super('PAYMENT_PROVIDER_ERROR', 502, `${provider}: ${message}`);
  }

  /** Worth retrying later: no answer, 429 or 5xx. */
  get retryable(): boolean {
    return this.providerStatus === undefined || this.providerStatus === 429 || this.providerStatus >= 500;
  }
}

export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** The product sells each provider in one currency; anything else is a bug upstream. */
export function assertAmount(provider: TPaymentProviderId, input: CreatePaymentInput, currency: TCurrency): void {
  if (input.currency !== currency) {
    throw new PaymentProviderError(provider, `takes ${currency}, not ${input.currency}`);
  }
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
    throw new PaymentProviderError(provider, `amount must be a positive integer of minor units, not ${input.amountMinor}`);
  }
}
