import Stripe from 'stripe';
import { ZCurrency, PAYMENT_PROVIDER_CONFIG } from '@portal/contracts/payments';
import {
  PaymentProviderError,
  WebhookVerificationError,
  assertAmount,
  headerValue,
  type CreatePaymentInput,
  type CreatedProviderPayment,
  type PaymentProvider,
  type ProviderDisputeStatus,
  type ProviderNotification,
  type ProviderPaymentState,
  type ProviderRefund,
  type RefundInput,
  type ProviderPaymentStatus,
  type WebhookHeaders,
  type ProviderCapabilities,
} from './types.ts';

export interface StripeProviderOptions {
  /** `sk_live_...` / `sk_test_...`. */
  secretKey: string;
  /** The endpoint's signing secret, `whsec_...`. */
  webhookSecret: string;
  /** API origin, e.g. `http://127.0.0.1:4010` for a local server; default Stripe's own. */
  apiBaseUrl?: string;
  /** Oldest signed timestamp accepted, in seconds; Stripe's documented default is 300. */
  webhookToleranceSeconds?: number;
  /** Retries of failed network calls by the SDK (each retry keeps the idempotency key). */
  maxNetworkRetries?: number;
  timeoutMs?: number;
  /** Clock in ms, for tests of the tolerance. */
  now?: () => number;
}

const ID = 'stripe';
const CURRENCY = PAYMENT_PROVIDER_CONFIG.stripe.currency;

/** Stripe PaymentIntents through the official SDK; webhooks checked with `constructEvent`. */
export class StripePaymentProvider implements PaymentProvider {
  readonly id = ID;
  readonly capabilities: ProviderCapabilities;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    // Stripe's keys say their mode: sk_test_/rk_test_ move no real money.
    this.capabilities = {
      sandbox: false,
      livemode: !/^(sk|rk)_test_/.test(options.secretKey),
      cancelsUnpaid: true,
      retriesAfterDecline: true,
    };
    const base = options.apiBaseUrl ? new URL(options.apiBaseUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'http:' ? 80 : 443),
        protocol: base.protocol === 'http:' ? 'http' : 'https',
      }),
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
    });
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedProviderPayment> {
    assertAmount(ID, input, CURRENCY);
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          description: input.description,
          ...(input.customerEmail && { receipt_email: input.customerEmail }),
          metadata: { ...input.metadata, paymentId: input.paymentId },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!intent.client_secret) throw new PaymentProviderError(ID, `PaymentIntent ${intent.id} came without a client secret`);
    return { providerRef: intent.id, clientData: { kind: 'stripe', clientSecret: intent.client_secret } };
  }

  async getPayment(providerRef: string): Promise<ProviderPaymentState> {
    return stateOf(await this.call(() => this.stripe.paymentIntents.retrieve(providerRef)));
  }

  async cancelPayment(providerRef: string): Promise<ProviderPaymentState> {
    const current = await this.getPayment(providerRef);
    // Succeeded and canceled intents cannot be canceled; answer what they are.
    if (current.status === 'paid' || current.status === 'canceled') return current;
    return stateOf(await this.call(() => this.stripe.paymentIntents.cancel(providerRef)));
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    const refund = await this.call(() =>
      this.stripe.refunds.create(
        {
          payment_intent: input.providerRef,
          amount: input.amountMinor,
          metadata: { refundId: input.refundId, reason: input.reason.slice(0, 500) },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return refundOf(refund);
  }

  async listRefunds(providerRef: string): Promise<ProviderRefund[]> {
    const refunds: ProviderRefund[] = [];
    // Auto-pagination: a payment has few refunds, but every one of them counts.
    await this.call(() =>
      this.stripe.refunds.list({ payment_intent: providerRef, limit: 100 }).autoPagingEach((refund) => {
        refunds.push(refundOf(refund));
      }),
    );
    return refunds;
  }

  async parseWebhook(rawBody: string | Buffer, headers: WebhookHeaders): Promise<ProviderNotification | null> {
    const signature = headerValue(headers, 'stripe-signature');
    if (!signature) throw new WebhookVerificationError(ID, 'no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.options.webhookSecret,
        this.options.webhookToleranceSeconds ?? 300,
        undefined,
        this.options.now?.(),
      );
    } catch (error) {
      throw new WebhookVerificationError(ID, error instanceof Error ? error.message : 'bad signature');
    }
    const object = event.data.object as { object?: string };
    if (object.object === 'payment_intent') return { ...stateOf(object as Stripe.PaymentIntent), provider: ID, eventId: event.id };
    // charge.refunded, refund.created/updated/failed, charge.refund.updated: the refunds of
    // that intent are read back, ours and those made in Stripe's dashboard alike.
    if (object.object === 'charge' && event.type === 'charge.refunded') {
      const intent = idOf((object as Stripe.Charge).payment_intent);
      return intent ? { kind: 'refund', provider: ID, providerRef: intent, eventId: event.id } : null;
    }
    if (object.object === 'refund') {
      const intent = idOf((object as Stripe.Refund).payment_intent);
      return intent ? { kind: 'refund', provider: ID, providerRef: intent, eventId: event.id } : null;
    }
    if (object.object === 'dispute') {
      const dispute = object as Stripe.Dispute;
      const intent = idOf(dispute.payment_intent);
      const currency = ZCurrency.safeParse(dispute.currency.toUpperCase());
      if (!intent || !currency.success) return null;
      return {
        kind: 'dispute',
        provider: ID,
        providerRef: intent,
        eventId: event.id,
        disputeRef: dispute.id,
        status: disputeStatus(dispute.status),
        amountMinor: dispute.amount,
        currency: currency.data,
        reason: dispute.reason,
      };
    }
    return null;
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        throw new PaymentProviderError(ID, error.message, error.statusCode, error.code ?? error.rawType ?? error.type);
      }
      throw new PaymentProviderError(ID, error instanceof Error ? error.message : String(error));
    }
  }
}

/**
 * A failed attempt leaves an intent at `requires_payment_method` with `last_payment_error`: we
 * call that `fail` (the player sees "not successful, please try again"); a fresh one is `pending`.
 */
export function stripeStatus(intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>): ProviderPaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'paid';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      return intent.last_payment_error ? 'fail' : 'pending';
    default:
      return 'pending';
  }
}

function stateOf(intent: Stripe.PaymentIntent): ProviderPaymentState {
  const currency = ZCurrency.safeParse(intent.currency.toUpperCase());
  if (!currency.success) throw new PaymentProviderError(ID, `PaymentIntent ${intent.id} is in ${intent.currency}`);
  const paymentId = intent.metadata?.paymentId;
  return {
    providerRef: intent.id,
    status: stripeStatus(intent),
    amountMinor: intent.amount,
    currency: currency.data,
    ...(paymentId && { paymentId }),
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** Stripe's dispute statuses: `won` and `warning_closed` end in the merchant's favour, `lost` not; the rest are open. */
export function disputeStatus(status: Stripe.Dispute.Status): ProviderDisputeStatus {
  if (status === 'won' || status === 'warning_closed') return 'won';
  if (status === 'lost') return 'lost';
  return 'open';
}

function refundOf(refund: Stripe.Refund): ProviderRefund {
  const currency = ZCurrency.safeParse(refund.currency.toUpperCase());
  if (!currency.success) throw new PaymentProviderError(ID, `refund ${refund.id} is in ${refund.currency}`);
  const providerRef = idOf(refund.payment_intent);
  if (!providerRef) throw new PaymentProviderError(ID, `refund ${refund.id} names no PaymentIntent`);
  const refundId = refund.metadata?.refundId;
  return {
    refundRef: refund.id,
    providerRef,
    // requires_action (a bank transfer refund waiting for the customer's details) is still pending.
    status: refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending',
    amountMinor: refund.amount,
    currency: currency.data,
    ...(refundId && { refundId }),
    ...(refund.failure_reason && { failureReason: refund.failure_reason }),
  };
}
