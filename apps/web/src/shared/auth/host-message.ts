/**
 * Results handed to the host that frames these screens (DESIGN 4.5):
 * `{ type: 'authResult' | 'paymentResult' | 'supportResult', result }` to `window.parent`.
 * A stand-in until the window-message bridge takes over delivery: it posts only when framed,
 * and only to the parent's own origin (never `*`).
 */
export type HostMessage = { type: 'authResult' | 'paymentResult' | 'supportResult'; result: Record<string, unknown> };

export function isFramed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/** The framing page's origin: location.ancestorOrigins, else the referrer. */
export function parentOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? null;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** Posts a result to the host; false when not framed (nothing was sent). */
export function postToHost(message: HostMessage): boolean {
  if (!isFramed()) return false;
  const origin = parentOrigin();
  if (!origin) return false;
  window.parent.postMessage(message, origin);
  return true;
}
