import {
  defaultTicketTitle,
  TICKET_ACKNOWLEDGEMENT_TEXT,
  TICKET_CLOSED_MESSAGE,
  SUPPORT_MESSAGE_KEYS,
  type TStaffTicket,
  type TStaffTicketListItem,
  type TTicket,
  type TTicketListItem,
  type TTicketMessage,
  type TTicketStatus,
} from '@portal/contracts/support';
import type { TStaffPaymentSummary } from '@portal/contracts/staff';
import { AppError } from '../../lib/app-error.ts';
import type { TicketMessageRow, TicketRow } from '../../db/schema.ts';
import type { FileStore } from '../../integrations/uploads/file-store.ts';
import { isEmptyMessage, sanitizeMessageHtml } from '../../integrations/sanitize/message-html.ts';
import type { SupportBusEvent, SupportEventBus } from './events.ts';
import type { FileLinks, LinkViewer } from './file-links.ts';
import type { Owner, SupportRepository } from './repository.ts';

/** Attachments already stored (by the multipart reader) for one message. */
export interface MessageFiles {
  imageName?: string;
  videoName?: string;
}

/**
 * Recent payments of a player for the staff view, in the staff summary shape; injected so support
 * never imports payments (without it the view lists none).
 */
export type RecentPayments = (userId: string) => Promise<TStaffPaymentSummary[]>;

export interface SupportServiceDeps {
  repository: SupportRepository;
  store: FileStore;
  bus: SupportEventBus;
  links: FileLinks;
  recentPayments?: RecentPayments;
  now?: () => Date;
  log?: { warn(obj: object, msg: string): void };
}

export const ticketNotFound = () => new AppError('TICKET_NOT_FOUND', 404, 'Ticket not found');
export const ticketClosed = () => new AppError('TICKET_CLOSED', 409, TICKET_CLOSED_MESSAGE);
const descriptionEmpty = () => new AppError('DESCRIPTION_EMPTY', 400, SUPPORT_MESSAGE_KEYS.descriptionEmptyWarning);

const iso = (date: Date) => date.toISOString();

export function createSupportService(deps: SupportServiceDeps) {
  const { repository, store, bus, links } = deps;
  const now = deps.now ?? (() => new Date());
  const recentPayments: RecentPayments = deps.recentPayments ?? (async () => []);

  /** A message as this viewer sees it: its attachment links are made for that viewer. */
  const toMessage = (row: TicketMessageRow, viewer: LinkViewer): TTicketMessage => ({
    id: row.id,
    isUserMsg: row.author === 'user',
    text: row.text,
    image: row.imageName ? { path: links.path(row.imageName, viewer) } : null,
    video: row.videoName ? { path: links.path(row.videoName, viewer) } : null,
    createTs: iso(row.createdAt),
    isAutomated: row.author === 'system',
    author: row.author,
  });

  const toTicket = (ticket: TicketRow, messages: TicketMessageRow[], viewer: LinkViewer): TTicket => ({
    id: ticket.id,
    title: ticket.title,
    status: ticket.status,
    createTs: iso(ticket.createdAt),
    messages: messages.map((message) => toMessage(message, viewer)),
  });

  const event = (ticket: TicketRow, fields: Pick<SupportBusEvent, 'kind'> & Partial<SupportBusEvent>): SupportBusEvent => ({
    ticketId: ticket.id,
    project: ticket.project,
    ownerUserId: ticket.ownerUserId,
    ownerTempUserId: ticket.ownerTempUserId,
    ...fields,
  });

  /** Live updates are best effort: a failed publish must not fail the write (polling covers it). */
  const publish = async (value: SupportBusEvent) => {
    await bus.publish(value).catch((error: unknown) => deps.log?.warn({ err: error }, 'support event not published'));
  };

  /** Sanitizes the text; a message with neither visible text nor a file is refused. */
  const messageText = (html: string, files: MessageFiles): string => {
    const text = sanitizeMessageHtml(html);
    if (isEmptyMessage(text) && !files.imageName && !files.videoName) throw descriptionEmpty();
    return isEmptyMessage(text) ? '' : text;
  };

  /** Runs a write whose files are already stored; on any failure the files go too. */
  const withFiles = async <T>(files: MessageFiles, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      await removeFiles(files);
      throw error;
    }
  };
  const removeFiles = async (files: MessageFiles) => {
    for (const name of [files.imageName, files.videoName]) {
      if (name) await store.remove(name).catch((error: unknown) => deps.log?.warn({ err: error }, 'could not remove an upload'));
    }
  };

  return {
    toMessage,
    removeFiles,

    async listTickets(owner: Owner): Promise<TTicketListItem[]> {
      const rows = await repository.playerTickets(owner);
      return rows.map((row) => ({ id: row.id, title: row.title, createTs: iso(row.createdAt), unreadMessageCount: row.unread }));
    },

    /** The owner's ticket with its messages; reading it marks the staff's messages read. */
    async getTicket(owner: Owner, id: string): Promise<TTicket> {
      const ticket = await repository.findTicket(id, owner);
      if (!ticket) throw ticketNotFound();
      const messages = await repository.messages(id);
      const before = await repository.playerUnreadCount(owner);
      await repository.markRead(id, 'user', now());
      if (before > 0) await publish(event(ticket, { kind: 'read', reader: 'user' }));
      return toTicket(ticket, messages, owner);
    },

    unreadCount: (owner: Owner) => repository.playerUnreadCount(owner),

    async createTicket(
      owner: Owner,
      input: { project: string; title: string; text: string; files: MessageFiles },
    ): Promise<{ id: string }> {
      return withFiles(input.files, async () => {
        const text = messageText(input.text, input.files);
        const created = await repository.createTicket({
          project: input.project,
          owner,
          title: input.title.trim() || defaultTicketTitle(input.project),
          first: { author: 'user', text, ...input.files },
          acknowledgement: { author: 'system', text: TICKET_ACKNOWLEDGEMENT_TEXT },
          now: now(),
        });
        for (const message of created.messages) {
          await publish(event(created.ticket, { kind: 'message', messageId: message.id }));
        }
        return { id: created.ticket.id };
      });
    },

    async sendMessage(owner: Owner, input: { ticketId: string; text: string; files: MessageFiles }): Promise<void> {
      await withFiles(input.files, async () => {
        const text = messageText(input.text, input.files);
        const added = await repository.addMessage(input.ticketId, owner, { author: 'user', text, ...input.files }, now());
        if (added === null) throw ticketNotFound();
        if (added === 'closed') throw ticketClosed();
        await publish(event(added.ticket, { kind: 'message', messageId: added.message.id }));
      });
    },

    async mergeGuestTickets(userId: string, tempUserIds: string[]): Promise<void> {
      const moved = await repository.mergeGuestTickets(userId, tempUserIds);
      for (const id of moved) {
        const ticket = await repository.findTicket(id, null);
        if (ticket) await publish(event(ticket, { kind: 'merged' }));
      }
    },

    /** May this owner (or staff) read this stored attachment? */
    async canReadFile(storedName: string, owner: Owner | null, isStaff: boolean): Promise<boolean> {
      const ticket = await repository.ticketOfFile(storedName);
      if (!ticket) return false;
      if (isStaff) return true;
      if (!owner) return false;
      return owner.kind === 'user'
        ? ticket.ownerUserId === owner.userId && (owner.project === undefined || ticket.project === owner.project)
        : ticket.ownerUserId === null && ticket.ownerTempUserId === owner.tempUserId;
    },

    /** Whom an attachment link of this file may have been made for: the ticket's current owner and staff. */
    async linkViewers(storedName: string): Promise<LinkViewer[]> {
      const ticket = await repository.ticketOfFile(storedName);
      if (!ticket) return [];
      if (ticket.ownerUserId) return [{ kind: 'user', userId: ticket.ownerUserId }, 'staff'];
      return ticket.ownerTempUserId ? [{ kind: 'guest', tempUserId: ticket.ownerTempUserId }, 'staff'] : ['staff'];
    },

    /** The message of a bus event, as a player or staff member sees it. */
    async messageOf(messageId: string, viewer: LinkViewer): Promise<TTicketMessage | null> {
      const found = await repository.message(messageId);
      return found ? toMessage(found.message, viewer) : null;
    },

    // -------------------------------------------------------------------------------------
    // Staff

    async staffTickets(status: TTicketStatus, project?: string): Promise<TStaffTicketListItem[]> {
      const rows = await repository.staffTickets(status, project);
      return rows.map((row) => ({
        id: row.id,
        project: row.project,
        title: row.title,
        status: row.status,
        createTs: iso(row.createdAt),
        lastMessageTs: iso(row.lastMessageAt),
        unreadMessageCount: row.unread,
        player: row.ownerUserId ? { kind: 'user', id: row.ownerUserId } : { kind: 'guest', id: row.ownerTempUserId ?? '' },
      }));
    },

    async staffTicket(id: string): Promise<TStaffTicket> {
      const ticket = await repository.findTicket(id, null);
      if (!ticket) throw ticketNotFound();
      const messages = await repository.messages(id);
      await repository.markRead(id, 'staff', now());
      await publish(event(ticket, { kind: 'read', reader: 'staff' }));
      const user = ticket.ownerUserId ? await repository.user(ticket.ownerUserId) : null;
      const player: TStaffTicket['player'] = user
        ? { kind: 'user', id: user.id, nickName: user.nickName, currentAuthType: user.currentAuthType }
        : { kind: 'guest', id: ticket.ownerTempUserId ?? ticket.ownerUserId ?? '', nickName: null, currentAuthType: 'guest' };
      const payments = user ? await recentPayments(user.id).catch(() => []) : [];
      return { ...toTicket(ticket, messages, 'staff'), project: ticket.project, player, recentPayments: payments };
    },

    async staffReply(staffId: string, input: { ticketId: string; text: string; files: MessageFiles }): Promise<TTicketMessage> {
      return withFiles(input.files, async () => {
        const text = messageText(input.text, input.files);
        const added = await repository.addMessage(input.ticketId, null, { author: 'staff', staffId, text, ...input.files }, now());
        if (added === null) throw ticketNotFound();
        if (added === 'closed') throw ticketClosed();
        await publish(event(added.ticket, { kind: 'message', messageId: added.message.id }));
        return toMessage(added.message, 'staff');
      });
    },

    async setStatus(id: string, status: TTicketStatus): Promise<{ id: string; status: TTicketStatus }> {
      const ticket = await repository.setStatus(id, status, now());
      if (!ticket) throw ticketNotFound();
      await publish(event(ticket, { kind: 'status', status }));
      return { id, status };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
