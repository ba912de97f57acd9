import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TMessageAuthorKind, TTicketStatus } from '@portal/contracts/support';
import { users } from './schema-accounts.ts';

/**
 * Support: tickets, their messages and who read them when. A ticket belongs to a
 * signed-in player (owner_user_id) or to a guest keyed by the Temp-User-Id header
 * (owner_temp_user_id); merge-user-id moves guest tickets to the player.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey(),
    project: text('project').notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ownerTempUserId: uuid('owner_temp_user_id'),
    title: text('title').notNull(),
    status: text('status').$type<TTicketStatus>().notNull().default('open'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
  },
  (table) => [
    index('tickets_owner_user_idx').on(table.ownerUserId, table.lastMessageAt),
    index('tickets_owner_temp_idx').on(table.ownerTempUserId, table.lastMessageAt),
    index('tickets_status_idx').on(table.status, table.lastMessageAt),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    author: text('author').$type<TMessageAuthorKind>().notNull(),
    /** The staff member who wrote it (no foreign key: staff accounts live in another module). */
    staffId: text('staff_id'),
    /** Sanitized rich HTML (EDITOR_ALLOWLIST). */
    text: text('text').notNull(),
    /** Server-made stored names of the attachments (FileStore). */
    imageName: text('image_name'),
    videoName: text('video_name'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('ticket_messages_ticket_idx').on(table.ticketId, table.createdAt)],
);

/** When each side (the player, the staff) last read a ticket: unread counts compare to it. */
export const ticketReads = pgTable(
  'ticket_reads',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    reader: text('reader').$type<'user' | 'staff'>().notNull(),
    lastReadAt: at('last_read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.ticketId, table.reader] })],
);

/**
 * Bytes of every attachment a player or guest uploaded, by owner and client address: the
 * daily upload quotas sum the last 24 hours of it. Rows older than two days are pruned.
 */
export const uploadLedger = pgTable(
  'upload_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `user:<id>` or `guest:<Temp-User-Id>`. */
    ownerKey: text('owner_key').notNull(),
    address: text('address').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('upload_ledger_owner_idx').on(table.ownerKey, table.createdAt),
    index('upload_ledger_address_idx').on(table.address, table.createdAt),
    index('upload_ledger_created_idx').on(table.createdAt),
  ],
);

export type TicketRow = typeof tickets.$inferSelect;
export type TicketMessageRow = typeof ticketMessages.$inferSelect;
