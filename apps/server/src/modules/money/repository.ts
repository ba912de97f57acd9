import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { fromMinorUnits, type TCurrency } from '@portal/contracts/payments';
import type {
  TMoneyPaymentDetail,
  TMoneyPaymentsPage,
  TRevenueQuery,
  TRevenueReport,
  ZMoneyPaymentsQuery,
} from '@portal/contracts/money-console';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { paymentAttempts, paymentEvents, payments, users, webhookDeliveries } from '../../db/schema.ts';
import { toDelivery, toStaff } from '../payments/mappers.ts';

type PaymentsQuery = z.output<typeof ZMoneyPaymentsQuery>;

/** How many of a payment's webhook deliveries its detail lists (the newest). */
export const PAYMENT_DELIVERIES_SHOWN = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The next UTC day of an ISO date: ranges are [from, to + 1 day). */
const dayAfter = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
const startOf = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** Read-only queries of the money pages: they never change a payment. */
export function createMoneyRepository(db: Db) {
  return {
    async searchPayments(query: PaymentsQuery): Promise<TMoneyPaymentsPage> {
      const where: SQL[] = [];
      const q = query.q?.trim();
      if (q) {
        const byEmail = q.includes('@')
          ? sql`${payments.userId} in (select ${users.id}::text from ${users} where ${users.email} = ${q.toLowerCase()})`
          : undefined;
        const byId = UUID.test(q) ? eq(payments.id, q) : undefined;
        where.push(or(...[byId, eq(payments.userId, q), byEmail].filter((clause) => clause !== undefined))!);
      }
      if (query.project) where.push(eq(payments.project, query.project));
      if (query.status) where.push(eq(payments.status, query.status));
      if (query.provider) where.push(eq(payments.provider, query.provider));
      if (query.from) where.push(gte(payments.createdAt, startOf(query.from)));
      if (query.to) where.push(lt(payments.createdAt, dayAfter(query.to)));
      const filter = where.length > 0 ? and(...where) : undefined;
      const column = { createdAt: payments.createdAt, amount: payments.amountMinor, status: payments.status }[query.sort];
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(payments)
          .where(filter)
          .orderBy(direction(column), direction(payments.createdAt), asc(payments.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(payments)
          .where(filter),
      ]);
      return { items: rows.map((row) => toStaff(row)), total: counted?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    async paymentDetail(id: string): Promise<TMoneyPaymentDetail | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      if (!row) return null;
      const [player] = UUID.test(row.userId) ? await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)) : [];
      const [attempts, events, deliveries] = await Promise.all([
        db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, id)).orderBy(asc(paymentAttempts.id)),
        db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id)).orderBy(asc(paymentEvents.id)),
        // The newest ones, listed oldest first like the attempts and events.
        db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.paymentId, id))
          .orderBy(desc(webhookDeliveries.id))
          .limit(PAYMENT_DELIVERIES_SHOWN),
      ]);
      return {
        payment: toStaff(row),
        playerEmail: player?.email ?? null,
        attempts: attempts.map((attempt) => ({
          provider: attempt.provider,
          providerRef: attempt.providerRef,
          amountMinor: attempt.amountMinor,
          currency: attempt.currency,
          createdAt: attempt.createdAt.toISOString(),
        })),
        providerEvents: events.map((event) => ({
          provider: event.provider,
          eventId: event.eventId,
          status: event.status,
          outcome: event.outcome,
          receivedAt: event.receivedAt.toISOString(),
        })),
        webhookDeliveries: deliveries.reverse().map(toDelivery),
      };
    },

    /** Paid payments per UTC day of payment, project and currency, with per-currency totals. */
    async revenue(query: TRevenueQuery): Promise<TRevenueReport> {
      const day = sql<string>`to_char(${payments.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const where: SQL[] = [
        eq(payments.status, 'paid'),
        gte(payments.paidAt, startOf(query.from)),
        lt(payments.paidAt, dayAfter(query.to)),
      ];
      if (query.project) where.push(eq(payments.project, query.project));
      if (query.currency) where.push(eq(payments.currency, query.currency));
      const rows = await db
        .select({
          day,
          project: payments.project,
          currency: payments.currency,
          payments: sql<number>`count(*)`.mapWith(Number),
          amountMinor: sql<number>`sum(${payments.amountMinor})`.mapWith(Number),
        })
        .from(payments)
        .where(and(...where))
        .groupBy(day, payments.project, payments.currency)
        .orderBy(day, payments.project, payments.currency);
      const totals = new Map<TCurrency, { payments: number; amountMinor: number }>();
      for (const row of rows) {
        const total = totals.get(row.currency) ?? { payments: 0, amountMinor: 0 };
        total.payments += row.payments;
        total.amountMinor += row.amountMinor;
        totals.set(row.currency, total);
      }
      return {
        rows: rows.map((row) => ({ ...row, amount: fromMinorUnits(row.amountMinor, row.currency) })),
        totals: [...totals].map(([currency, total]) => ({ currency, ...total, amount: fromMinorUnits(total.amountMinor, currency) })),
      };
    },
  };
}

export type MoneyRepository = ReturnType<typeof createMoneyRepository>;
