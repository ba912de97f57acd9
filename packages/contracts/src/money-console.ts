import { z } from 'zod';
import { ZProjectName } from './control.ts';
import { ZCurrency, ZPaymentProviderId, ZPaymentStatus } from './payments.ts';
import { ZStaffPayment, ZWebhookDelivery } from './staff.ts';

/**
 * The publisher console's money pages under /api/staff/money (roles `finance` and `admin`):
 * payments searched and paged on the server, each with its provider attempts, and revenue per
 * day, project and currency (UTC days, paid payments only).
 */

const ZDay = z.iso.date();

export const MONEY_SORTS = ['createdAt', 'amount', 'status'] as const;

/** GET /api/staff/money/payments */
export const ZMoneyPaymentsQuery = z.object({
  /** a payment id, a player id or a player's e-mail */
  q: z.string().trim().max(320).optional(),
  project: ZProjectName.optional(),
  status: ZPaymentStatus.optional(),
  provider: ZPaymentProviderId.optional(),
  /** first and last UTC day of `createdAt`, both included */
  from: ZDay.optional(),
  to: ZDay.optional(),
  sort: z.enum(MONEY_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TMoneyPaymentsQuery = z.input<typeof ZMoneyPaymentsQuery>;

export const ZMoneyPaymentsPage = z.object({
  items: z.array(ZStaffPayment),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type TMoneyPaymentsPage = z.infer<typeof ZMoneyPaymentsPage>;

/** One payment made at a provider for a payment (a player may switch providers). */
export const ZMoneyAttempt = z.object({
  provider: ZPaymentProviderId,
  providerRef: z.string(),
  amountMinor: z.number().int(),
  currency: ZCurrency,
  createdAt: z.string(),
});

/** A provider notification applied to a payment (or recognised as a replay). */
export const ZMoneyProviderEvent = z.object({
  provider: ZPaymentProviderId,
  eventId: z.string(),
  status: z.string(),
  outcome: z.string(),
  receivedAt: z.string(),
});

/** GET /api/staff/money/payments/{paymentId} */
export const ZMoneyPaymentDetail = z.object({
  payment: ZStaffPayment,
  playerEmail: z.string().nullable(),
  attempts: z.array(ZMoneyAttempt),
  providerEvents: z.array(ZMoneyProviderEvent),
  /** The payment's webhook deliveries to the game server, oldest first (older servers leave it out). */
  webhookDeliveries: z.array(ZWebhookDelivery).optional(),
});
export type TMoneyPaymentDetail = z.infer<typeof ZMoneyPaymentDetail>;

/** GET /api/staff/money/revenue (and revenue.csv) */
export const ZRevenueQuery = z.object({
  from: ZDay,
  to: ZDay,
  project: ZProjectName.optional(),
  currency: ZCurrency.optional(),
});
export type TRevenueQuery = z.infer<typeof ZRevenueQuery>;

export const ZRevenueRow = z.object({
  day: ZDay,
  project: z.string(),
  currency: ZCurrency,
  payments: z.number().int().nonnegative(),
  amountMinor: z.number().int().nonnegative(),
  /** decimal string in the currency ("1499.00") */
  amount: z.string(),
});
export type TRevenueRow = z.infer<typeof ZRevenueRow>;

export const ZRevenueTotal = ZRevenueRow.pick({ currency: true, payments: true, amountMinor: true, amount: true });

export const ZRevenueReport = z.object({
  rows: z.array(ZRevenueRow),
  /** per currency over the whole range (amounts of different currencies never add up) */
  totals: z.array(ZRevenueTotal),
});
export type TRevenueReport = z.infer<typeof ZRevenueReport>;

/** The longest range one report covers. */
export const REVENUE_MAX_DAYS = 366;
