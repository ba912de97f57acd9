import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TPaymentProviderId } from '@portal/contracts/payments';
import type { Db } from '../../db/client.ts';
import {
  paymentDisputes,
  paymentRefunds,
  payments,
  type PaymentDisputeRow,
  type PaymentRefundRow,
  type PaymentRow,
} from '../../db/schema.ts';
import type { ProviderDisputeEvent, ProviderRefund } from '../../integrations/payments/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { enqueueJob } from '../../lib/jobs/queue.ts';
import { REFUND_JOB, WEBHOOK_JOB } from './job-kinds.ts';
import { paymentNotFound } from './repository.ts';

/** A refund staff asked for, before the provider heard of it. */
export interface RefundRequest {
  paymentId: string;
  amountMinor: number;
  reason: string;
  createdBy: string | null;
  /** When the job that finishes the refund runs, if the request itself could not. */
  jobRunAt: Date;
}

/** What recording a provider's refund did. */
export interface RecordedRefund {
  refund: PaymentRefundRow;
  payment: PaymentRow;
  /** The refund became succeeded now (its webhook was enqueued in the same transaction). */
  succeededNow: boolean;
}

/**
 * The refunds' and disputes' queries. Every change of a payment's refunds runs under the lock of
 * the payment's row, so two refunds racing (two staff, two processes, a webhook and the job)
 * decide one after the other: no money is reserved or counted twice.
 */
export function createRefundsRepository(
  db: Db,
  /** Runs in the transaction a refund succeeds in (the receipt is made again to show it). */
  onSucceeded?: (tx: Db, payment: PaymentRow) => Promise<void>,
) {
  const lockPayment = async (tx: Db, paymentId: string): Promise<PaymentRow> => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw paymentNotFound();
    return payment;
  };

  return {
    async find(id: string): Promise<PaymentRefundRow | undefined> {
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
      return row;
    },

    async ofPayment(paymentId: string): Promise<PaymentRefundRow[]> {
      return db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)).orderBy(asc(paymentRefunds.createdAt));
    },

    async disputesOf(paymentId: string): Promise<PaymentDisputeRow[]> {
      return db.select().from(paymentDisputes).where(eq(paymentDisputes.paymentId, paymentId)).orderBy(asc(paymentDisputes.createdAt));
    },

    async findDispute(id: string): Promise<PaymentDisputeRow | undefined> {
      const [row] = await db.select().from(paymentDisputes).where(eq(paymentDisputes.id, id));
      return row;
    },

    /**
     * Reserves a refund of a paid payment: it must fit in what is left once the pending and
     * succeeded refunds are counted. The refund row and the job that finishes it commit
     * together, so whatever crashes after, the provider is asked once under the refund's id.
     */
    async reserve(request: RefundRequest): Promise<PaymentRefundRow> {
      return db.transaction(async (tx) => {
        const payment = await lockPayment(tx, request.paymentId);
        if (payment.status !== 'paid' || !payment.provider || !payment.providerRef) {
          throw new AppError('PAYMENT_NOT_PAID', 409, 'Only a paid payment can be refunded');
        }
        const [taken] = await tx
          .select({ minor: sql<number>`coalesce(sum(${paymentRefunds.amountMinor}), 0)`.mapWith(Number) })
          .from(paymentRefunds)
          .where(and(eq(paymentRefunds.paymentId, payment.id), inArray(paymentRefunds.status, ['pending', 'succeeded'])));
        const left = payment.amountMinor - (taken?.minor ?? 0);
        if (request.amountMinor > left) {
          throw new AppError(
            'REFUND_EXCEEDS_REMAINING',
            409,
            left > 0
              ? `At most ${left} minor units of ${payment.currency} are left to refund`
              : 'Nothing is left to refund: the payment is refunded, or its refunds are under way',
          );
        }
        const now = new Date();
        const [refund] = await tx
          .insert(paymentRefunds)
          .values({
            id: randomUUID(),
            paymentId: payment.id,
            project: payment.project,
            provider: payment.provider,
            providerRef: payment.providerRef,
            amountMinor: request.amountMinor,
            currency: payment.currency,
            reason: request.reason,
            livemode: payment.livemode,
            status: 'pending',
            source: 'staff',
            createdBy: request.createdBy,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await enqueueJob(tx, REFUND_JOB, { refundId: refund!.id }, { runAt: request.jobRunAt });
        await recordAudit(tx, {
          staffId: request.createdBy,
          action: 'payment.refund',
          targetType: 'payment',
          targetId: payment.id,
          before: { refundedMinor: payment.refundedMinor },
          after: { refundId: refund!.id, amountMinor: refund!.amountMinor, currency: refund!.currency, reason: refund!.reason },
        });
        return refund!;
      });
    },

    /** A refund the provider refused outright: failed, and its money is free again. */
    async fail(refundId: string, reason: string): Promise<PaymentRefundRow | undefined> {
      const now = new Date();
      const [row] = await db
        .update(paymentRefunds)
        .set({ status: 'failed', failureReason: reason.slice(0, 500), updatedAt: now, finishedAt: now })
        .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'pending')))
        .returning();
      return row;
    },

    /**
     * Records what the provider says of one refund of the payment: ours (by our id, or by the
     * provider's id once known) moves forward (pending -> succeeded | failed), one made at the
     * provider is added. A success adds to the payment's refunded amount and enqueues its
     * `payment.refunded` webhook in the same transaction. Answers undefined for a provider refund
     * left for later: one of ours still waits for the provider's answer and may be this one.
     */
    async record(paymentId: string, provider: TPaymentProviderId, seen: ProviderRefund): Promise<RecordedRefund | undefined> {
      return db.transaction(async (tx) => {
        const payment = await lockPayment(tx, paymentId);
        const refunds = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
        let refund =
          refunds.find((row) => seen.refundId !== undefined && row.id === seen.refundId) ??
          refunds.find((row) => row.provider === provider && row.refundRef === seen.refundRef);
        const now = new Date();
        if (!refund) {
          if (refunds.some((row) => row.status === 'pending' && row.refundRef === null)) return undefined;
          const [inserted] = await tx
            .insert(paymentRefunds)
            .values({
              id: randomUUID(),
              paymentId,
              project: payment.project,
              provider,
              providerRef: seen.providerRef,
              refundRef: seen.refundRef,
              amountMinor: seen.amountMinor,
              currency: seen.currency,
              reason: 'Refunded at the provider',
              livemode: payment.livemode,
              status: 'pending',
              source: 'provider',
              createdAt: now,
              updatedAt: now,
            })
            .onConflictDoNothing()
            .returning();
          if (!inserted) return undefined;
          refund = inserted;
        }
        const moves = refund.status === 'pending' && seen.status !== 'pending';
        const [updated] = await tx
          .update(paymentRefunds)
          .set({
            refundRef: seen.refundRef,
            updatedAt: now,
            ...(moves && {
              status: seen.status,
              finishedAt: now,
              ...(seen.status === 'failed' && { failureReason: (seen.failureReason ?? 'refused by the provider').slice(0, 500) }),
            }),
          })
          .where(eq(paymentRefunds.id, refund.id))
          .returning();
        if (!(moves && seen.status === 'succeeded')) return { refund: updated!, payment, succeededNow: false };
        const [after] = await tx
          .update(payments)
          .set({ refundedMinor: sql`${payments.refundedMinor} + ${refund.amountMinor}`, updatedAt: now })
          .where(eq(payments.id, paymentId))
          .returning();
        await enqueueJob(tx, WEBHOOK_JOB, { paymentId, refundId: refund.id });
        await onSucceeded?.(tx, after!);
        return { refund: updated!, payment: after!, succeededNow: true };
      });
    },

    /**
     * Records a dispute's news: a new dispute, or a new state of a known one, enqueues its
     * `payment.disputed` webhook in the same transaction. Answers whether anything changed.
     */
    async recordDispute(paymentId: string, event: ProviderDisputeEvent): Promise<boolean> {
      return db.transaction(async (tx) => {
        const payment = await lockPayment(tx, paymentId);
        const now = new Date();
        const [known] = await tx
          .select()
          .from(paymentDisputes)
          .where(and(eq(paymentDisputes.provider, event.provider), eq(paymentDisputes.disputeRef, event.disputeRef)));
        if (known && known.status === event.status && known.amountMinor === event.amountMinor) return false;
        const values = {
          status: event.status,
          amountMinor: event.amountMinor,
          currency: event.currency,
          reason: event.reason.slice(0, 200),
        };
        const [row] = known
          ? await tx
              .update(paymentDisputes)
              .set({ ...values, updatedAt: now })
              .where(eq(paymentDisputes.id, known.id))
              .returning()
          : await tx
              .insert(paymentDisputes)
              .values({
                id: randomUUID(),
                paymentId,
                project: payment.project,
                provider: event.provider,
                disputeRef: event.disputeRef,
                livemode: payment.livemode,
                ...values,
                createdAt: now,
                updatedAt: now,
              })
              .returning();
        await enqueueJob(tx, WEBHOOK_JOB, { paymentId, disputeId: row!.id, disputeStatus: row!.status });
        return true;
      });
    },
  };
}

export type RefundsRepository = ReturnType<typeof createRefundsRepository>;
