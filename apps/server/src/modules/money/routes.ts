import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@portal/contracts/errors';
import {
  REVENUE_MAX_DAYS,
  ZMoneyPaymentDetail,
  ZMoneyPaymentsExportQuery,
  ZMoneyPaymentsPage,
  ZMoneyPaymentsQuery,
  ZRefundCreateRequest,
  ZRevenueQuery,
  ZRevenueReport,
  type TRevenueQuery,
  type TRevenueReport,
} from '@portal/contracts/money-console';
import { fromMinorUnits, ZPaymentRefund } from '@portal/contracts/payments';
import type { PaymentRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { StaffAuth } from '../../lib/staff-auth.ts';
import { toRefund } from '../payments/mappers.ts';
import type { Refunds } from '../payments/refunds.ts';
import type { MoneyRepository } from './repository.ts';

export type MoneyRoutesOptions = { repository: MoneyRepository; auth: StaffAuth; refunds: Refunds };

const tags = ['staff money'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

function checkRange({ from, to }: TRevenueQuery): void {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days < 1) throw new AppError('VALIDATION_ERROR', 400, 'querystring.to: is before `from`');
  if (days > REVENUE_MAX_DAYS)
    throw new AppError('VALIDATION_ERROR', 400, `querystring.to: a report covers at most ${REVENUE_MAX_DAYS} days`);
}

/**
 * A CSV a spreadsheet opens as it is: a header line, then one line per day, project and
 * currency (`amount` is gross), then the totals per currency.
 */
export function revenueCsv(report: TRevenueReport): string {
  const lines = [['day', 'project', 'currency', 'payments', 'amount', 'refunds', 'disputes', 'net']];
  for (const row of report.rows) {
    lines.push([row.day, row.project, row.currency, String(row.payments), row.amount, row.refunds, row.disputes, row.net]);
  }
  for (const total of report.totals) {
    lines.push(['total', '', total.currency, String(total.payments), total.amount, total.refunds, total.disputes, total.net]);
  }
  // Fields never hold a quote, comma or line break (days, project names, currency codes, numbers).
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** RFC 4180: a field with a comma, quote or line break is quoted; a leading =+-@ is defused for spreadsheets. */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const PAYMENTS_CSV_HEADER = [
  'payment_id',
  'created_at',
  'paid_at',
  'project',
  'user_id',
  'player_email',
  'item',
  'price_id',
  'status',
  'provider',
  'provider_ref',
  'currency',
  'amount',
  'refunded',
  'net',
];

/** One payment's line of the per-payment CSV. */
export function paymentCsvLine(row: PaymentRow, email: string | undefined): string {
  const paid = row.status === 'paid' ? row.amountMinor : 0;
  return [
    row.id,
    row.createdAt.toISOString(),
    row.paidAt?.toISOString() ?? null,
    row.project,
    row.userId,
    email ?? null,
    row.titleEn,
    row.priceId,
    row.status,
    row.provider,
    row.providerRef,
    row.currency,
    fromMinorUnits(row.amountMinor, row.currency),
    fromMinorUnits(row.refundedMinor, row.currency),
    fromMinorUnits(Math.max(0, paid - row.refundedMinor), row.currency),
  ]
    .map(csvField)
    .join(',');
}

/** The console's money pages: finance staff and admins read; nothing here changes a payment. */
export const moneyRoutes: FastifyPluginAsyncZod<MoneyRoutesOptions> = async (app, { repository, auth, refunds }) => {
  const readers = auth.requireStaff('finance');

  app.get(
    '/staff/money/payments.csv',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Every payment of a payments search as CSV, one line each, streamed',
        querystring: ZMoneyPaymentsExportQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      async function* lines() {
        yield `${PAYMENTS_CSV_HEADER.join(',')}\r\n`;
        for await (const batch of repository.exportPayments(request.query)) {
          const emails = await repository.emailsOf(batch.map((row) => row.userId));
          yield batch.map((row) => `${paymentCsvLine(row, emails.get(row.userId))}\r\n`).join('');
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="payments-${day}.csv"`)
          // A stream is sent as it is (Fastify never serializes one); the schema's string documents the body.
          .send(Readable.from(lines()) as unknown as string)
      );
    },
  );

  app.post(
    '/staff/money/payments/:paymentId/refunds',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: "Refund a paid payment, fully or in part, through its provider's refund API",
        params: z.object({ paymentId: z.string().max(64) }),
        body: ZRefundCreateRequest,
        response: { 201: z.object({ data: ZPaymentRefund }), 409: ZApiError, 502: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const refund = await refunds.refund({
        paymentId: request.params.paymentId,
        amountMinor: request.body.amountMinor,
        reason: request.body.reason,
        staffId: auth.staffId(request),
      });
      return reply.code(201).send({ data: toRefund(refund) });
    },
  );

  app.get(
    '/staff/money/payments',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Payments by payment id, player id or e-mail, project, status, provider and days; sorted and paged',
        querystring: ZMoneyPaymentsQuery,
        response: { 200: z.object({ data: ZMoneyPaymentsPage }), ...errors },
      },
    },
    async (request) => ({ data: await repository.searchPayments(request.query) }),
  );

  app.get(
    '/staff/money/payments/:paymentId',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'A payment with its provider attempts and provider events',
        params: z.object({ paymentId: z.string().max(64) }),
        response: { 200: z.object({ data: ZMoneyPaymentDetail }), ...errors },
      },
    },
    async (request) => {
      const detail = await repository.paymentDetail(request.params.paymentId);
      if (!detail) throw new AppError('PAYMENT_NOT_FOUND', 404, 'Payment not found');
      return { data: detail };
    },
  );

  app.get(
    '/staff/money/revenue',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Paid revenue per UTC day, project and currency, with totals per currency',
        querystring: ZRevenueQuery,
        response: { 200: z.object({ data: ZRevenueReport }), ...errors },
      },
    },
    async (request) => {
      checkRange(request.query);
      return { data: await repository.revenue(request.query) };
    },
  );

  app.get(
    '/staff/money/revenue.csv',
    {
      preHandler: readers,
      schema: { tags, summary: 'The revenue report as CSV', querystring: ZRevenueQuery, response: { 200: z.string(), ...errors } },
    },
    async (request, reply) => {
      checkRange(request.query);
      const { from, to, mode } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="revenue-${from}-${to}${mode === 'test' ? '-test' : ''}.csv"`)
        .send(revenueCsv(await repository.revenue(request.query)));
    },
  );
};
