/**
 * Support constants that pages read without a schema library: statuses, limits, error codes,
 * message keys, upload rules and the rich-text allowlist shared by the server's sanitize-html
 * and the browser's DOMPurify. `support.ts` re-exports them beside its schemas.
 */

import type { ApiErrorCode } from './error-codes.ts';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, VIDEO_MAX_BYTES, VIDEO_TYPES } from './validation-rules.ts';

export const TICKET_STATUSES = ['open', 'closed'] as const;

/** Event names of the support event streams (each SSE `event:` is the payload's `type`). */
export const SUPPORT_EVENT_TYPES = ['ready', 'message', 'unreadCount', 'ticketStatus'] as const;
export type SupportEventType = (typeof SUPPORT_EVENT_TYPES)[number];

export const TICKET_TITLE_MAX_LENGTH = 200;
/** Rich HTML as typed; the server sanitizes it before checking emptiness and storing it. */
export const MESSAGE_TEXT_MAX_LENGTH = 20_000;

/** Multipart field names of create-ticket and send-message. */
export const SUPPORT_MULTIPART_FIELDS = { data: 'data', image: 'image', video: 'video' } as const;

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

// Server defaults

/** The server's default title when the client sent none: placeholder + project name. */
export const DEFAULT_TICKET_TITLE_PREFIX = 'Support request';
export const defaultTicketTitle = (project: string): string => `${DEFAULT_TICKET_TITLE_PREFIX} ${project}`.trim();

/** Text of the automated acknowledgement added to every new ticket ("Message received by the system"). */
export const TICKET_ACKNOWLEDGEMENT_TEXT = '<p>Message received by the system</p>';
