import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Attachment links that work in an <img>/<video> tag, which sends no Authorization or
 * Temp-User-Id header: the path carries `?t=<expiry>.<HMAC(storedName, expiry)>`, handed
 * only to the ticket's player and staff inside the ticket they may read. The expiry is
 * rounded to a window so a link stays the same (and cacheable) between polls.
 */
const WINDOW_MS = 6 * 60 * 60 * 1000;

export interface FileLinks {
  path(storedName: string, now?: number): string;
  verify(storedName: string, token: string | undefined, now?: number): boolean;
}

export function createFileLinks(secret: string, prefix = '/api/support/files'): FileLinks {
  const mac = (storedName: string, expires: number) =>
    createHmac('sha256', secret).update(`${storedName}.${expires}`).digest('base64url');
  return {
    path(storedName, now = Date.now()) {
      const expires = Math.floor(now / WINDOW_MS) * WINDOW_MS + 2 * WINDOW_MS;
      return `${prefix}/${storedName}?t=${expires}.${mac(storedName, expires)}`;
    },
    verify(storedName, token, now = Date.now()) {
      const match = /^(\d{10,16})\.([\w-]{43})$/.exec(token ?? '');
      if (!match) return false;
      const expires = Number(match[1]);
      if (expires < now) return false;
      const expected = Buffer.from(mac(storedName, expires));
      const given = Buffer.from(match[2]!);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
