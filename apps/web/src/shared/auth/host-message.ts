import type { HostResultOf } from '@portal/contracts/messages';
import { SERVICE_MESSAGE_TYPE, resultPath, type ResultKind } from '@portal/contracts/message-types';
import { encodeResult } from '@portal/contracts/result-codec';
import { createOriginPolicy, type OriginPolicy } from '../bridge/origins';
import { isFramedWindow, resolveParentOrigin } from '../bridge/service-bridge-origin';

/**
 * Results handed to the host that embeds these screens, over the service bridge:
 * `{ type: 'authResult' | 'paymentResult' | 'supportResult', result }` to `window.parent`, with
 * the host's exact origin as targetOrigin, and only when that origin is allowed (the portal's
 * own origin and `allowedOrigins` of the initial config, i.e. PUBLIC_URL, ALLOWED_GAME_ORIGINS
 * and the catalogue's game origins). Never `*`: results carry tokens. Redirect and mobile modes go to the
 * result pages instead (`/session/loginDone/:result`, `/payments/done/:result`,
 * `/support/done/:result`, result = base64url JSON).
 *
 * Zod-free on purpose: every page loads this module (the 401 reaction posts to the host); the
 * contract's constants come from its zod-free modules.
 */
export type HostMessage = { type: 'authResult' | 'paymentResult' | 'supportResult'; result: Record<string, unknown> };

let configuredOrigins: readonly string[] = [];
let originsKnown = false;
/** Results asked for before the allowed origins arrived (a 401 racing the settings). */
const waiting: HostMessage[] = [];
let loading: Promise<unknown> | null = null;

/**
 * The allowed origins of the initial config (set whenever it is fetched): sends what waited to
 * an allowed parent. Settings without a list leave the origins unknown, and what waited is
 * dropped: with no list nothing may be sent.
 */
export function setHostOrigins(origins: readonly string[] | undefined): void {
  configuredOrigins = Array.isArray(origins) ? origins.filter((origin): origin is string => typeof origin === 'string') : [];
  originsKnown = Array.isArray(origins);
  const target = originsKnown && waiting.length > 0 ? parentOrigin() : null;
  for (const message of waiting.splice(0)) if (target) window.parent.postMessage(message, target);
}

/** Fetches the initial config (which sets the origins through `setHostOrigins`). */
let originsLoader: (() => Promise<unknown>) | null = null;

/**
 * How the allowed origins are fetched when a result waits for them: the app registers the
 * initial-config fetch here, so this module (loaded by every page) imports no API code.
 */
export function setHostOriginsLoader(load: () => Promise<unknown>): void {
  originsLoader = load;
}

/** Fetches the settings once (they carry the list); on failure nothing that waited is sent. */
function loadOrigins(): void {
  loading ??= Promise.resolve()
    .then(() => {
      if (!originsLoader) throw new Error('no loader of the allowed origins');
      return originsLoader();
    })
    .catch(() => {
      waiting.length = 0;
    })
    .finally(() => {
      loading = null;
    });
}

/** This page's policy: its own origin plus the configured ones, matched exactly. */
export function hostOriginPolicy(): OriginPolicy {
  return createOriginPolicy(configuredOrigins, window.location.origin);
}

export function isFramed(): boolean {
  // The server's render is of a top-level page.
  return typeof window !== 'undefined' && isFramedWindow(window);
}

/**
 * The framing page's origin when it is allowed, else null: `location.ancestorOrigins[0]`
 * (Chrome, Safari), else an `?origin=` query value, else the referrer's origin (Firefox).
 */
export function parentOrigin(): string | null {
  let queryOrigin: string | null = null;
  try {
    queryOrigin = new URLSearchParams(window.location.search).get('origin');
  } catch {
    queryOrigin = null;
  }
  return resolveParentOrigin({ allowedOrigins: hostOriginPolicy(), queryOrigin });
}

/**
 * Posts a result to the host; false (nothing sent) when not framed or the host is not allowed.
 * Asked before the allowed origins are known, the result waits for them (they are fetched) and
 * goes out only if the parent is on the list.
 */
export function postToHost(message: HostMessage): boolean {
  if (!isFramed()) return false;
  const target = parentOrigin();
  if (target) {
    window.parent.postMessage(message, target);
    return true;
  }
  if (originsKnown) return false;
  waiting.push(message);
  loadOrigins();
  return true;
}

const MOBILE_SOURCES = new Set(['mobile', 'android', 'ios']);

/** `source` of a mobile webview (the app reads the result page's URL). */
export const isMobileSource = (source: string | null | undefined): boolean =>
  typeof source === 'string' && MOBILE_SOURCES.has(source.toLowerCase());

/** The result page of redirect and mobile modes: `/payments/done/<base64url JSON>`. */
export const hostResultPath = (kind: ResultKind, result: unknown): string => resultPath(kind, encodeResult(result));

export interface DeliverToHostOptions {
  /** The project's auth delivery type; undefined counts as postMessage. */
  authType: 'postMessage' | 'redirect' | undefined;
  /** The screen's `source` (web, mobile, ...). */
  source: string | null | undefined;
  /** Goes to a page (default: a full navigation, which webviews and hosts can watch). */
  go?: (path: string) => void;
}

export type HostDelivery = { via: 'postMessage'; targetOrigin: string } | { via: 'redirect'; path: string };

/**
 * Hands a finished flow's result to the host: postMessage mode in a frame posts it to the
 * allowed parent; redirect mode, a mobile source, or a page nobody allowed frames goes to the
 * result page, which keeps the result in its URL.
 */
export function deliverToHost<K extends ResultKind>(kind: K, result: HostResultOf[K], options: DeliverToHostOptions): HostDelivery {
  if (!isMobileSource(options.source) && options.authType !== 'redirect') {
    const target = isFramed() ? parentOrigin() : null;
    if (target) {
      window.parent.postMessage({ type: SERVICE_MESSAGE_TYPE[kind], result }, target);
      return { via: 'postMessage', targetOrigin: target };
    }
  }
  const path = hostResultPath(kind, result);
  (options.go ?? ((to: string) => window.location.assign(to)))(path);
  return { via: 'redirect', path };
}
