import {
  HOST_RESULT_SCHEMAS,
  SERVICE_MESSAGE_TYPE,
  encodeResult,
  resultPath,
  type HostResultOf,
  type ResultKind,
} from '@portal/contracts/messages';
import type { OriginPolicy } from './origins.ts';
import { isFramedWindow as isFramed, toOriginPolicy as toPolicy } from './service-bridge-origin.ts';

export { resolveParentOrigin, type ParentOriginSources } from './service-bridge-origin.ts';

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
