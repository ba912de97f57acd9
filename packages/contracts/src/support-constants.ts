/**
 * Support constants that pages read without a schema library (the unread count rides on
 * every game page); `support.ts` re-exports them beside its schemas.
 */

export const TICKET_STATUSES = ['open', 'closed'] as const;

/** Event names of the support event streams (each SSE `event:` is the payload's `type`). */
export const SUPPORT_EVENT_TYPES = ['ready', 'message', 'unreadCount', 'ticketStatus'] as const;
export type SupportEventType = (typeof SUPPORT_EVENT_TYPES)[number];
