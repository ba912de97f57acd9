import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TCurrency, TPaymentProviderId, TPaymentStatus } from '@portal/contracts/payments';
import type { TPriceTitles } from '@portal/contracts/control';
import type { TStaffRole } from '@portal/contracts/staff';
import type { Language } from '@portal/contracts/languages';

/**
 * Payments: staff accounts, project API keys and webhooks, payments with their
 * provider events, the sandbox provider's shared store, and the jobs table every background
 * task runs from.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const staffAccounts = pgTable('staff_accounts', {
  id: uuid('id').primaryKey(),
  /** lowercased */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<TStaffRole>().notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  /** the `sv` claim every live staff token carries; a bump (sign-out, password change, disabling) ends them all */
  sessionVersion: integer('session_version').notNull().default(0),
  /** set while an admin has disabled the member: no sign-in, no token admitted */
  disabledAt: at('disabled_at'),
});

/** `ppk_<prefix>_<secret>`: the prefix finds the row, the SHA-256 of the whole key proves it. */
export const projectApiKeys = pgTable(
  'project_api_keys',
  {
    id: uuid('id').primaryKey(),
    project: text('project').notNull(),
    prefix: text('prefix').notNull().unique(),
    keyHash: text('key_hash').notNull(),
    /** `test`: its payments go to test providers only (the sandbox, providers' test keys); `live`: for real only */
    mode: text('mode').$type<'test' | 'live'>().notNull().default('live'),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** the last call made with the key, written at most once a minute */
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (table) => [index('project_api_keys_project_idx').on(table.project)],
);

export const projectWebhooks = pgTable('project_webhooks', {
  project: text('project').primaryKey(),
  url: text('url').notNull(),
  /** HMAC-SHA256 key of the Portal-Signature header */
  secret: text('secret').notNull(),
  /** The secret before the last rotation: deliveries carry its signature too until it expires. */
  previousSecret: text('previous_secret'),
  previousSecretExpiresAt: at('previous_secret_expires_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    project: text('project').notNull(),
    userId: text('user_id').notNull(),
    priceId: text('price_id').notNull(),
    titleRu: text('title_ru').notNull(),
    titleEn: text('title_en').notNull(),
    /** the item's name per language as the price list had it when the payment was created */
    titles: jsonb('titles')
      .$type<TPriceTitles>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** the price list's two prices at creation, in minor units (RUB and USD) */
    ruAmountMinor: integer('ru_amount_minor').notNull(),
    enAmountMinor: integer('en_amount_minor').notNull(),
    /** what is charged: RUB until a USD provider (Stripe) is chosen */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<TCurrency>().notNull(),
    status: text('status').$type<TPaymentStatus>().notNull().default('none'),
    /** set once the status is final (paid, fail, or none after a cancellation): nothing changes after */
    finishedAt: at('finished_at'),
    provider: text('provider').$type<TPaymentProviderId>(),
    providerRef: text('provider_ref'),
    payload: text('payload'),
    idempotencyKey: text('idempotency_key'),
    receiptEmail: text('receipt_email'),
    /** the page language the player paid in: their receipt letter's language */
    language: text('language').$type<Language>(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
    /** false for a test payment (made with a test key; paid in the sandbox or with a provider's test keys) */
    livemode: boolean('livemode').notNull().default(true),
    /** what succeeded refunds gave back, in minor units of `currency` (kept with each refund's success) */
    refundedMinor: integer('refunded_minor').notNull().default(0),
  },
  (table) => [
    uniqueIndex('payments_project_idempotency_idx').on(table.project, table.idempotencyKey),
    index('payments_user_idx').on(table.userId, table.createdAt),
    index('payments_provider_ref_idx').on(table.provider, table.providerRef),
  ],
);

/**
 * Every provider payment made for a payment: switching providers on the payment screen leaves the
 * first provider's payment open (a widget may still confirm, a Yandex Pay page stay open), so its
 * events find the payment here, checked against the amount and currency of that attempt.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id').notNull(),
    provider: text('provider').$type<TPaymentProviderId>().notNull(),
    providerRef: text('provider_ref').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<TCurrency>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_attempts_provider_ref_idx').on(table.provider, table.providerRef),
    index('payment_attempts_payment_idx').on(table.paymentId),
  ],
);

/**
 * Refunds of paid payments: staff's (made through the provider's refund API, the row's id its
 * idempotency key) and those made at the provider's dashboard (read back from the provider).
 * Money is reserved by the pending and succeeded ones: a new refund fits in what is left.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id').notNull(),
    project: text('project').notNull(),
    provider: text('provider').$type<TPaymentProviderId>().notNull(),
    /** the provider payment refunded */
    providerRef: text('provider_ref').notNull(),
    /** the provider's refund id, once the provider answered */
    refundRef: text('refund_ref'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<TCurrency>().notNull(),
    reason: text('reason').notNull(),
    /** the payment's mode: revenue never mixes test and live money */
    livemode: boolean('livemode').notNull().default(true),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    failureReason: text('failure_reason'),
    /** `staff`: made in the console; `provider`: made at the provider and read back */
    source: text('source').$type<'staff' | 'provider'>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** set when it succeeded or failed */
    finishedAt: at('finished_at'),
  },
  (table) => [
    uniqueIndex('payment_refunds_provider_ref_idx').on(table.provider, table.refundRef),
    index('payment_refunds_payment_idx').on(table.paymentId),
    index('payment_refunds_finished_idx').on(table.finishedAt),
  ],
);

/** Disputes (chargebacks) the providers report on paid payments, with their latest state. */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id').notNull(),
    project: text('project').notNull(),
    provider: text('provider').$type<TPaymentProviderId>().notNull(),
    disputeRef: text('dispute_ref').notNull(),
    livemode: boolean('livemode').notNull().default(true),
    status: text('status').$type<'open' | 'won' | 'lost'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<TCurrency>().notNull(),
    reason: text('reason').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_disputes_provider_ref_idx').on(table.provider, table.disputeRef),
    index('payment_disputes_payment_idx').on(table.paymentId),
  ],
);

/** Provider event ids already applied: a replayed notification is recognised and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').$type<TPaymentProviderId>().notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id'),
    status: text('status').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_events_provider_event_idx').on(table.provider, table.eventId)],
);

/** The player's receipt e-mail (POST /payments/update-mail-to-receive-check). */
export const paymentProfiles = pgTable('payment_profiles', {
  userId: text('user_id').primaryKey(),
  receiptEmail: text('receipt_email').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** SandboxPaymentStore over a table, so every server process shares the sandbox. */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    providerRef: text('provider_ref').primaryKey(),
    provider: text('provider').$type<TPaymentProviderId>().notNull(),
    paymentId: text('payment_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<TCurrency>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<'pending' | 'paid' | 'fail' | 'canceled'>().notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [uniqueIndex('sandbox_payments_key_idx').on(table.provider, table.idempotencyKey)],
);

/** Refunds of the sandbox's payments (unique per provider and idempotency key). */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    refundRef: text('refund_ref').primaryKey(),
    providerRef: text('provider_ref').notNull(),
    provider: text('provider').$type<TPaymentProviderId>().notNull(),
    refundId: text('refund_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<TCurrency>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<'succeeded' | 'failed'>().notNull(),
    failureReason: text('failure_reason'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('sandbox_refunds_key_idx').on(table.provider, table.idempotencyKey),
    index('sandbox_refunds_payment_idx').on(table.providerRef),
  ],
);

/**
 * Background work, claimed with FOR UPDATE SKIP LOCKED. A claimed job carries
 * `locked_at`; if its worker dies, the lease runs out and another worker takes it again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    runAt: at('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedAt: at('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    doneAt: at('done_at'),
    /** set when the job gave up after its last attempt (doneAt is set too) */
    failedAt: at('failed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** the W3C `traceparent` of the request (or job) that enqueued it, so its run joins that trace */
    traceParent: text('trace_parent'),
  },
  (table) => [
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`done_at is null`),
    // The metrics count failed jobs per kind at every scrape: without reading the finished history.
    index('jobs_failed_idx')
      .on(table.kind)
      .where(sql`failed_at is not null`),
  ],
);

/**
 * Every try to deliver a webhook to a game server (job retries, test events, redeliveries),
 * with the event as sent: the console's deliveries log, and what a redelivery sends again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    project: text('project').notNull(),
    /** null for a test event */
    paymentId: uuid('payment_id'),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    url: text('url').notNull(),
    /** the game server's HTTP status; null when none came (refused, timed out) */
    responseStatus: integer('response_status'),
    ok: boolean('ok').notNull(),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    /** 1.. for the job's tries; 0 for a test event or a redelivery from the console */
    attempt: integer('attempt').notNull(),
    /** when the job tries again after this failure; null when it does not */
    nextRetryAt: at('next_retry_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_project_idx').on(table.project, table.id),
    index('webhook_deliveries_payment_idx').on(table.paymentId),
  ],
);

export type StaffAccountRow = typeof staffAccounts.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
export type PaymentDisputeRow = typeof paymentDisputes.$inferSelect;
