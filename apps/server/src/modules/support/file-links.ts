import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Owner } from './repository.ts';

/**
 * Attachment links that work in an <img>/<video> tag, which sends no Authorization or
 * Temp-User-Id header: the path carries `?t=<expiry ms>.<HMAC-SHA256(key, "<stored name>
 * <viewer> <expiry>")>`, where the viewer is `user:<player id>`, `guest:<guest id>` or
 * `staff`. They are handed only to the ticket's player and staff inside the ticket they
 * may read, and are owner-bound: the server checks the MAC against the file's current
 * ticket owner and staff only, so a link stops working once the ticket changes hands (a
 * guest's tickets merged into an account) and no viewer id travels in the URL.
 *
 * The expiry is the end of the next 10-minute window, so a link stays the same (and
 * cacheable) across the 60 s polls and lives between 10 and 20 minutes; the ticket refetch
 * (poll, SSE message, reopening the ticket) hands out fresh links before they lapse.
 */
export const LINK_WINDOW_MS = 10 * 60 * 1000;

/** Whom a link is made for: the ticket's player or guest, or staff. */
export type LinkViewer = Owner | 'staff';

export interface FileLinks {
  path(storedName: string, viewer: LinkViewer, now?: number): string;
  /** True when the token is an unexpired link for this file made for one of these viewers. */
  verify(storedName: string, token: string | undefined, viewers: readonly LinkViewer[], now?: number): boolean;
}

const viewerTag = (viewer: LinkViewer) =>
  viewer === 'staff' ? 'staff' : viewer.kind === 'user' ? `user:${viewer.userId}` : `guest:${viewer.tempUserId}`;

export function createFileLinks(secret: string, prefix = '/api/support/files'): FileLinks {
  const mac = (storedName: string, viewer: LinkViewer, expires: number) =>
    createHmac('sha256', secret)
      .update(`${storedName}\n${viewerTag(viewer)}\n${expires}`)
      .digest('base64url');
  return {
    path(storedName, viewer, now = Date.now()) {
      const expires = Math.floor(now / LINK_WINDOW_MS) * LINK_WINDOW_MS + 2 * LINK_WINDOW_MS;
      return `${prefix}/${storedName}?t=${expires}.${mac(storedName, viewer, expires)}`;
    },
    verify(storedName, token, viewers, now = Date.now()) {
      const match = /^(\d{10,16})\.([\w-]{43})$/.exec(token ?? '');
      if (!match) return false;
      const expires = Number(match[1]);
      // Expired, or further ahead than a link is ever made for (a key leak aside, never).
      if (expires < now || expires > now + 2 * LINK_WINDOW_MS) return false;
      const given = Buffer.from(match[2]!);
      return viewers.some((viewer) => {
        const expected = Buffer.from(mac(storedName, viewer, expires));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
    },
  };
}
