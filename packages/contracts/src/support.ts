import { z } from 'zod';
import { MESSAGE_TEXT_MAX_LENGTH, TICKET_STATUSES, TICKET_TITLE_MAX_LENGTH, type SupportEventType } from './support-constants.ts';
import { ZStaffPaymentSummary } from './staff.ts';

export * from './support-constants.ts';

/**
 * Support tickets: the schemas of /api/support/* payloads. Their error codes, message keys,
 * upload limits and the rich-text allowlist live in `support-constants.ts` (no zod), re-exported here.
 */

// ---------------------------------------------------------------------------------------
// Entities

export const ZTicketStatus = z.enum(TICKET_STATUSES);
export type TTicketStatus = z.infer<typeof ZTicketStatus>;

/** Who wrote a message: the player, a staff member or the automated system. */
export const MESSAGE_AUTHOR_KINDS = ['user', 'staff', 'system'] as const;
export const ZMessageAuthorKind = z.enum(MESSAGE_AUTHOR_KINDS);
export type TMessageAuthorKind = z.infer<typeof ZMessageAuthorKind>;

/** An attachment as the client sees it: a path it can GET (served only to owner and staff). */
export const ZAttachment = z.object({ path: z.string() });
export type TAttachment = z.infer<typeof ZAttachment>;

export const ZTicketListItem = z.object({
  id: z.string(),
  title: z.string(),
  /** ISO 8601. */
  createTs: z.string(),
  unreadMessageCount: z.number().int().nonnegative(),
});
export type TTicketListItem = z.infer<typeof ZTicketListItem>;

export const ZTicketMessage = z.object({
  id: z.string(),
  isUserMsg: z.boolean(),
  /** Rich HTML, already sanitized to EDITOR_ALLOWLIST by the server. */
  text: z.string(),
  image: ZAttachment.nullable(),
  video: ZAttachment.nullable(),
  /** ISO 8601. */
  createTs: z.string(),
  isAutomated: z.boolean(),
  author: ZMessageAuthorKind,
});
export type TTicketMessage = z.infer<typeof ZTicketMessage>;

export const ZTicket = z.object({
  id: z.string(),
  title: z.string(),
  status: ZTicketStatus,
  createTs: z.string(),
  messages: z.array(ZTicketMessage),
});
export type TTicket = z.infer<typeof ZTicket>;

// ---------------------------------------------------------------------------------------
// Requests and responses

/**
 * The `data` JSON field of POST /support/create-ticket (multipart, with optional `image`
 * and `video` file fields). An empty title gets the default (placeholder + project name).
 */
export const ZCreateTicketData = z.object({
  title: z.string().trim().max(TICKET_TITLE_MAX_LENGTH).optional().default(''),
  text: z.string().max(MESSAGE_TEXT_MAX_LENGTH).optional().default(''),
});
export type TCreateTicketData = z.infer<typeof ZCreateTicketData>;
export const ZCreateTicketResponse = z.object({ id: z.string() });
export type TCreateTicketResponse = z.infer<typeof ZCreateTicketResponse>;

/** The `data` JSON field of POST /support/send-message (multipart, files as above). */
export const ZSendMessageData = z.object({
  ticketId: z.string().min(1),
  text: z.string().max(MESSAGE_TEXT_MAX_LENGTH).optional().default(''),
});
export type TSendMessageData = z.infer<typeof ZSendMessageData>;
export const ZSendMessageResponse = z.object({ result: z.boolean() });
export type TSendMessageResponse = z.infer<typeof ZSendMessageResponse>;

export const ZGetTicketsResponse = z.array(ZTicketListItem);
export type TGetTicketsResponse = z.infer<typeof ZGetTicketsResponse>;

export const ZUnreadCountResponse = z.object({ count: z.number().int().nonnegative() });
export type TUnreadCountResponse = z.infer<typeof ZUnreadCountResponse>;

export const ZMergeUserIdResponse = z.object({ result: z.boolean() });
export type TMergeUserIdResponse = z.infer<typeof ZMergeUserIdResponse>;

// ---------------------------------------------------------------------------------------
// Staff inbox and live updates

export const ZTicketIdQuery = z.object({ id: z.uuid() });
export const ZTicketIdParams = z.object({ id: z.uuid() });

/** Who owns a ticket: a signed-in player, or a guest keyed by Temp-User-Id. */
export const ZTicketPlayer = z.object({
  kind: z.enum(['user', 'guest']),
  /** The player's user id, or the guest's Temp-User-Id. */
  id: z.string(),
  nickName: z.string().nullable(),
  /** Sign-in type of the player's account; `guest` for a guest. */
  currentAuthType: z.string(),
});
export type TTicketPlayer = z.infer<typeof ZTicketPlayer>;

export const ZStaffTicketsQuery = z.object({
  status: ZTicketStatus.default('open'),
  project: z.string().trim().min(1).max(64).optional(),
});
export type TStaffTicketsQuery = z.infer<typeof ZStaffTicketsQuery>;

export const ZStaffTicketListItem = z.object({
  id: z.string(),
  project: z.string(),
  title: z.string(),
  status: ZTicketStatus,
  createTs: z.string(),
  lastMessageTs: z.string(),
  /** Player messages the staff has not read yet. */
  unreadMessageCount: z.number().int().nonnegative(),
  player: z.object({ kind: z.enum(['user', 'guest']), id: z.string() }),
});
export type TStaffTicketListItem = z.infer<typeof ZStaffTicketListItem>;

export const ZStaffTicket = ZTicket.extend({
  project: z.string(),
  player: ZTicketPlayer,
  recentPayments: z.array(ZStaffPaymentSummary),
});
export type TStaffTicket = z.infer<typeof ZStaffTicket>;

export const ZTicketStatusResponse = z.object({ id: z.string(), status: ZTicketStatus });

/**
 * Server-Sent Events of GET /api/support/events (player) and GET /api/staff/support/events.
 * Each SSE `event:` name is the `type`; `data:` is this JSON.
 */
export const ZSupportEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('message'), ticketId: z.string(), project: z.string(), message: ZTicketMessage }),
  z.object({ type: z.literal('unreadCount'), count: z.number().int().nonnegative() }),
  z.object({ type: z.literal('ticketStatus'), ticketId: z.string(), status: ZTicketStatus }),
]);
export type TSupportEvent = z.infer<typeof ZSupportEvent>;
/** Compiles only while SUPPORT_EVENT_TYPES names exactly the schema's types. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Is<T extends true> = T;
export type CheckedSupportEventType = Is<Same<SupportEventType, TSupportEvent['type']>>;
