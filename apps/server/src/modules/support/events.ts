import type { TTicketStatus } from '@portal/contracts/support';
import type { Database } from '../../db/client.ts';
import { createEventBus, type EventBus, type Logger } from '../../lib/events/event-bus.ts';

/**
 * What happened to a ticket, small enough for a NOTIFY payload (8000 bytes): ids only. A
 * subscriber loads what it shows (the message, its unread count) from the database.
 */
export type SupportBusEvent = {
  kind: 'message' | 'read' | 'status' | 'merged';
  ticketId: string;
  project: string;
  ownerUserId: string | null;
  ownerTempUserId: string | null;
  messageId?: string;
  status?: TTicketStatus;
  /** Who read, for `read`: a player's read changes only their count, staff's only the inbox. */
  reader?: 'user' | 'staff';
};

export type SupportEventBus = EventBus<SupportBusEvent>;

const CHANNEL = 'portal_support_events';

/** Support's live updates, shared by every process over PostgreSQL. */
export function createSupportEventBus(database: Database, log: Logger): Promise<SupportEventBus> {
  return createEventBus<SupportBusEvent>(database, log, CHANNEL);
}
