/**
 * Game SDK: the promise API an embedded game uses to talk to the portal
 * through window messages. No runtime dependencies: the message
 * types come from @portal/contracts as types only, and the tests check this file's
 * hand-written validation against the contracts' zod schemas.
 */
import type { HostErrorCode } from '@portal/contracts/errors';
import type { Language } from '@portal/contracts/languages';
import type { UserAuthType } from '@portal/contracts/auth';
import type { TPaymentStatus as PaymentStatus } from '@portal/contracts/payments';
import type { PortalMessageType, TGameMessage, TPaymentResult, TPortalMessage, TUserAuth } from '@portal/contracts/messages';

/** How the player signed in, `unauthorized` when signed out; a method newer than this SDK comes through as its string. */
export type AuthType = UserAuthType | (string & {});
/** The player, as the portal's `userAuth` message carries it (`currentAuthType: 'unauthorized'` when signed out). */
export type UserAuth = Omit<TUserAuth, 'currentAuthType'> & { currentAuthType: AuthType };
/**
 * The portal's `paymentResult`: `status` none | pending | paid | fail; `errorCode` a host error
 * code when isError (a code newer than this SDK still comes through as a number).
 */
export type PaymentResult = Omit<TPaymentResult, 'errorCode'> & { errorCode?: HostErrorCode | (number & {}) };
export type { Language };

/** The ten interface languages; the portal answers nothing for another one. */
const LANGUAGES: readonly Language[] = ['ru', 'en', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'zh'];
const PAYMENT_STATUSES: readonly PaymentStatus[] = ['none', 'pending', 'paid', 'fail'];

export interface GameSdkEvents {
  logout: void;
  languageChange: Language;
  unreadSupportCount: number;
  userAuth: UserAuth;
}
export type GameSdkEvent = keyof GameSdkEvents;

export interface GameSdkOptions {
  /**
   * Portal origin. Default: the origin of document.referrer, else location.ancestorOrigins[0]
   * (when the portal sends no referrer), else the frame URL's `portalOrigin` query value when
   * it is an http(s) origin (Firefox has no ancestorOrigins). Never '*'.
   */
  targetOrigin?: string;
  /**
   * The portal origins this game trusts (pinning): the SDK talks only to a page of one of them.
   * Framed by any other page, every call fails with a clear error and no message of that page
   * is read. Without it the SDK trusts whichever allowed page frames it (the default above).
   */
  portalOrigins?: readonly string[];
  /** Timeout for ordinary requests in ms (default 10000; 0 = none). */
  timeoutMs?: number;
  /** Timeout for login and openPayment, where a person is acting (default 0 = none). */
  interactiveTimeoutMs?: number;
  /** The game's own window (default: globalThis.window). */
  window?: Window;
}

export interface GameSdk {
  getUserAuth(): Promise<UserAuth>;
  login(): Promise<UserAuth>;
  logout(): Promise<void>;
  openPayment(paymentUrl: string): Promise<PaymentResult>;
  changeLanguage(language: Language): Promise<Language>;
  getUnreadSupportCount(): Promise<number>;
  openSupport(): void;
  on<E extends GameSdkEvent>(event: E, handler: (value: GameSdkEvents[E]) => void): () => void;
  /** The origin messages are sent to and accepted from, or null if unknown. */
  readonly origin: string | null;
  /** Removes the message listener and rejects pending requests. */
  destroy(): void;
}

/** A validated portal message, with the value a pending call resolves with. */
type Incoming =
  | { type: 'userAuth'; value: UserAuth }
  | { type: 'unreadSupportCount'; value: number }
  | { type: 'logout'; value: undefined }
  | { type: 'languageChange'; value: Language }
  | { type: 'paymentResult'; value: PaymentResult };

type IncomingType = Incoming['type'];
// A compile error unless Incoming names exactly the contracts' portal message types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type _IncomingMatchesContracts = Assert<Same<IncomingType, PortalMessageType>>;

/** What a pending call waits for: its answer type, with `userAuth` split by the call. */
type PendingKey = Exclude<IncomingType, 'userAuth'> | 'getUserAuth' | 'login';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrOrNull = (v: unknown): v is string | null => v === null || v === undefined || typeof v === 'string';

function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const o = new URL(url).origin;
    return o && o !== 'null' ? o : null;
  } catch {
    return null;
  }
}

/** `?portalOrigin=` of the frame URL, when it is exactly an http(s) origin. */
function queryOrigin(search: string | undefined): string | null {
  let value: string | null = null;
  try {
    value = new URLSearchParams(search ?? '').get('portalOrigin');
  } catch {
    return null;
  }
  const origin = originOf(value);
  return origin && origin === value && /^https?:\/\//.test(origin) ? origin : null;
}

/**
 * Validates a message from the portal; returns null for anything malformed.
 * Accepts every message the contracts' `ZPortalMessage` accepts, with the same values.
 */
export function parseMessage(data: unknown): Incoming | null {
  if (!isObj(data) || typeof data.type !== 'string') return null;
  const m = data as Partial<Record<string, unknown>>;
  switch (m.type as TPortalMessage['type']) {
    case 'userAuth': {
      const { userId, nickName, currentAuthType, jwt, session } = m;
      if (typeof currentAuthType !== 'string' || !currentAuthType) return null;
      if (!(isStrOrNull(userId) || typeof userId === 'number')) return null;
      if (!isStrOrNull(nickName) || !isStrOrNull(jwt) || !isStrOrNull(session)) return null;
      return {
        type: 'userAuth',
        value: {
          userId: userId == null ? null : String(userId),
          nickName: nickName ?? null,
          currentAuthType,
          jwt: jwt ?? null,
          session: session ?? null,
        },
      };
    }
    case 'unreadSupportCount': {
      const count = m.count;
      if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return null;
      return { type: 'unreadSupportCount', value: count };
    }
    case 'logout':
      return { type: 'logout', value: undefined };
    case 'languageChange':
      if (!LANGUAGES.includes(m.language as Language)) return null;
      return { type: 'languageChange', value: m.language as Language };
    case 'paymentResult': {
      const { paymentId, status, isError, errorCode, payload, token } = m;
      if (typeof isError !== 'boolean' || !PAYMENT_STATUSES.includes(status as PaymentStatus)) return null;
      if (!(isStrOrNull(paymentId) || typeof paymentId === 'number')) return null;
      if (errorCode != null && !Number.isSafeInteger(errorCode)) return null;
      if (token != null && typeof token !== 'string') return null;
      const value: PaymentResult = {
        paymentId: paymentId == null ? null : String(paymentId),
        status: status as PaymentStatus,
        isError,
      };
      if (errorCode != null) value.errorCode = errorCode as number;
      if (payload !== undefined) value.payload = payload;
      if (token != null) value.token = token;
      return { type: 'paymentResult', value };
    }
    default:
      return null;
  }
}

export function createGameSdk(options: GameSdkOptions = {}): GameSdk {
  const win: Window | undefined = options.window ?? (typeof window !== 'undefined' ? window : undefined);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const interactiveTimeoutMs = options.interactiveTimeoutMs ?? 0;
  const framer = originOf(win?.document?.referrer) ?? originOf(win?.location?.ancestorOrigins?.[0]);
  const found =
    options.targetOrigin && options.targetOrigin !== '*' ? originOf(options.targetOrigin) : (framer ?? queryOrigin(win?.location?.search));
  const pinned = options.portalOrigins
    ?.map((value) => originOf(value))
    .filter((value): value is string => value !== null && /^https?:\/\//.test(value));
  // Pinned: the found origin must be one of the pins and, when the browser tells who frames the
  // game, that page too; with one pin and nothing found, the pin itself (the browser delivers to
  // it only if it really is the parent).
  const unpinned = pinned !== undefined && !(found ? pinned.includes(found) && (!framer || framer === found) : pinned.length === 1);
  const origin = pinned === undefined ? found : unpinned ? null : (found ?? pinned[0]!);
  const refusal = unpinned
    ? `GameSDK: the page that frames the game (${framer ?? found ?? 'unknown'}) is not one of the pinned portal origins`
    : null;

  // Calls wait by what they asked: getUserAuth and login both wait for a `userAuth` answer.
  const pending = new Map<PendingKey, Set<Pending>>();
  const settle = (key: PendingKey, value: unknown) => {
    const waiting = pending.get(key);
    if (!waiting) return;
    pending.delete(key);
    for (const p of waiting) {
      if (p.timer !== undefined) clearTimeout(p.timer);
      p.resolve(value);
    }
  };
  const handlers = new Map<GameSdkEvent, Set<(value: never) => void>>();

  const parentWin = (): Window | null => {
    if (!win) return null;
    const p = win.parent;
    return p && p !== win ? p : null;
  };

  function onMessage(event: MessageEvent): void {
    if (!origin || event.origin !== origin) return;
    const parent = parentWin();
    if (!parent || event.source !== parent) return;
    const msg = parseMessage(event.data);
    if (!msg) return;
    if (msg.type === 'userAuth') {
      // The immediate answer to getUserAuth must not end a login in progress: a login ends with
      // a signed-in answer, or a signed-out one that answers no getUserAuth (the modal was closed).
      const answersGet = !!pending.get('getUserAuth')?.size;
      settle('getUserAuth', msg.value);
      if (msg.value.currentAuthType !== 'unauthorized' || !answersGet) settle('login', msg.value);
    } else {
      settle(msg.type, msg.value);
    }
    const hs = handlers.get(msg.type as GameSdkEvent);
    if (hs) {
      for (const h of [...hs]) {
        try {
          (h as (v: unknown) => void)(msg.value);
        } catch (e) {
          setTimeout(() => {
            throw e;
          });
        }
      }
    }
  }

  win?.addEventListener('message', onMessage);

  function post(message: TGameMessage): void {
    const parent = parentWin();
    if (!parent) throw new Error('GameSDK: the game is not embedded in the portal (no parent window)');
    if (!origin) throw new Error(refusal ?? 'GameSDK: unknown portal origin; pass options.targetOrigin');
    parent.postMessage(message, origin);
  }

  function request<A extends IncomingType>(
    message: TGameMessage,
    answer: A,
    ms: number,
    key = answer as PendingKey,
  ): Promise<Extract<Incoming, { type: A }>['value']> {
    const type = message.type;
    return new Promise((resolve, reject) => {
      try {
        post(message);
      } catch (e) {
        reject(e as Error);
        return;
      }
      let set = pending.get(key);
      if (!set) pending.set(key, (set = new Set()));
      const entry: Pending = { resolve: resolve as (v: unknown) => void, reject, timer: undefined };
      if (ms > 0) {
        entry.timer = setTimeout(() => {
          pending.get(key)?.delete(entry);
          reject(new Error(`GameSDK: no "${answer}" answer to "${type}" within ${ms} ms`));
        }, ms);
      }
      set.add(entry);
    });
  }

  return {
    get origin() {
      return origin;
    },
    getUserAuth: () => request({ type: 'getUserAuth' }, 'userAuth', timeoutMs, 'getUserAuth'),
    login: () => request({ type: 'login' }, 'userAuth', interactiveTimeoutMs, 'login'),
    logout: () => request({ type: 'logout' }, 'logout', timeoutMs),
    openPayment(paymentUrl: string) {
      if (typeof paymentUrl !== 'string' || !paymentUrl) {
        return Promise.reject(new Error('GameSDK: openPayment needs a payment URL'));
      }
      return request({ type: 'openPayment', text: paymentUrl }, 'paymentResult', interactiveTimeoutMs);
    },
    changeLanguage(language: Language) {
      if (!LANGUAGES.includes(language)) {
        return Promise.reject(new Error(`GameSDK: unsupported language "${String(language)}" (one of ${LANGUAGES.join(', ')})`));
      }
      return request({ type: 'changeLanguage', language }, 'languageChange', timeoutMs);
    },
    getUnreadSupportCount: () => request({ type: 'getUnreadSupportCount' }, 'unreadSupportCount', timeoutMs),
    openSupport() {
      post({ type: 'openSupport' });
    },
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler as (value: never) => void);
      return () => {
        handlers.get(event)?.delete(handler as (value: never) => void);
      };
    },
    destroy() {
      win?.removeEventListener('message', onMessage);
      for (const set of pending.values()) {
        for (const p of set) {
          if (p.timer !== undefined) clearTimeout(p.timer);
          p.reject(new Error('GameSDK: destroyed'));
        }
      }
      pending.clear();
      handlers.clear();
    },
  };
}
