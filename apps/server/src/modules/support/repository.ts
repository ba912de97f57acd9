import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TTicketStatus } from '@portal/contracts/support';
import type { Db } from '../../db/client.ts';
import { anonymousMerges, ticketMessages, ticketReads, tickets, users, type TicketMessageRow, type TicketRow } from '../../db/schema.ts';

/** Who asks: a signed-in player (by user id) or a guest (by Temp-User-Id). */
/**
 * Whose tickets: a signed-in player or a guest. `project` is set when the player came with a
 * host's token: then only that project's tickets are theirs to see and write to.
 */
export type Owner = { kind: 'user'; userId: string; project?: string | undefined } | { kind: 'guest'; tempUserId: string };
export type ReaderSide = 'user' | 'staff';

export type NewMessage = Pick<TicketMessageRow, 'author' | 'text'> & Partial<Pick<TicketMessageRow, 'staffId' | 'imageName' | 'videoName'>>;

const ownedBy = (owner: Owner): SQL =>
  owner.kind === 'user'
    ? owner.project === undefined
      ? eq(tickets.ownerUserId, owner.userId)
      : and(eq(tickets.ownerUserId, owner.userId), eq(tickets.project, owner.project))!
    : and(eq(tickets.ownerTempUserId, owner.tempUserId), isNull(tickets.ownerUserId))!;

/** Messages the given side has not read: written by the other side (or the system, for players). */
const unreadFor = (side: ReaderSide) =>
  side === 'user'
    ? sql<number>`count(${ticketMessages.id}) filter (where ${ticketMessages.author} <> 'user' and ${ticketMessages.createdAt} > coalesce(${ticketReads.lastReadAt}, 'epoch'::timestamptz))`.mapWith(
        Number,
      )
    : sql<number>`count(${ticketMessages.id}) filter (where ${ticketMessages.author} = 'user' and ${ticketMessages.createdAt} > coalesce(${ticketReads.lastReadAt}, 'epoch'::timestamptz))`.mapWith(
        Number,
      );

export function createSupportRepository(db: Db) {
  /** A transaction or the database: both run the same queries. */
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

  async function markRead(tx: Tx, ticketId: string, reader: ReaderSide, at: Date): Promise<void> {
    await tx
      .insert(ticketReads)
      .values({ ticketId, reader, lastReadAt: at })
      .onConflictDoUpdate({
        target: [ticketReads.ticketId, ticketReads.reader],
        set: { lastReadAt: sql`greatest(${ticketReads.lastReadAt}, excluded.last_read_at)` },
      });
  }

  async function insertMessage(tx: Tx, ticketId: string, message: NewMessage, createdAt: Date): Promise<TicketMessageRow> {
    const [row] = await tx
      .insert(ticketMessages)
      .values({ id: crypto.randomUUID(), ticketId, createdAt, ...message })
      .returning();
    await tx.update(tickets).set({ lastMessageAt: createdAt, updatedAt: createdAt }).where(eq(tickets.id, ticketId));
    return row!;
  }

  return {
    markRead: (ticketId: string, reader: ReaderSide, at: Date) => markRead(db, ticketId, reader, at),

    async createTicket(input: {
      project: string;
      owner: Owner;
      title: string;
      first: NewMessage;
      acknowledgement: NewMessage;
      now: Date;
    }): Promise<{ ticket: TicketRow; messages: TicketMessageRow[] }> {
      return db.transaction(async (tx) => {
        const [ticket] = await tx
          .insert(tickets)
          .values({
            id: crypto.randomUUID(),
            project: input.project,
            ownerUserId: input.owner.kind === 'user' ? input.owner.userId : null,
            ownerTempUserId: input.owner.kind === 'guest' ? input.owner.tempUserId : null,
            title: input.title,
            createdAt: input.now,
            updatedAt: input.now,
            lastMessageAt: input.now,
          })
          .returning();
        const first = await insertMessage(tx, ticket!.id, input.first, input.now);
        // One millisecond later, so the acknowledgement always sorts after the player's message.
        const ackAt = new Date(input.now.getTime() + 1);
        const ack = await insertMessage(tx, ticket!.id, input.acknowledgement, ackAt);
        // The player has seen both (they just wrote one and the other answers it at once).
        await markRead(tx, ticket!.id, 'user', ackAt);
        return { ticket: { ...ticket!, lastMessageAt: ackAt, updatedAt: ackAt }, messages: [first, ack] };
      });
    },

    /**
     * Adds a message to an open ticket, locking the ticket row so a concurrent close wins or
     * loses cleanly. Null when the ticket is missing (or not the owner's); 'closed' when closed.
     */
    async addMessage(
      ticketId: string,
      owner: Owner | null,
      message: NewMessage,
      now: Date,
    ): Promise<{ ticket: TicketRow; message: TicketMessageRow } | null | 'closed'> {
      return db.transaction(async (tx) => {
        const where = owner ? and(eq(tickets.id, ticketId), ownedBy(owner)) : eq(tickets.id, ticketId);
        const [ticket] = await tx.select().from(tickets).where(where).for('update');
        if (!ticket) return null;
        if (ticket.status === 'closed') return 'closed' as const;
        const row = await insertMessage(tx, ticketId, message, now);
        await markRead(tx, ticketId, message.author === 'staff' ? 'staff' : 'user', now);
        return { ticket: { ...ticket, lastMessageAt: now, updatedAt: now }, message: row };
      });
    },

    async findTicket(id: string, owner: Owner | null): Promise<TicketRow | null> {
      const where = owner ? and(eq(tickets.id, id), ownedBy(owner)) : eq(tickets.id, id);
      const [row] = await db.select().from(tickets).where(where);
      return row ?? null;
    },

    async messages(ticketId: string): Promise<TicketMessageRow[]> {
      return db
        .select()
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticketId))
        .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
    },

    async message(id: string): Promise<{ message: TicketMessageRow; ticket: TicketRow } | null> {
      const [row] = await db
        .select({ message: ticketMessages, ticket: tickets })
        .from(ticketMessages)
        .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
        .where(eq(ticketMessages.id, id));
      return row ?? null;
    },

    /** The ticket a stored attachment belongs to. */
    async ticketOfFile(storedName: string): Promise<TicketRow | null> {
      const [row] = await db
        .select({ ticket: tickets })
        .from(ticketMessages)
        .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
        .where(or(eq(ticketMessages.imageName, storedName), eq(ticketMessages.videoName, storedName)))
        .limit(1);
      return row?.ticket ?? null;
    },

    async playerTickets(owner: Owner) {
      return db
        .select({
          id: tickets.id,
          title: tickets.title,
          createdAt: tickets.createdAt,
          unread: unreadFor('user'),
        })
        .from(tickets)
        .leftJoin(ticketReads, and(eq(ticketReads.ticketId, tickets.id), eq(ticketReads.reader, 'user')))
        .leftJoin(ticketMessages, eq(ticketMessages.ticketId, tickets.id))
        .where(ownedBy(owner))
        .groupBy(tickets.id, ticketReads.lastReadAt)
        .orderBy(desc(tickets.lastMessageAt), desc(tickets.id));
    },

    async playerUnreadCount(owner: Owner): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(ticketMessages)
        .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
        .leftJoin(ticketReads, and(eq(ticketReads.ticketId, tickets.id), eq(ticketReads.reader, 'user')))
        .where(
          and(
            ownedBy(owner),
            sql`${ticketMessages.author} <> 'user'`,
            gt(ticketMessages.createdAt, sql`coalesce(${ticketReads.lastReadAt}, 'epoch'::timestamptz)`),
          ),
        );
      return row?.count ?? 0;
    },

    async staffTickets(status: TTicketStatus, project: string | undefined) {
      const unread = unreadFor('staff');
      return (
        db
          .select({
            id: tickets.id,
            project: tickets.project,
            title: tickets.title,
            status: tickets.status,
            createdAt: tickets.createdAt,
            lastMessageAt: tickets.lastMessageAt,
            ownerUserId: tickets.ownerUserId,
            ownerTempUserId: tickets.ownerTempUserId,
            unread,
          })
          .from(tickets)
          .leftJoin(ticketReads, and(eq(ticketReads.ticketId, tickets.id), eq(ticketReads.reader, 'staff')))
          .leftJoin(ticketMessages, eq(ticketMessages.ticketId, tickets.id))
          .where(and(eq(tickets.status, status), project ? eq(tickets.project, project) : undefined))
          .groupBy(tickets.id, ticketReads.lastReadAt)
          // Unread first, then newest activity.
          .orderBy(desc(sql`(${unread}) > 0`), desc(tickets.lastMessageAt), desc(tickets.id))
          .limit(500)
      );
    },

    async setStatus(id: string, status: TTicketStatus, now: Date): Promise<TicketRow | null> {
      const [row] = await db.update(tickets).set({ status, updatedAt: now }).where(eq(tickets.id, id)).returning();
      return row ?? null;
    },

    async user(id: string) {
      const [row] = await db
        .select({ id: users.id, nickName: users.nickName, currentAuthType: users.currentAuthType })
        .from(users)
        .where(eq(users.id, id));
      return row ?? null;
    },

    /**
     * Moves guest tickets to the player: those of the given guest ids and of every guest id
     * recorded as merged into this player (anonymous_merges). Returns the moved ticket ids.
     */
    async mergeGuestTickets(userId: string, tempUserIds: string[]): Promise<string[]> {
      const merged = await db.select({ id: anonymousMerges.tempUserId }).from(anonymousMerges).where(eq(anonymousMerges.userId, userId));
      const ids = [...new Set([...tempUserIds, ...merged.map((row) => row.id)])];
      if (ids.length === 0) return [];
      const moved = await db
        .update(tickets)
        .set({ ownerUserId: userId })
        .where(and(inArray(tickets.ownerTempUserId, ids), isNull(tickets.ownerUserId)))
        .returning({ id: tickets.id });
      return moved.map((row) => row.id);
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;

/**
 * Account deletion: the player's tickets go with their messages and reads (the foreign keys
 * cascade); answers the stored names of their attachments, to remove once this committed.
 */
export async function eraseTicketsOf(tx: Db, userId: string): Promise<string[]> {
  const attachments = await tx
    .select({ imageName: ticketMessages.imageName, videoName: ticketMessages.videoName })
    .from(ticketMessages)
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .where(eq(tickets.ownerUserId, userId));
  await tx.delete(tickets).where(eq(tickets.ownerUserId, userId));
  return attachments.flatMap((row) => [row.imageName, row.videoName]).filter((name): name is string => name !== null);
}
