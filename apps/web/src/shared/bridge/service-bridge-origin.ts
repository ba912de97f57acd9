import { createOriginPolicy, normalizeOrigin, originOfUrl, type OriginPolicy } from './origins.ts';

/**
 * The zod-free half of the service bridge: is this page framed, and by which allowed origin.
 * Every page loads it (the 401 reaction posts to the host), so it imports no schema.
 */

export const toOriginPolicy = (allowed: readonly string[] | OriginPolicy, own: string): OriginPolicy =>
  'isAllowed' in allowed ? allowed : createOriginPolicy(allowed, own);

/** True inside a frame (reading `parent` across origins may throw in old browsers: framed too). */
export function isFramedWindow(win: Window): boolean {
  try {
    return win.parent !== win;
  } catch {
    return true;
  }
}

export interface ParentOriginSources {
  /** Allowed origins (own origin is added). */
  allowedOrigins: readonly string[] | OriginPolicy;
  /** An explicit `origin` query value, if the host passed one. */
  queryOrigin?: string | null;
  window?: Window;
}

/**
 * The host's origin, when it is allowed, else null. `location.ancestorOrigins[0]` (Chrome,
 * Safari) is the browser's own word and wins: if it names an origin that is not allowed, the
 * answer is null whatever the query says. Without it (Firefox), an explicit `origin` query value
 * is taken, then the origin of `document.referrer` (stripped by some referrer policies, and
 * stale after a full navigation inside the frame). Forged values cannot leak anything: the
 * browser delivers a post only when the parent really is at the target origin.
 */
export function resolveParentOrigin(sources: ParentOriginSources): string | null {
  const win = sources.window ?? window;
  if (!isFramedWindow(win)) return null;
  const policy = toOriginPolicy(sources.allowedOrigins, win.location.origin);
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return policy.match(ancestors[0]);
  return policy.match(normalizeOrigin(sources.queryOrigin)) ?? policy.match(originOfUrl(win.document.referrer));
}
