import { randomUUID } from 'node:crypto';
import { PAYMENT_PROVIDER_CONFIG, type TCurrency, type TPaymentProviderId } from '@portal/contracts/payments';
import { AppError } from '../../lib/app-error.ts';
import {
  PaymentProviderError,
  WebhookVerificationError,
  assertAmount,
  type CreatePaymentInput,
  type CreatedProviderPayment,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderNotification,
  type ProviderPaymentState,
  type ProviderRefund,
  type RefundInput,
  type ProviderPaymentStatus,
  type WebhookHeaders,
  type ProviderCapabilities,
} from './types.ts';

/** One payment of the product's own sandbox. */
export interface SandboxPaymentRecord {
  providerRef: string;
  /** The provider the sandbox stands in for. */
  provider: TPaymentProviderId;
  paymentId: string;
  amountMinor: number;
  currency: TCurrency;
  idempotencyKey: string;
  status: ProviderPaymentStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** One refund of a sandbox payment. */
export interface SandboxRefundRecord {
  refundRef: string;
  providerRef: string;
  provider: TPaymentProviderId;
  refundId: string;
  amountMinor: number;
  currency: TCurrency;
  idempotencyKey: string;
  status: 'succeeded' | 'failed';
  failureReason: string | null;
  createdAt: Date;
}

/**
 * Where sandbox payments live. The payments module backs it with a table so that every server
 * process sees the same sandbox; `createMemorySandboxStore` serves tests and single processes.
 */
export interface SandboxPaymentStore {
  /** Inserts, unless the provider already has a record under the idempotency key: then answers that one. */
  insertOrGet(record: SandboxPaymentRecord): Promise<SandboxPaymentRecord>;
  get(providerRef: string): Promise<SandboxPaymentRecord | undefined>;
  /** Compare-and-set: moves `from` -> `to` and answers true, or answers false when the status was not `from`. */
  transition(providerRef: string, from: ProviderPaymentStatus, to: ProviderPaymentStatus, at: Date): Promise<boolean>;
  /**
   * Records a refund unless the provider has one under the idempotency key (then answers that
   * one). `decide` sees the payment's refunds recorded so far, under a lock of the payment, and
   * says whether this one succeeds: the sandbox refunds at most what was paid, like a provider.
   */
  insertRefundOrGet(
    record: Omit<SandboxRefundRecord, 'status' | 'failureReason'>,
    decide: (earlier: SandboxRefundRecord[]) => Pick<SandboxRefundRecord, 'status' | 'failureReason'>,
  ): Promise<SandboxRefundRecord>;
  refunds(providerRef: string): Promise<SandboxRefundRecord[]>;
}

export function createMemorySandboxStore(): SandboxPaymentStore {
  const byRef = new Map<string, SandboxPaymentRecord>();
  const byKey = new Map<string, string>();
  const refunds: SandboxRefundRecord[] = [];
  return {
    async insertRefundOrGet(record, decide) {
      const existing = refunds.find((refund) => refund.provider === record.provider && refund.idempotencyKey === record.idempotencyKey);
      if (existing) return structuredClone(existing);
      const stored = { ...record, ...decide(refunds.filter((refund) => refund.providerRef === record.providerRef)) };
      refunds.push(stored);
      return structuredClone(stored);
    },
    async refunds(providerRef) {
      return refunds.filter((refund) => refund.providerRef === providerRef).map((refund) => structuredClone(refund));
    },
    async insertOrGet(record) {
      const key = `${record.provider}\n${record.idempotencyKey}`;
      const existing = byKey.get(key);
      if (existing) return structuredClone(byRef.get(existing) as SandboxPaymentRecord);
      byRef.set(record.providerRef, structuredClone(record));
      byKey.set(key, record.providerRef);
      return structuredClone(record);
    },
    async get(providerRef) {
      const record = byRef.get(providerRef);
      return record && structuredClone(record);
    },
    async transition(providerRef, from, to, at) {
      const record = byRef.get(providerRef);
      if (record?.status !== from) return false;
      record.status = to;
      record.updatedAt = at;
      return true;
    },
  };
}

export type SandboxOutcome = 'paid' | 'fail' | 'canceled';

/** The sandbox payment was already paid, failed or cancelled: it moves forward only. */
export class SandboxPaymentFinishedError extends AppError {
  constructor(
    readonly providerRef: string,
    readonly status: ProviderPaymentStatus,
  ) {
    super('PAYMENT_ALREADY_FINISHED', 409, `sandbox payment ${providerRef} is already ${status}`);
  }
}

export interface SandboxProviderOptions {
  /** The provider this sandbox stands in for; its currency comes from the provider config. */
  provider: TPaymentProviderId;
  store: SandboxPaymentStore;
  /**
   * Receives the same normalized events a real provider's webhook would give. Called after the
   * store moved; if it throws, the error reaches the caller of `complete`, and the payments
   * module's reconciliation (which reads `getPayment`) still finds the final state.
   */
  onEvent: (event: ProviderEvent) => void | Promise<void>;
  now?: () => Date;
}

/**
 * The product's own provider, used when a provider has no keys: payments wait in the store
 * until the sandbox provider screen calls `complete` with what the player chose.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly id: TPaymentProviderId;
  readonly capabilities: ProviderCapabilities = { sandbox: true, livemode: false, cancelsUnpaid: true, retriesAfterDecline: false };
  private readonly currency: TCurrency;
  private readonly now: () => Date;

  constructor(private readonly options: SandboxProviderOptions) {
    this.id = options.provider;
    this.currency = PAYMENT_PROVIDER_CONFIG[options.provider].currency;
    this.now = options.now ?? (() => new Date());
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedProviderPayment> {
    assertAmount(this.id, input, this.currency);
    const at = this.now();
    const record = await this.options.store.insertOrGet({
      providerRef: `sbx_${this.id}_${randomUUID()}`,
      provider: this.id,
      paymentId: input.paymentId,
      amountMinor: input.amountMinor,
      currency: input.currency,
      idempotencyKey: input.idempotencyKey,
      status: 'pending',
      createdAt: at,
      updatedAt: at,
    });
    if (record.paymentId !== input.paymentId || record.amountMinor !== input.amountMinor || record.currency !== input.currency) {
      throw new PaymentProviderError(this.id, 'idempotency key reused with other parameters', 400, 'idempotency_error');
    }
    return { providerRef: record.providerRef, clientData: { kind: 'sandbox' } };
  }

  async getPayment(providerRef: string): Promise<ProviderPaymentState> {
    return stateOf(await this.mustGet(providerRef));
  }

  /** Cancels a pending sandbox payment (emitting the event, as Stripe would); a finished one is answered as is. */
  async cancelPayment(providerRef: string): Promise<ProviderPaymentState> {
    const record = await this.mustGet(providerRef);
    if (record.status !== 'pending') return stateOf(record);
    try {
      return await this.complete(providerRef, 'canceled');
    } catch (error) {
      if (error instanceof SandboxPaymentFinishedError) return this.getPayment(providerRef);
      throw error;
    }
  }

  /**
   * Refunds a paid sandbox payment at once: it succeeds while the refunds stay within what was
   * paid, and fails with the provider's kind of reason otherwise, as a real provider answers.
   */
  async refund(input: RefundInput): Promise<ProviderRefund> {
    const payment = await this.mustGet(input.providerRef);
    const record = await this.options.store.insertRefundOrGet(
      {
        refundRef: `sbx_re_${randomUUID()}`,
        providerRef: input.providerRef,
        provider: this.id,
        refundId: input.refundId,
        amountMinor: input.amountMinor,
        currency: input.currency,
        idempotencyKey: input.idempotencyKey,
        createdAt: this.now(),
      },
      (earlier) => {
        const refunded = earlier.filter((refund) => refund.status === 'succeeded').reduce((sum, refund) => sum + refund.amountMinor, 0);
        if (payment.status !== 'paid') return { status: 'failed', failureReason: 'payment_not_paid' };
        if (input.currency !== payment.currency || input.amountMinor < 1 || refunded + input.amountMinor > payment.amountMinor) {
          return { status: 'failed', failureReason: 'amount_exceeds_remaining' };
        }
        return { status: 'succeeded', failureReason: null };
      },
    );
    if (record.refundId !== input.refundId || record.amountMinor !== input.amountMinor) {
      throw new PaymentProviderError(this.id, 'idempotency key reused with other parameters', 400, 'idempotency_error');
    }
    return refundOf(record);
  }

  async listRefunds(providerRef: string): Promise<ProviderRefund[]> {
    await this.mustGet(providerRef);
    return (await this.options.store.refunds(providerRef)).map(refundOf);
  }

  async parseWebhook(_rawBody: string | Buffer, _headers: WebhookHeaders): Promise<ProviderNotification | null> {
    throw new WebhookVerificationError(this.id, 'the sandbox sends no webhooks');
  }

  /**
   * What the sandbox provider screen calls when the player pays, fails or cancels. Forward only:
   * a payment that is no longer pending refuses with `SandboxPaymentFinishedError`.
   */
  async complete(providerRef: string, outcome: SandboxOutcome): Promise<ProviderEvent> {
    const record = await this.mustGet(providerRef);
    const moved = await this.options.store.transition(providerRef, 'pending', outcome, this.now());
    if (!moved) {
      const current = await this.mustGet(providerRef);
      throw new SandboxPaymentFinishedError(providerRef, current.status);
    }
    const event: ProviderEvent = { ...stateOf({ ...record, status: outcome }), provider: this.id, eventId: `sbx_evt_${randomUUID()}` };
    await this.options.onEvent(event);
    return event;
  }

  private async mustGet(providerRef: string): Promise<SandboxPaymentRecord> {
    const record = await this.options.store.get(providerRef);
    if (record?.provider !== this.id) throw new PaymentProviderError(this.id, `no sandbox payment ${providerRef}`, 404, 'not_found');
    return record;
  }
}

function stateOf(record: SandboxPaymentRecord): ProviderPaymentState {
  return {
    providerRef: record.providerRef,
    status: record.status,
    amountMinor: record.amountMinor,
    currency: record.currency,
    paymentId: record.paymentId,
  };
}

function refundOf(record: SandboxRefundRecord): ProviderRefund {
  return {
    refundRef: record.refundRef,
    providerRef: record.providerRef,
    status: record.status,
    amountMinor: record.amountMinor,
    currency: record.currency,
    refundId: record.refundId,
    ...(record.failureReason && { failureReason: record.failureReason }),
  };
}
