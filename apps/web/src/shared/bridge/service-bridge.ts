import {
  HOST_RESULT_SCHEMAS,
  SERVICE_MESSAGE_TYPE,
  encodeResult,
  resultPath,
  type HostResultOf,
  type ResultKind,
} from '@portal/contracts/messages';
import { createOriginPolicy, normalizeOrigin, originOfUrl, type OriginPolicy } from './origins.ts';

/**
 * The portal's screens embedded in a host (DESIGN.md 4.5): a finished login, payment or support
 * flow hands its result to the host, by `window.parent.postMessage` (postMessage auth type in a
 * frame) or by going to a result page that carries the encoded result (redirect and mobile).
 */

export type AuthDeliveryType = 'postMessage' | 'redirect';
/** `source` of the embedded screen: a web host, a mobile webview, or neither. */
export type EmbedMode = 'web' | 'mobile' | 'default';

export interface DeliverOptions {
  authType: AuthDeliveryType;
  mode: EmbedMode;
  /** The host's origin, from `resolveParentOrigin`; null when unknown. */
  parentOrigin: string | null;
  /** Checked again here: a result is posted only to an allowed origin. */
  allowedOrigins: readonly string[] | OriginPolicy;
  /** The embedded page's window (default: the global window). */
  window?: Window;
}

export type Delivery =
  | { via: 'postMessage'; targetOrigin: string }
  | { via: 'redirect'; path: string; reason: 'redirect' | 'mobile' | 'not-framed' | 'unknown-parent' };

const toPolicy = (allowed: readonly string[] | OriginPolicy, own: string): OriginPolicy =>
  'isAllowed' in allowed ? allowed : createOriginPolicy(allowed, own);

const isFramed = (win: Window): boolean => {
  try {
    return win.parent !== win;
  } catch {
    return true;
  }
};

/**
 * Hands `result` to the host. postMessage: `{ type: '<kind>Result', result }` to `window.parent`
 * with the exact parent origin as targetOrigin, only when that origin is known and allowed;
 * otherwise (and always in redirect and mobile modes) the page goes to the result page. Results
 * carry tokens, so nothing is ever posted to '*'. Throws when the result does not match its schema.
 */
export function deliverResult<K extends ResultKind>(kind: K, result: HostResultOf[K], options: DeliverOptions): Delivery {
  const win = options.window ?? window;
  const checked = HOST_RESULT_SCHEMAS[kind].parse(result) as HostResultOf[K];
  const policy = toPolicy(options.allowedOrigins, win.location.origin);

  let reason: Extract<Delivery, { via: 'redirect' }>['reason'] = 'redirect';
  if (options.mode === 'mobile') reason = 'mobile';
  else if (options.authType === 'postMessage') {
    const target = policy.match(options.parentOrigin);
    if (target && isFramed(win)) {
      win.parent.postMessage({ type: SERVICE_MESSAGE_TYPE[kind], result: checked }, target);
      return { via: 'postMessage', targetOrigin: target };
    }
    reason = isFramed(win) ? 'unknown-parent' : 'not-framed';
  }
  const path = resultPath(kind, encodeResult(checked));
  win.location.assign(path);
  return { via: 'redirect', path, reason };
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
  if (!isFramed(win)) return null;
  const policy = toPolicy(sources.allowedOrigins, win.location.origin);
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return policy.match(ancestors[0]);
  return policy.match(normalizeOrigin(sources.queryOrigin)) ?? policy.match(originOfUrl(win.document.referrer));
}
