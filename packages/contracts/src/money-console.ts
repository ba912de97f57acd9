import { z } from 'zod';
import { ZProjectName } from './control.ts';
import { API_KEY_MODES, REFUND_REASON_MAX } from './payments-constants.ts';
import { ZCurrency, ZPaymentDispute, ZPaymentProviderId, ZPaymentRefund, ZPaymentStatus } from './payments.ts';
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
  /** live money (the default) or test payments: never both at once */
  mode: z.enum(API_KEY_MODES).default('live'),
  /** first and last UTC day of `createdAt`, both included */
  from: ZDay.optional(),
  to: ZDay.optional(),
  sort: z.enum(MONEY_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TMoneyPaymentsQuery = z.input<typeof ZMoneyPaymentsQuery>;

/** GET /api/staff/money/payments.csv: the same search, every match (no pages), one line per payment. */
export const ZMoneyPaymentsExportQuery = ZMoneyPaymentsQuery.omit({ page: true, pageSize: true });
export type TMoneyPaymentsExportQuery = z.input<typeof ZMoneyPaymentsExportQuery>;

/** POST /api/staff/money/payments/{paymentId}/refunds (finance and admin). */
export const ZRefundCreateRequest = z.object({
  /** minor units of the payment's currency; at most what is left to refund */
  amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: z.string().trim().min(1).max(REFUND_REASON_MAX),
});
export type TRefundCreateRequest = z.infer<typeof ZRefundCreateRequest>;

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
  /** Its refunds, oldest first, with staff's reason, and disputes (older servers leave them out). */
  refunds: z.array(ZPaymentRefund.extend({ reason: z.string() })).optional(),
  disputes: z.array(ZPaymentDispute).optional(),
});
export type TMoneyPaymentDetail = z.infer<typeof ZMoneyPaymentDetail>;

/** GET /api/staff/money/revenue (and revenue.csv) */
export const ZRevenueQuery = z.object({
  from: ZDay,
  to: ZDay,
  project: ZProjectName.optional(),
  currency: ZCurrency.optional(),
  /** live money (the default) or test payments: revenue never mixes them */
  mode: z.enum(API_KEY_MODES).default('live'),
});
export type TRevenueQuery = z.input<typeof ZRevenueQuery>;

export const ZRevenueRow = z.object({
  day: ZDay,
  project: z.string(),
  currency: ZCurrency,
  /** payments paid that day */
  payments: z.number().int().nonnegative(),
  /** gross: what those payments charged */
  amountMinor: z.number().int().nonnegative(),
  /** decimal string in the currency ("1499.00") */
  amount: z.string(),
  /** refunds that succeeded that day (of payments of any day) */
  refundsMinor: z.number().int().nonnegative(),
  refunds: z.string(),
  /** disputes opened that day and not won */
  disputesMinor: z.number().int().nonnegative(),
  disputes: z.string(),
  /** gross - refunds - disputes; negative on a day with more refunds than sales */
  netMinor: z.number().int(),
  net: z.string(),
});
export type TRevenueRow = z.infer<typeof ZRevenueRow>;

export const ZRevenueTotal = ZRevenueRow.pick({
  currency: true,
  payments: true,
  amountMinor: true,
  amount: true,
  refundsMinor: true,
  refunds: true,
  disputesMinor: true,
  disputes: true,
  netMinor: true,
  net: true,
});

export const ZRevenueReport = z.object({
  rows: z.array(ZRevenueRow),
  /** per currency over the whole range (amounts of different currencies never add up) */
  totals: z.array(ZRevenueTotal),
});
export type TRevenueReport = z.infer<typeof ZRevenueReport>;

/** The longest range one report covers. */
export const REVENUE_MAX_DAYS = 366;
