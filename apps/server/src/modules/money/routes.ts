import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@portal/contracts/errors';
import {
  REVENUE_MAX_DAYS,
  ZMoneyPaymentDetail,
  ZMoneyPaymentsPage,
  ZMoneyPaymentsQuery,
  ZRevenueQuery,
  ZRevenueReport,
  type TRevenueQuery,
  type TRevenueReport,
} from '@portal/contracts/money-console';
import { AppError } from '../../lib/app-error.ts';
import type { StaffAuth } from '../../lib/staff-auth.ts';
import type { MoneyRepository } from './repository.ts';

export type MoneyRoutesOptions = { repository: MoneyRepository; auth: StaffAuth };

const tags = ['staff money'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

function checkRange({ from, to }: TRevenueQuery): void {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days < 1) throw new AppError('VALIDATION_ERROR', 400, 'querystring.to: is before `from`');
  if (days > REVENUE_MAX_DAYS)
    throw new AppError('VALIDATION_ERROR', 400, `querystring.to: a report covers at most ${REVENUE_MAX_DAYS} days`);
}

/** A CSV a spreadsheet opens as it is: a header line, then one line per day, project and currency. */
export function revenueCsv(report: TRevenueReport): string {
  const lines = [['day', 'project', 'currency', 'payments', 'amount']];
  for (const row of report.rows) lines.push([row.day, row.project, row.currency, String(row.payments), row.amount]);
  for (const total of report.totals) lines.push(['total', '', total.currency, String(total.payments), total.amount]);
  // Fields never hold a quote, comma or line break (days, project names, currency codes, numbers).
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** The console's money pages: finance staff and admins read; nothing here changes a payment. */
export const moneyRoutes: FastifyPluginAsyncZod<MoneyRoutesOptions> = async (app, { repository, auth }) => {
  const readers = auth.requireStaff('finance');

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
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="revenue-${from}-${to}.csv"`)
        .send(revenueCsv(await repository.revenue(request.query)));
    },
  );
};
