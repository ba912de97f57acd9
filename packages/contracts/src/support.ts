import { z } from 'zod';
import { TICKET_STATUSES, type SupportEventType } from './support-constants.ts';

export * from './support-constants.ts';
import type { ApiErrorCode } from './error-codes.ts';
import { ZStaffPaymentSummary } from './staff.ts';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, VIDEO_MAX_BYTES, VIDEO_TYPES } from './validation.ts';

/**
 * Support tickets: the payloads of /api/support/*, their
 * error codes and message keys, the upload limits and the rich-text allowlist shared by
 * the server's sanitize-html and the browser's DOMPurify.
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

export const TICKET_TITLE_MAX_LENGTH = 200;
/** Rich HTML as typed; the server sanitizes it before checking emptiness and storing it. */
export const MESSAGE_TEXT_MAX_LENGTH = 20_000;

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

/** Multipart field names of create-ticket and send-message. */
export const SUPPORT_MULTIPART_FIELDS = { data: 'data', image: 'image', video: 'video' } as const;

// ---------------------------------------------------------------------------------------
// Errors

/** Codes the support routes answer with (in `code`), beside the shared API_ERROR_CODES. */
export const SUPPORT_ERROR_CODES = [
  'TICKET_NOT_FOUND',
  'TICKET_CLOSED',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_FILE_TYPE',
  'DESCRIPTION_EMPTY',
  'UPLOAD_FAILED',
  /** The player's or the address's upload bytes of the last 24 hours are used up (429, Retry-After). */
  'UPLOAD_QUOTA_EXCEEDED',
  /** The server's disk is nearly full: no uploads for now (503, Retry-After). */
  'STORAGE_FULL',
] as const satisfies readonly ApiErrorCode[];
export type TSupportErrorCode = (typeof SUPPORT_ERROR_CODES)[number];

/** i18n keys of upload and validation messages (the web's translation files hold these names). */
export const SUPPORT_MESSAGE_KEYS = {
  errorMessageFormat: 'support.errorMessageFormat',
  /** Takes `{{limit}}`: the limit in MB. */
  errorMessageSize: 'support.errorMessageSize',
  unsupportedVideo: 'support.unsupportedVideo',
  descriptionEmptyWarning: 'support.descriptionEmptyWarning',
} as const;

/**
 * The client's reaction to a send-message failure keys on this exact text
 * ("message HttpException: TICKET_CLOSED reloads the ticket").
 */
export const TICKET_CLOSED_MESSAGE = 'HttpException: TICKET_CLOSED';

// ---------------------------------------------------------------------------------------
// Uploads

export const UPLOAD_KINDS = ['image', 'video'] as const;
export type TUploadKind = (typeof UPLOAD_KINDS)[number];

export type TImageMime = (typeof IMAGE_TYPES)[number];
export type TVideoMime = (typeof VIDEO_TYPES)[number];
export type TUploadMime = TImageMime | TVideoMime;

export const UPLOAD_LIMITS = {
  image: { maxBytes: IMAGE_MAX_BYTES, types: IMAGE_TYPES },
  video: { maxBytes: VIDEO_MAX_BYTES, types: VIDEO_TYPES },
} as const satisfies Record<TUploadKind, { maxBytes: number; types: readonly string[] }>;

/** The limit as the size message shows it ("... the limit of 5 MB"). */
export const limitInMb = (maxBytes: number): number => Math.round(maxBytes / (1024 * 1024));

/** File extension per accepted type: stored names and download names use it. */
export const UPLOAD_EXTENSIONS: Record<TUploadMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
  'video/webm': 'webm',
  'video/x-matroska': 'mkv',
};

/** The `accept` attribute of the file inputs. */
export const UPLOAD_ACCEPT: Record<TUploadKind, string> = {
  image: IMAGE_TYPES.join(','),
  video: VIDEO_TYPES.join(','),
};

export const isUploadMimeOf = (kind: TUploadKind, mime: string): boolean =>
  (UPLOAD_LIMITS[kind].types as readonly string[]).includes(mime.toLowerCase());

// ---------------------------------------------------------------------------------------
// Rich text: the ticket editor's allowlist (bold, italic, underline, link, code block)

/**
 * The only markup a message may keep. Tiptap produces it, sanitize-html (server) and
 * DOMPurify (browser) both enforce it, so what is stored and what is shown agree.
 */
export const EDITOR_ALLOWLIST = {
  tags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'a', 'pre', 'code'],
  /** Attributes per tag; everything else (style, class, on*) is dropped. */
  attributes: { a: ['href', 'rel', 'target'] } as Readonly<Record<string, readonly string[]>>,
  /** URL schemes an href may use; relative and protocol-less links are dropped too. */
  schemes: ['http', 'https', 'mailto'],
  /** Forced on every link, whatever the input said. */
  linkAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
} as const;

/** DOMPurify options equivalent to EDITOR_ALLOWLIST (the browser adds the link hook). */
export const DOMPURIFY_CONFIG = {
  ALLOWED_TAGS: [...EDITOR_ALLOWLIST.tags],
  ALLOWED_ATTR: ['href', 'rel', 'target'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

// ---------------------------------------------------------------------------------------
// Server defaults, staff inbox and live updates

/** The server's default title when the client sent none: placeholder + project name. */
export const DEFAULT_TICKET_TITLE_PREFIX = 'Support request';
export const defaultTicketTitle = (project: string): string => `${DEFAULT_TICKET_TITLE_PREFIX} ${project}`.trim();

/** Text of the automated acknowledgement added to every new ticket ("Message received by the system"). */
export const TICKET_ACKNOWLEDGEMENT_TEXT = '<p>Message received by the system</p>';

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
