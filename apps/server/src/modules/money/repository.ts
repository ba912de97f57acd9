import { and, asc, desc, eq, gt, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { fromMinorUnits, type TCurrency } from '@portal/contracts/payments';
import type {
  TMoneyPaymentDetail,
  TMoneyPaymentsPage,
  TRevenueQuery,
  TRevenueReport,
  TRevenueRow,
  ZMoneyPaymentsExportQuery,
  ZMoneyPaymentsQuery,
} from '@portal/contracts/money-console';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  paymentAttempts,
  paymentDisputes,
  paymentEvents,
  paymentRefunds,
  payments,
  users,
  webhookDeliveries,
  type PaymentRow,
} from '../../db/schema.ts';
import { toDelivery, toDispute, toRefund, toStaff } from '../payments/mappers.ts';

type PaymentsQuery = z.output<typeof ZMoneyPaymentsQuery>;
type ExportQuery = z.output<typeof ZMoneyPaymentsExportQuery>;

/** Payments read per batch while a CSV export streams. */
const EXPORT_BATCH = 1000;

/** A signed amount as a decimal string ("-12.50"). */
const signedAmount = (minor: number, currency: TCurrency): string =>
  minor < 0 ? `-${fromMinorUnits(-minor, currency)}` : fromMinorUnits(minor, currency);

/** How many of a payment's webhook deliveries its detail lists (the newest). */
export const PAYMENT_DELIVERIES_SHOWN = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The next UTC day of an ISO date: ranges are [from, to + 1 day). */
const dayAfter = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
const startOf = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** The payments search's conditions (payment id, player id or e-mail, project, status, provider, days). */
function searchFilter(query: ExportQuery): SQL | undefined {
  const where: SQL[] = [eq(payments.livemode, query.mode === 'live')];
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
  return and(...where);
}

/** Read-only queries of the money pages: they never change a payment. */
export function createMoneyRepository(db: Db) {
  return {
    async searchPayments(query: PaymentsQuery): Promise<TMoneyPaymentsPage> {
      const filter = searchFilter(query);
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

    /**
     * Every payment of a search, newest first, a batch at a time (keyset on created time and
     * id): a year's export streams without holding it in memory or slowing with the offset.
     */
    async *exportPayments(query: ExportQuery): AsyncGenerator<PaymentRow[]> {
      const filter = searchFilter(query);
      let after: string | undefined;
      for (;;) {
        // The last row's time is read in the database: a JavaScript Date would cut its microseconds.
        const lastAt = after ? sql`(select ${payments.createdAt} from ${payments} where ${payments.id} = ${after})` : undefined;
        const page =
          after && lastAt
            ? or(sql`${payments.createdAt} < ${lastAt}`, and(sql`${payments.createdAt} = ${lastAt}`, gt(payments.id, after)))
            : undefined;
        const rows = await db
          .select()
          .from(payments)
          .where(and(...[filter, page].filter((clause) => clause !== undefined)))
          .orderBy(desc(payments.createdAt), asc(payments.id))
          .limit(EXPORT_BATCH);
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < EXPORT_BATCH) return;
        after = rows[rows.length - 1]!.id;
      }
    },

    /** The players' e-mails of a batch of payments, by player id. */
    async emailsOf(userIds: string[]): Promise<Map<string, string>> {
      const ids = [...new Set(userIds.filter((id) => UUID.test(id)))];
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
      return new Map(rows.flatMap((row) => (row.email ? [[row.id, row.email] as const] : [])));
    },

    async paymentDetail(id: string): Promise<TMoneyPaymentDetail | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      if (!row) return null;
      const [player] = UUID.test(row.userId) ? await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)) : [];
      const [attempts, events, deliveries, refunds, disputes] = await Promise.all([
        db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, id)).orderBy(asc(paymentAttempts.id)),
        db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id)).orderBy(asc(paymentEvents.id)),
        // The newest ones, listed oldest first like the attempts and events.
        db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.paymentId, id))
          .orderBy(desc(webhookDeliveries.id))
          .limit(PAYMENT_DELIVERIES_SHOWN),
        db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, id)).orderBy(asc(paymentRefunds.createdAt)),
        db.select().from(paymentDisputes).where(eq(paymentDisputes.paymentId, id)).orderBy(asc(paymentDisputes.createdAt)),
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
        refunds: refunds.map((refund) => ({ ...toRefund(refund), reason: refund.reason })),
        disputes: disputes.map(toDispute),
      };
    },

    /**
     * Money per UTC day, project and currency: gross (payments paid that day), refunds (that
     * succeeded that day), disputes (opened that day and not won) and net; with per-currency
     * totals. Currencies never add up.
     */
    async revenue(input: TRevenueQuery): Promise<TRevenueReport> {
      const query = { ...input, mode: input.mode ?? 'live' };
      const livemode = query.mode === 'live';
      const range = (column: typeof payments.paidAt | typeof paymentRefunds.finishedAt | typeof paymentDisputes.createdAt) => [
        gte(column, startOf(query.from)),
        lt(column, dayAfter(query.to)),
      ];
      const dayOf = (column: typeof payments.paidAt | typeof paymentRefunds.finishedAt | typeof paymentDisputes.createdAt) =>
        sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
      const paidDay = dayOf(payments.paidAt);
      const refundDay = dayOf(paymentRefunds.finishedAt);
      const disputeDay = dayOf(paymentDisputes.createdAt);
      const minor = (column: AnyColumn) => sql<number>`sum(${column})`.mapWith(Number);
      const [paid, refunded, disputed] = await Promise.all([
        db
          .select({
            day: paidDay,
            project: payments.project,
            currency: payments.currency,
            n: sql<number>`count(*)`.mapWith(Number),
            minor: minor(payments.amountMinor),
          })
          .from(payments)
          .where(
            and(
              eq(payments.status, 'paid'),
              eq(payments.livemode, livemode),
              ...range(payments.paidAt),
              ...(query.project ? [eq(payments.project, query.project)] : []),
              ...(query.currency ? [eq(payments.currency, query.currency)] : []),
            ),
          )
          .groupBy(paidDay, payments.project, payments.currency),
        db
          .select({
            day: refundDay,
            project: paymentRefunds.project,
            currency: paymentRefunds.currency,
            minor: minor(paymentRefunds.amountMinor),
          })
          .from(paymentRefunds)
          .where(
            and(
              eq(paymentRefunds.status, 'succeeded'),
              eq(paymentRefunds.livemode, livemode),
              ...range(paymentRefunds.finishedAt),
              ...(query.project ? [eq(paymentRefunds.project, query.project)] : []),
              ...(query.currency ? [eq(paymentRefunds.currency, query.currency)] : []),
            ),
          )
          .groupBy(refundDay, paymentRefunds.project, paymentRefunds.currency),
        db
          .select({
            day: disputeDay,
            project: paymentDisputes.project,
            currency: paymentDisputes.currency,
            minor: minor(paymentDisputes.amountMinor),
          })
          .from(paymentDisputes)
          .where(
            and(
              inArray(paymentDisputes.status, ['open', 'lost']),
              eq(paymentDisputes.livemode, livemode),
              ...range(paymentDisputes.createdAt),
              ...(query.project ? [eq(paymentDisputes.project, query.project)] : []),
              ...(query.currency ? [eq(paymentDisputes.currency, query.currency)] : []),
            ),
          )
          .groupBy(disputeDay, paymentDisputes.project, paymentDisputes.currency),
      ]);
      type Sums = { day: string; project: string; currency: TCurrency; payments: number; gross: number; refunds: number; disputes: number };
      const byKey = new Map<string, Sums>();
      const sumsOf = (row: { day: string; project: string; currency: TCurrency }): Sums => {
        const key = `${row.day}\n${row.project}\n${row.currency}`;
        let sums = byKey.get(key);
        if (!sums) {
          sums = { day: row.day, project: row.project, currency: row.currency, payments: 0, gross: 0, refunds: 0, disputes: 0 };
          byKey.set(key, sums);
        }
        return sums;
      };
      for (const row of paid) Object.assign(sumsOf(row), { payments: row.n, gross: row.minor });
      for (const row of refunded) sumsOf(row).refunds = row.minor;
      for (const row of disputed) sumsOf(row).disputes = row.minor;
      const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const sums = [...byKey.values()].sort(
        (a, b) => compare(a.day, b.day) || compare(a.project, b.project) || compare(a.currency, b.currency),
      );
      const totals = new Map<TCurrency, Sums>();
      for (const row of sums) {
        const total = totals.get(row.currency) ?? { ...row, day: '', project: '', payments: 0, gross: 0, refunds: 0, disputes: 0 };
        total.payments += row.payments;
        total.gross += row.gross;
        total.refunds += row.refunds;
        total.disputes += row.disputes;
        totals.set(row.currency, total);
      }
      const money = (row: Sums) => {
        const net = row.gross - row.refunds - row.disputes;
        return {
          currency: row.currency,
          payments: row.payments,
          amountMinor: row.gross,
          amount: fromMinorUnits(row.gross, row.currency),
          refundsMinor: row.refunds,
          refunds: fromMinorUnits(row.refunds, row.currency),
          disputesMinor: row.disputes,
          disputes: fromMinorUnits(row.disputes, row.currency),
          netMinor: net,
          net: signedAmount(net, row.currency),
        };
      };
      return {
        rows: sums.map((row): TRevenueRow => ({ day: row.day, project: row.project, ...money(row) })),
        totals: [...totals.values()].map(money),
      };
    },
  };
}

export type MoneyRepository = ReturnType<typeof createMoneyRepository>;
