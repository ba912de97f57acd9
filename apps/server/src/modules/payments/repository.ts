import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Language } from '@portal/contracts/languages';
import type { TCurrency, TPaymentProviderId } from '@portal/contracts/payments';
import type { Db } from '../../db/client.ts';
import {
  games,
  paymentAttempts,
  paymentEvents,
  paymentProfiles,
  payments,
  prices,
  projectWebhooks,
  projects,
  users,
  webhookDeliveries,
  type PaymentAttemptRow,
  type WebhookDeliveryRow,
  type PaymentRow,
} from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueJob } from '../../lib/jobs/queue.ts';
import { RECONCILE_JOB, WEBHOOK_JOB } from './job-kinds.ts';
import type { PaymentState } from './state-machine.ts';

/** The transaction a payment moves in. */
export type PaymentTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export type NewPayment = typeof payments.$inferInsert;

/** The provider payment an attempt records and the payment then charges. */
export interface AttemptRecord {
  paymentId: string;
  provider: TPaymentProviderId;
  providerRef: string;
  amountMinor: number;
  currency: TCurrency;
  receiptEmail: string | null;
  /** The page language the player pays in (their receipt letter's), when known. */
  language?: Language | undefined;
  /** When the provider is asked about a payment left unfinished; unset: no reconciliation job (the attempt was recorded before). */
  reconcileAt?: Date | undefined;
  now: Date;
}

/** What `move` applies to a payment read in its transaction. */
export interface MoveStep {
  /** The provider event behind the move, recorded once: a second one is a replay. */
  event?: { provider: TPaymentProviderId; eventId: string; status: string } | undefined;
  /** The next state of the payment read, or null when the move changes nothing. */
  next(current: PaymentRow): PaymentState | null;
  /** The provider payment behind the move, when the payment takes it over. */
  payingAttempt?: PaymentAttemptRow | undefined;
  /** Runs in the transaction after a paid update (receipts enqueue their job there). */
  onPaid?: ((tx: PaymentTransaction, payment: PaymentRow) => Promise<void>) | undefined;
}

export type MoveResult = 'replayed' | 'raced' | { payment: PaymentRow; changed: boolean };

/** The answer to a payment id that names no payment (of the caller). */
export const paymentNotFound = () => new AppError('PAYMENT_NOT_FOUND', 404, 'Payment not found');

const UUID = /^[0-9a-f-]{36}$/i;
const STRICT_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payments' queries: payments, their provider attempts and events, receipt profiles. */
export function createPaymentsRepository(db: Db) {
  return {
    async find(id: string): Promise<PaymentRow | undefined> {
      if (!UUID.test(id)) return undefined;
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    async findByIdempotencyKey(project: string, key: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.project, project), eq(payments.idempotencyKey, key)));
      return row;
    },

    async search(filter: { userId?: string | undefined; project?: string | undefined }, limit: number): Promise<PaymentRow[]> {
      const where: SQL[] = [];
      if (filter.userId) where.push(eq(payments.userId, filter.userId));
      if (filter.project) where.push(eq(payments.project, filter.project));
      return db
        .select()
        .from(payments)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(payments.createdAt))
        .limit(limit);
    },

    /** The player's purchases: a payment never started (no provider chosen, not finished) is an offer, not a purchase. */
    async purchases(userId: string, project: string | undefined, limit: number): Promise<PaymentRow[]> {
      const where = [
        eq(payments.userId, userId),
        ...(project ? [eq(payments.project, project)] : []),
        or(isNotNull(payments.provider), isNotNull(payments.finishedAt), ne(payments.status, 'none')),
      ];
      return db
        .select()
        .from(payments)
        .where(and(...where))
        .orderBy(desc(payments.createdAt))
        .limit(limit);
    },

    /** An item of the project's price list on offer (an archived item sells no more). */
    async price(project: string, priceId: string) {
      const [row] = await db
        .select()
        .from(prices)
        .where(and(eq(prices.id, priceId), eq(prices.project, project), eq(prices.archived, false)));
      return row;
    },

    /** Inserts a payment; undefined when its idempotency key is taken already. */
    async insert(values: NewPayment): Promise<PaymentRow | undefined> {
      const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** `userId` is the id of a portal player (a deleted account is no longer one). */
    async playerExists(userId: string): Promise<boolean> {
      if (!STRICT_UUID.test(userId)) return false;
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row !== undefined;
    },

    async project(name: string) {
      const [row] = await db.select().from(projects).where(eq(projects.name, name));
      return row;
    },

    async game(project: string) {
      const [row] = await db.select().from(games).where(eq(games.project, project));
      return row;
    },

    async gameLocalizations(projectNames: string[]) {
      return db
        .select({ project: games.project, localization: games.localization })
        .from(games)
        .where(inArray(games.project, projectNames));
    },

    async webhookTarget(project: string) {
      const [row] = await db.select().from(projectWebhooks).where(eq(projectWebhooks.project, project));
      return row;
    },

    async profileReceiptEmail(userId: string): Promise<string | null | undefined> {
      const [profile] = await db.select().from(paymentProfiles).where(eq(paymentProfiles.userId, userId));
      return profile?.receiptEmail;
    },

    /** The player's receipt address, taken by their unfinished payments too. */
    /**
     * The player's receipt e-mail: kept in their payment profile and given to their unfinished
     * payments. With `project` (a host's token) only that project's unfinished payments take it;
     * the profile, which every project's payments start from, is the player's own to change.
     */
    async setReceiptEmail(userId: string, email: string, now: Date, project?: string): Promise<void> {
      if (project === undefined) {
        await db
          .insert(paymentProfiles)
          .values({ userId, receiptEmail: email, updatedAt: now })
          .onConflictDoUpdate({ target: paymentProfiles.userId, set: { receiptEmail: email, updatedAt: now } });
      }
      await db
        .update(payments)
        .set({ receiptEmail: email, updatedAt: now })
        .where(
          and(eq(payments.userId, userId), isNull(payments.finishedAt), project === undefined ? undefined : eq(payments.project, project)),
        );
    },

    /** Account deletion: the receipt e-mail leaves the player's payments and payment profile. */
    async erasePersonalData(tx: Db, userId: string): Promise<void> {
      await tx.delete(paymentProfiles).where(eq(paymentProfiles.userId, userId));
      await tx.update(payments).set({ receiptEmail: null }).where(eq(payments.userId, userId));
    },

    /** The provider payments made for a payment, oldest first. */
    async attempts(paymentId: string): Promise<PaymentAttemptRow[]> {
      return db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, paymentId)).orderBy(asc(paymentAttempts.id));
    },

    async attemptByRef(provider: TPaymentProviderId, providerRef: string): Promise<PaymentAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.providerRef, providerRef)));
      return row;
    },

    /**
     * Records a provider payment made for a payment, in one transaction: the attempt row, the
     * payment charging it (unless finished meanwhile) and, with `reconcileAt`, the job that asks
     * the provider about it then. Answers the updated payment, or undefined when it is finished
     * (the attempt stays recorded: its provider payment exists).
     */
    async recordAttempt(record: AttemptRecord): Promise<PaymentRow | undefined> {
      return db.transaction(async (tx) => {
        const { paymentId, provider, providerRef, amountMinor, currency } = record;
        await tx.insert(paymentAttempts).values({ paymentId, provider, providerRef, amountMinor, currency }).onConflictDoNothing();
        const [updated] = await tx
          .update(payments)
          .set({
            provider,
            providerRef,
            amountMinor,
            currency,
            receiptEmail: record.receiptEmail,
            ...(record.language && { language: record.language }),
            updatedAt: record.now,
          })
          .where(and(eq(payments.id, paymentId), isNull(payments.finishedAt)))
          .returning();
        if (!updated) return undefined;
        if (record.reconcileAt) await enqueueJob(tx, RECONCILE_JOB, { paymentId, providerRef }, { runAt: record.reconcileAt });
        return updated;
      });
    },

    /**
     * One move of a payment with a compare-and-set on the status read, so two processes racing on
     * one payment cannot both move it ('raced': read again and retry); a final status enqueues
     * the game server's webhook in the same transaction.
     */
    async move(id: string, step: MoveStep): Promise<MoveResult> {
      return db.transaction(async (tx) => {
        if (step.event) {
          const recorded = await tx
            .insert(paymentEvents)
            .values({
              provider: step.event.provider,
              eventId: step.event.eventId,
              paymentId: id,
              status: step.event.status,
              outcome: 'seen',
            })
            .onConflictDoNothing()
            .returning({ id: paymentEvents.id });
          if (recorded.length === 0) return 'replayed' as const;
        }
        const [current] = await tx.select().from(payments).where(eq(payments.id, id));
        // Thrown, so the event recorded above is rolled back with it.
        if (!current) throw paymentNotFound();
        const next = step.next(current);
        if (!next) return { payment: current, changed: false };
        const now = new Date();
        const paying = step.payingAttempt;
        const [updated] = await tx
          .update(payments)
          .set({
            status: next.status,
            updatedAt: now,
            ...(next.finished ? { finishedAt: now } : {}),
            ...(next.status === 'paid' ? { paidAt: now } : {}),
            ...(paying
              ? { provider: paying.provider, providerRef: paying.providerRef, amountMinor: paying.amountMinor, currency: paying.currency }
              : {}),
          })
          .where(and(eq(payments.id, id), eq(payments.status, current.status), isNull(payments.finishedAt)))
          .returning();
        if (!updated) return 'raced' as const;
        if (next.finished) await enqueueJob(tx, WEBHOOK_JOB, { paymentId: id });
        if (updated.status === 'paid' && step.onPaid) await step.onPaid(tx, updated);
        return { payment: updated, changed: true };
      });
    },

    /** One line of the deliveries log. */
    async recordDelivery(delivery: NewWebhookDelivery): Promise<WebhookDeliveryRow> {
      const [row] = await db.insert(webhookDeliveries).values(delivery).returning();
      return row!;
    },

    async findDelivery(project: string, id: number): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.project, project), eq(webhookDeliveries.id, id)));
      return row;
    },

    /** A project's deliveries, newest first; `before` is the id of the last line already shown. */
    async listDeliveries(project: string, options: { before?: number | undefined; limit: number; paymentId?: string | undefined }) {
      const where: SQL[] = [eq(webhookDeliveries.project, project)];
      if (options.before) where.push(lt(webhookDeliveries.id, options.before));
      if (options.paymentId) where.push(eq(webhookDeliveries.paymentId, options.paymentId));
      return db
        .select()
        .from(webhookDeliveries)
        .where(and(...where))
        .orderBy(desc(webhookDeliveries.id))
        .limit(options.limit);
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;
