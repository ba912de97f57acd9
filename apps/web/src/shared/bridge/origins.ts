/**
 * Origins allowed to exchange window messages with the portal: the portal's own
 * origin and `allowedOrigins` of the initial config (the server's PUBLIC_URL origin, then
 * ALLOWED_GAME_ORIGINS and the origins of the catalogue's games that are not archived).
 * Matching is exact after normalization; there are no wildcards.
 */

/**
 * The serialized origin of `value` (`scheme://host[:port]`, scheme and host lowercased, the
 * scheme's default port dropped), or null when `value` is not an http(s) origin: `null`, `*`,
 * opaque origins (file:, data:, sandboxed frames), values carrying credentials, a path other
 * than `/`, a query or a fragment.
 */
export function normalizeOrigin(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!text || text === '*' || text === 'null' || text.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  // Hosts are DNS names (punycoded by URL) or IP literals: no wildcard like `*.example`.
  if (!/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) return null;
  // `new URL('https://a.example?')` has an empty search but is not an origin either.
  if (/[?#]/.test(text)) return null;
  return url.origin;
}

/** The origin of any absolute http(s) URL (a referrer, a frame's src), or null. */
export function originOfUrl(value: unknown, base?: string): string | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

export interface OriginPolicy {
  /** The normalized allowed origins, own origin first, without duplicates. */
  readonly origins: readonly string[];
  /** True only when `origin` normalizes to one of `origins`. */
  isAllowed(origin: unknown): boolean;
  /** `origin` normalized when it is allowed, else null. */
  match(origin: unknown): string | null;
}

/**
 * Builds the allowed list from the portal's own origin and the configured extras. Entries that
 * are not origins (`*`, `null`, URLs with paths, garbage) are ignored, never widened.
 */
export function createOriginPolicy(allowedOrigins: Iterable<string>, ownOrigin?: string | null): OriginPolicy {
  const origins = new Set<string>();
  const own = normalizeOrigin(ownOrigin);
  if (own) origins.add(own);
  for (const entry of allowedOrigins) {
    const origin = normalizeOrigin(entry);
    if (origin) origins.add(origin);
  }
  const list = Object.freeze([...origins]);
  const match = (origin: unknown): string | null => {
    const normalized = normalizeOrigin(origin);
    return normalized && origins.has(normalized) ? normalized : null;
  };
  return { origins: list, isAllowed: (origin) => match(origin) !== null, match };
}
