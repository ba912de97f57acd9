import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every change staff make through the console: who, what, the record before and after, when.
 * Rows are only ever added; the staff id has no foreign key so the log outlives accounts.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: uuid('staff_id'),
    /** e.g. `project.update`, `price.create`, `staff.disable` */
    action: text('action').notNull(),
    /** what the change touched, e.g. `project`, `game`, `price`, `staff` */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_audit_at_idx').on(table.at), index('staff_audit_target_idx').on(table.targetType, table.targetId)],
);

export type StaffAuditRow = typeof staffAudit.$inferSelect;

/** One-time set-password links e-mailed to staff: only the SHA-256 of the token is kept. */
export const staffPasswordLinks = pgTable('staff_password_links', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: uuid('staff_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
