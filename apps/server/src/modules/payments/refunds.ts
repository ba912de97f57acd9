import type { FastifyBaseLogger } from 'fastify';
import type { TPaymentProviderId } from '@portal/contracts/payments';
import type { PaymentRefundRow } from '../../db/schema.ts';
import type { PaymentProviders } from '../../integrations/payments/create-payment-providers.ts';
import {
  PaymentProviderError,
  type ProviderDisputeEvent,
  type ProviderRefund,
  type ProviderRefundNotice,
} from '../../integrations/payments/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { exponentialBackoff, type JobKind } from '../../lib/jobs/queue.ts';
import { REFUND_JOB } from './job-kinds.ts';
import type { RefundsRepository } from './refunds-repository.ts';
import { paymentNotFound, type PaymentsRepository } from './repository.ts';

export interface RefundsOptions {
  refunds: RefundsRepository;
  payments: PaymentsRepository;
  providers: PaymentProviders;
  log: FastifyBaseLogger;
  /** Called after a job was enqueued (a refund's webhook), so the worker picks it up at once. */
  onJobEnqueued?: (() => void) | undefined;
  /** When the job takes over a refund the request could not finish (default 30 s). */
  refundJobDelayMs?: number;
}

/** The outcome of a provider's refund or dispute notification, for logs and tests. */
export type NoticeOutcome = 'applied' | 'unchanged' | 'unknown-payment';

/**
 * Refunds and disputes of paid payments. Staff's refunds go through the provider's own refund
 * API under the refund's id as the idempotency key; refunds made at the provider and disputes
 * arrive by its webhooks and are recorded the same way. Each success tells the game server
 * (`payment.refunded`), each dispute's news too (`payment.disputed`).
 */
export class Refunds {
  constructor(private readonly options: RefundsOptions) {}

  /**
   * A refund by finance or admin staff: reserved (it must fit in what is left), then asked of the
   * provider at once. A provider's refusal answers REFUND_FAILED with its reason and frees the
   * money; a provider that does not answer leaves the refund pending for its job to finish.
   */
  async refund(request: { paymentId: string; amountMinor: number; reason: string; staffId: string | null }): Promise<PaymentRefundRow> {
    const payment = await this.options.payments.find(request.paymentId);
    if (!payment) throw paymentNotFound();
    const reserved = await this.options.refunds.reserve({
      paymentId: payment.id,
      amountMinor: request.amountMinor,
      reason: request.reason,
      createdBy: request.staffId,
      jobRunAt: new Date(Date.now() + (this.options.refundJobDelayMs ?? 30_000)),
    });
    try {
      await this.run(reserved.id);
    } catch (error) {
      this.options.log.warn({ err: error, refundId: reserved.id }, 'refund left pending for its job');
    }
    const after = (await this.options.refunds.find(reserved.id)) ?? reserved;
    if (after.status === 'failed') {
      throw new AppError('REFUND_FAILED', 502, `The provider refused the refund: ${after.failureReason ?? 'no reason given'}`);
    }
    return after;
  }

  /**
   * Asks the provider for a pending refund (the same refund whatever ran before: the refund id is
   * the idempotency key) and records its answer. Throws while the refund is not finished, so
   * the job asks again later.
   */
  async run(refundId: string): Promise<void> {
    const refund = await this.options.refunds.find(refundId);
    if (refund?.status !== 'pending') return;
    const provider = this.options.providers.get(refund.provider);
    let answer;
    try {
      answer = await provider.refund({
        providerRef: refund.providerRef,
        refundId: refund.id,
        amountMinor: refund.amountMinor,
        currency: refund.currency,
        reason: refund.reason,
        idempotencyKey: refund.id,
      });
    } catch (error) {
      if (error instanceof PaymentProviderError && !error.retryable) {
        await this.options.refunds.fail(refund.id, error.message);
        return;
      }
      throw error;
    }
    await this.record(refund.paymentId, refund.provider, { ...answer, refundId: refund.id });
    // Provider refunds seen while ours awaited its answer were left for now: read them all.
    await this.sync(refund.provider, refund.providerRef);
    const after = await this.options.refunds.find(refund.id);
    if (after?.status === 'pending') throw new Error('refund still pending at the provider');
  }

  /** A provider said a provider payment's refunds changed: they are read back and recorded. */
  async applyNotice(notice: ProviderRefundNotice): Promise<NoticeOutcome> {
    const attempt = await this.options.payments.attemptByRef(notice.provider, notice.providerRef);
    if (!attempt) {
      this.options.log.warn({ provider: notice.provider, providerRef: notice.providerRef }, 'refund notice for no known payment');
      return 'unknown-payment';
    }
    return (await this.sync(notice.provider, notice.providerRef)) ? 'applied' : 'unchanged';
  }

  /** A dispute the provider reports on one of our provider payments. */
  async applyDispute(event: ProviderDisputeEvent): Promise<NoticeOutcome> {
    const attempt = await this.options.payments.attemptByRef(event.provider, event.providerRef);
    if (!attempt) {
      this.options.log.warn({ provider: event.provider, providerRef: event.providerRef }, 'dispute for no known payment');
      return 'unknown-payment';
    }
    const changed = await this.options.refunds.recordDispute(attempt.paymentId, event);
    if (changed) this.options.onJobEnqueued?.();
    return changed ? 'applied' : 'unchanged';
  }

  jobKinds(): Record<string, JobKind> {
    return {
      // 30 s doubling to an hour, 40 tries: a provider's pending refund has more than a day to end.
      [REFUND_JOB]: {
        maxAttempts: 40,
        backoffMs: exponentialBackoff(30_000, 3_600_000),
        handler: (payload) => this.run(String(payload.refundId)),
      },
    };
  }

  /** Reads every refund of a provider payment and records each; answers whether any changed. */
  private async sync(provider: TPaymentProviderId, providerRef: string): Promise<boolean> {
    const attempt = await this.options.payments.attemptByRef(provider, providerRef);
    if (!attempt) return false;
    let changed = false;
    for (const seen of await this.options.providers.get(provider).listRefunds(providerRef)) {
      const recorded = await this.record(attempt.paymentId, provider, seen);
      changed ||= recorded;
    }
    return changed;
  }

  private async record(paymentId: string, provider: TPaymentProviderId, seen: ProviderRefund): Promise<boolean> {
    const recorded = await this.options.refunds.record(paymentId, provider, seen);
    if (recorded?.succeededNow) {
      this.options.onJobEnqueued?.();
      this.options.log.info({ paymentId, refundId: recorded.refund.id, amountMinor: recorded.refund.amountMinor }, 'refund succeeded');
    }
    return recorded?.succeededNow ?? false;
  }
}
