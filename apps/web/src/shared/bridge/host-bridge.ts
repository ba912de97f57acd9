import {
  ZGameMessage,
  ZPortalMessage,
  type TGameMessage,
  type TPaymentResult,
  type TPortalMessage,
  type TUserAuth,
} from '@portal/contracts/messages';
import { HOST_ERROR_CODES } from '@portal/contracts/error-codes';
import type { Language } from '@portal/contracts/languages';
import { createOriginPolicy, originOfUrl, type OriginPolicy } from './origins.ts';

/**
 * The portal as host of `iframe#game-frame`: accepts a game message only from
 * the frame's window, from an allowed origin, and only when it parses as a known message; calls
 * the matching handler and posts the answer back to that window with `targetOrigin` set to the
 * message's origin (never '*').
 */

/** A payment URL from a game, once checked to be this portal's own payment screen. */
export interface PaymentTarget {
  /** the URL as given, resolved */
  url: URL;
  /** the first path segment after `/payments/process/` */
  paymentId: string;
  /** the other route segments: `/payments/process/:id/:source?/:locale?/:project?/:jwt?` */
  source: string | null;
  locale: string | null;
  project: string | null;
  jwt: string | null;
  /** the query values, which go to the payment modal */
  query: Record<string, string>;
}

type MaybePromise<T> = T | Promise<T>;

export interface HostBridgeHandlers {
  /** The current player (signed out: `SIGNED_OUT_USER_AUTH`). Answered as `userAuth`. */
  getUserAuth(): MaybePromise<TUserAuth>;
  /**
   * Opens the login screen and settles when it closes: with the player (answered as
   * `userAuth`), or with null to answer nothing now (the screen will `notify` later).
   * A login closed without signing in should resolve the signed-out auth so the game's
   * promise settles.
   */
  login(): MaybePromise<TUserAuth | null>;
  /** Signs out; answered as `logout`. */
  logout(): MaybePromise<void>;
  /**
   * Opens the payment modal for a checked URL and settles with the final result (answered as
   * `paymentResult`); a modal closed by the player is `{ status: 'none', isError: true,
   * errorCode: 4000 }`. Never called for a URL that is not this portal's payment screen.
   */
  openPayment(target: PaymentTarget): MaybePromise<TPaymentResult>;
  /** Switches the interface language; answered as `languageChange` with the language now in use. */
  changeLanguage(language: Language): MaybePromise<Language | void>;
  /** Answered as `unreadSupportCount`. */
  getUnreadSupportCount(): MaybePromise<number>;
  /** Opens support; no answer. */
  openSupport(): MaybePromise<void>;
  /**
   * Called when an `openPayment` is refused (no link, a foreign link): the screen shows the
   * payment opening error text. The game has already been answered with code 4001.
   */
  onPaymentRefused?(text: unknown): void;
}

export type DropReason = 'source' | 'origin' | 'malformed';
export type BridgeLog = (event: string, detail?: Record<string, unknown>) => void;

export interface HostBridgeOptions {
  /** The game frame, or a getter for it (a frame element or its window). */
  frame: HTMLIFrameElement | (() => HTMLIFrameElement | Window | null);
  /** Allowed origins (own origin is always added), or a ready policy. */
  allowedOrigins: readonly string[] | OriginPolicy;
  handlers: HostBridgeHandlers;
  /** Where drops and handler failures are reported; default: console.debug in development only. */
  log?: BridgeLog;
  /**
   * Origins whose `/payments/process/...` URLs count as this portal's own (default: the page's
   * origin). In development behind the Vite proxy, pass the server's PUBLIC_URL origin too.
   */
  paymentOrigins?: readonly string[];
  /** The portal's window (default: the global window). */
  window?: Window;
}

export interface HostBridge {
  /**
   * Pushes an event (logout, languageChange, unreadSupportCount, userAuth, paymentResult) to
   * the frame's origin. Returns false, posting nothing, when the frame has no window, its origin
   * is unknown or not allowed, or the message does not match its schema.
   */
  notify(message: TPortalMessage): boolean;
  /**
   * Handles a message event received before this bridge existed (held while the allowed
   * origins were loading), with the same checks as a live one.
   */
  receive(event: MessageEvent): void;
  /** Stops listening; answers still pending are dropped. */
  destroy(): void;
}

/** The default log: console.debug in development, nothing in production. */
export const devLog: BridgeLog = (event, detail) => {
  if (import.meta.env.DEV) console.debug(`[host-bridge] ${event}`, detail ?? '');
};

const PAYMENT_PATH = /^\/payments\/process\/([^/]+)(?:\/([^/]*))?(?:\/([^/]*))?(?:\/([^/]*))?(?:\/([^/]*))?\/?$/;

/**
 * Checks that `text` is this portal's own payment screen URL (`<own origin>/payments/process/<id>...`).
 * Relative URLs are not accepted: the game must pass the absolute `paymentUrl` it was given.
 */
export function parsePaymentUrl(text: unknown, ownOrigins: string | readonly string[]): PaymentTarget | null {
  if (typeof text !== 'string' || !text || text.length > 4096) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const origins = typeof ownOrigins === 'string' ? [ownOrigins] : ownOrigins;
  if (!origins.includes(url.origin) || url.username || url.password) return null;
  const m = PAYMENT_PATH.exec(url.pathname);
  if (!m) return null;
  const segment = (i: number): string | null => {
    const raw = m[i];
    if (!raw) return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  };
  const paymentId = segment(1);
  if (!paymentId) return null;
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of url.searchParams) query[key] = value;
  return { url, paymentId, source: segment(2), locale: segment(3), project: segment(4), jwt: segment(5), query };
}

/** The answer to an `openPayment` that cannot be opened (4001, process failed). */
export const PAYMENT_OPEN_ERROR: TPaymentResult = Object.freeze({
  paymentId: null,
  status: 'fail',
  isError: true,
  errorCode: HOST_ERROR_CODES.processFailed,
});

/** A structured-clone result: an object whose prototype is (some realm's) Object.prototype, or null. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

export function createHostBridge(options: HostBridgeOptions): HostBridge {
  const win = options.window ?? window;
  const ownOrigin = win.location.origin;
  const policy: OriginPolicy =
    'isAllowed' in options.allowedOrigins ? options.allowedOrigins : createOriginPolicy(options.allowedOrigins, ownOrigin);
  const paymentOrigins = createOriginPolicy(options.paymentOrigins ?? [], ownOrigin).origins;
  const { handlers } = options;
  const log = options.log ?? devLog;
  // Origin of the last accepted message, with the frame's src at that time: a new src means a
  // new game, whose origin is then taken from the src until it speaks.
  let last: { origin: string; src: string | null } | null = null;
  let destroyed = false;

  const frameParts = (): { element: HTMLIFrameElement | null; window: Window | null } => {
    const f = typeof options.frame === 'function' ? options.frame() : options.frame;
    if (!f) return { element: null, window: null };
    if ('contentWindow' in f && 'src' in f) return { element: f, window: f.contentWindow };
    return { element: null, window: f as Window };
  };

  function post(target: MessageEventSource, message: TPortalMessage, origin: string): boolean {
    const checked = ZPortalMessage.safeParse(message);
    if (!checked.success) {
      log('invalid outgoing message', { type: (message as { type?: unknown }).type, issues: checked.error.issues });
      return false;
    }
    (target as Window).postMessage(checked.data, origin);
    return true;
  }

  // `type` goes last: a handler's object cannot turn the answer into another message.
  async function answer(msg: TGameMessage): Promise<TPortalMessage | null> {
    switch (msg.type) {
      case 'getUserAuth':
        return { ...(await handlers.getUserAuth()), type: 'userAuth' };
      case 'login': {
        const auth = await handlers.login();
        return auth ? { ...auth, type: 'userAuth' } : null;
      }
      case 'logout':
        await handlers.logout();
        return { type: 'logout' };
      case 'openPayment': {
        const target = parsePaymentUrl(msg.text, paymentOrigins);
        if (!target) {
          handlers.onPaymentRefused?.(msg.text);
          return { type: 'paymentResult', ...PAYMENT_OPEN_ERROR };
        }
        try {
          return { ...(await handlers.openPayment(target)), type: 'paymentResult' };
        } catch (error) {
          log('openPayment failed', { error });
          return { type: 'paymentResult', ...PAYMENT_OPEN_ERROR, paymentId: target.paymentId };
        }
      }
      case 'changeLanguage': {
        const language = (await handlers.changeLanguage(msg.language)) ?? msg.language;
        return { type: 'languageChange', language };
      }
      case 'getUnreadSupportCount':
        return { type: 'unreadSupportCount', count: await handlers.getUnreadSupportCount() };
      case 'openSupport':
        await handlers.openSupport();
        return null;
    }
  }

  function onMessage(event: MessageEvent): void {
    const frameWindow = frameParts().window;
    if (!frameWindow || event.source !== frameWindow) return log('drop', { reason: 'source' satisfies DropReason });
    const origin = policy.match(event.origin);
    if (!origin || origin !== event.origin) {
      return log('drop', { reason: 'origin' satisfies DropReason, origin: event.origin });
    }
    const parsed = isPlainObject(event.data) ? ZGameMessage.safeParse(event.data) : null;
    if (!parsed?.success) {
      // "A payment message without a link gives the payment opening error text".
      const data: unknown = event.data;
      if (isPlainObject(data) && Object.hasOwn(data, 'type') && data.type === 'openPayment') {
        handlers.onPaymentRefused?.(data.text);
        post(event.source, { type: 'paymentResult', ...PAYMENT_OPEN_ERROR }, origin);
        return;
      }
      return log('drop', {
        reason: 'malformed' satisfies DropReason,
        type: typeof data === 'object' && data ? (data as { type?: unknown }).type : typeof data,
      });
    }
    last = { origin, src: frameParts().element?.src ?? null };
    const source = event.source;
    const msg = parsed.data;
    void (async () => {
      let reply: TPortalMessage | null;
      try {
        reply = await answer(msg);
      } catch (error) {
        log('handler failed', { type: msg.type, error });
        return;
      }
      if (reply && !destroyed) post(source, reply, origin);
    })();
  }

  win.addEventListener('message', onMessage);

  return {
    notify(message) {
      if (destroyed) return false;
      const { element, window: frameWindow } = frameParts();
      if (!frameWindow) return false;
      // The browser drops the post if the frame has since navigated to another origin.
      const src = element?.src ?? null;
      const origin = last && last.src === src ? last.origin : policy.match(originOfUrl(src, ownOrigin));
      if (!origin) {
        log('notify without a known frame origin', { type: message.type });
        return false;
      }
      return post(frameWindow, message, origin);
    },
    receive(event) {
      if (!destroyed) onMessage(event);
    },
    destroy() {
      destroyed = true;
      win.removeEventListener('message', onMessage);
    },
  };
}
