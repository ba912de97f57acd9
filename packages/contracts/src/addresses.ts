/**
 * The addresses the catalogue stores (a game's address, images, SEO links, social links) and
 * the origins built from them, checked the same way where they are saved and again where they
 * are used (security headers, the game frame, page metadata). Zod-free: every page may load it.
 */

/** A host name as a browser sends it: lowercase labels of letters, digits and dashes, dot-separated. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Whether `host` is a plain host name (or a dotted IPv4 address): nothing a header could split on. */
export const isPlainHostName = (host: string): boolean => HOST_NAME.test(host);

/**
 * The origin of `value` when it is safe to put in a header: http or https on a plain host name
 * (an optional port), so `scheme://host[:port]` and nothing else. `null` for anything else: a
 * wildcard, a comma, a semicolon, a space or an IPv6 literal in the host included.
 */
export function safeOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!isPlainHostName(url.hostname) || url.username || url.password) return null;
  return url.origin;
}

/** A path on the portal's own site: one leading "/", never "//", no backslash, space or control character. */
export function isSitePath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return value.startsWith('/') && !value.startsWith('//') && !/[\s\\\u0000-\u001f\u007f]/.test(value);
}

function webUrl(value: string, schemes: readonly string[]): URL | null {
  // eslint-disable-next-line no-control-regex
  if (/[\s\\\u0000-\u001f\u007f]/.test(value)) return null;
  if (!/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!schemes.includes(url.protocol) || !isPlainHostName(url.hostname) || url.username || url.password) return null;
  return url;
}

/**
 * Why `value` cannot be a game's address, or `null` when it can: a path on the portal (the demo
 * games), or an http(s) URL on a plain host name without a user or password. Whether plain http
 * is allowed is the server's call (never in production).
 */
export function gameAddressProblem(value: string): string | null {
  if (value === '' || isSitePath(value)) return null;
  if (value.includes('*')) return 'a game address has no wildcards';
  return webUrl(value, ['https:', 'http:'])
    ? null
    : 'a game address is an https:// URL on a plain host name, or a site path starting with /';
}

/** Whether `value` is an https URL on a plain host name, or a path on the portal's own site. */
export function isSiteAddress(value: string): boolean {
  return isSitePath(value) || webUrl(value, ['https:']) !== null;
}

/**
 * Whether `value` can name an image: an https URL, a site path, or a bare file name under the
 * portal's /images (`logo.png`, `games/x/logo.svg`). Never another scheme (`javascript:`, `data:`).
 */
export function isImageAddress(value: string): boolean {
  return isSiteAddress(value) || (/^[\w.-]+(\/[\w.-]+)*$/.test(value) && !value.split('/').includes('..'));
}

/** A game address as a page may use it (the frame's src): the value when it passes `gameAddressProblem`, else null. */
export const usableGameAddress = (value: string | null | undefined): string | null =>
  value && gameAddressProblem(value) === null ? value : null;
