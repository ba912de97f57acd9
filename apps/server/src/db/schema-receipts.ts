import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Receipts and payment help. A receipt is a PDF made once per paid
 * payment by the `receipt.generate` job and stored under DATA_DIR with a server-made name;
 * payment help letters are kept as sent (and count for the per-player limit).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const receipts = pgTable('receipts', {
  paymentId: uuid('payment_id').primaryKey(),
  userId: text('user_id').notNull(),
  /** file name under DATA_DIR/receipts, never taken from a request */
  fileName: text('file_name').notNull(),
  byteSize: integer('byte_size').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  /** when the receipt letter went to the player (claimed before sending: one letter per receipt) */
  mailedAt: at('mailed_at'),
  /** the payment's refunded amount the PDF shows: a later refund makes a new PDF */
  refundedMinor: integer('refunded_minor').notNull().default(0),
});

export const paymentHelpRequests = pgTable(
  'payment_help_requests',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    nickName: text('nick_name').notNull(),
    authType: text('auth_type').notNull(),
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    sentTo: text('sent_to').notNull(),
    messageId: text('message_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('payment_help_user_idx').on(table.userId, table.createdAt)],
);

export type ReceiptRow = typeof receipts.$inferSelect;
export type PaymentHelpRow = typeof paymentHelpRequests.$inferSelect;
