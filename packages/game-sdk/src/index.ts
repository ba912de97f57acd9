/**
 * Game SDK: the promise API an embedded game uses to talk to the portal
 * through window messages (DESIGN.md section 4.5). No dependencies.
 */

export type AuthType =
  | 'unauthorized'
  | 'google'
  | 'apple'
  | 'email'
  | 'vk'
  | 'yandex'
  | 'telegram'
  | 'facebook'
  | (string & {});

export interface UserAuth {
  userId: string | number | null;
  nickName: string | null;
  currentAuthType: AuthType;
  jwt: string | null;
  session: string | null;
}

export interface PaymentResult {
  paymentId: string | null;
  status: string;
  isError: boolean;
  errorCode?: string | number;
  payload?: unknown;
  token?: string;
}

export type Language = 'ru' | 'en' | 'de' | 'es' | 'fr' | 'it' | 'ja' | 'ko' | 'pt' | 'zh' | (string & {});

export interface GameSdkEvents {
  logout: void;
  languageChange: string;
  unreadSupportCount: number;
  userAuth: UserAuth;
}
export type GameSdkEvent = keyof GameSdkEvents;

export interface GameSdkOptions {
  /**
   * Portal origin. Default: the origin of document.referrer, else location.ancestorOrigins[0]
   * (when the portal sends no referrer). Never '*'.
   */
  targetOrigin?: string;
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
  changeLanguage(language: Language): Promise<string>;
  getUnreadSupportCount(): Promise<number>;
  openSupport(): void;
  on<E extends GameSdkEvent>(event: E, handler: (value: GameSdkEvents[E]) => void): () => void;
  /** The origin messages are sent to and accepted from, or null if unknown. */
  readonly origin: string | null;
  /** Removes the message listener and rejects pending requests. */
  destroy(): void;
}

type Incoming =
  | { type: 'userAuth'; value: UserAuth }
  | { type: 'unreadSupportCount'; value: number }
  | { type: 'logout'; value: undefined }
  | { type: 'languageChange'; value: string }
  | { type: 'paymentResult'; value: PaymentResult };

type IncomingType = Incoming['type'];

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

/** Validates a message from the portal; returns null for anything malformed. */
export function parseMessage(data: unknown): Incoming | null {
  if (!isObj(data) || typeof data.type !== 'string') return null;
  switch (data.type) {
    case 'userAuth': {
      const { userId, nickName, currentAuthType, jwt, session } = data;
      if (typeof currentAuthType !== 'string') return null;
      if (!(userId === null || userId === undefined || typeof userId === 'string' || typeof userId === 'number')) return null;
      if (!isStrOrNull(nickName) || !isStrOrNull(jwt) || !isStrOrNull(session)) return null;
      return {
        type: 'userAuth',
        value: {
          userId: userId ?? null,
          nickName: nickName ?? null,
          currentAuthType,
          jwt: jwt ?? null,
          session: session ?? null,
        },
      };
    }
    case 'unreadSupportCount': {
      const count = data.count;
      if (typeof count !== 'number' || !Number.isFinite(count) || count < 0) return null;
      return { type: 'unreadSupportCount', value: count };
    }
    case 'logout':
      return { type: 'logout', value: undefined };
    case 'languageChange':
      if (typeof data.language !== 'string' || !data.language) return null;
      return { type: 'languageChange', value: data.language };
    case 'paymentResult': {
      const { paymentId, status, isError, errorCode, payload, token } = data;
      if (typeof isError !== 'boolean' || typeof status !== 'string') return null;
      if (!(paymentId === null || paymentId === undefined || typeof paymentId === 'string' || typeof paymentId === 'number')) return null;
      if (errorCode !== undefined && errorCode !== null && typeof errorCode !== 'string' && typeof errorCode !== 'number') return null;
      if (token !== undefined && token !== null && typeof token !== 'string') return null;
      const value: PaymentResult = { paymentId: paymentId == null ? null : String(paymentId), status, isError };
      if (errorCode != null) value.errorCode = errorCode;
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
  const origin =
    options.targetOrigin && options.targetOrigin !== '*'
      ? originOf(options.targetOrigin)
      : (originOf(win?.document?.referrer) ?? originOf(win?.location?.ancestorOrigins?.[0]));

  const pending = new Map<IncomingType, Set<Pending>>();
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
    const waiting = pending.get(msg.type);
    if (waiting) {
      pending.delete(msg.type);
      for (const p of waiting) {
        if (p.timer !== undefined) clearTimeout(p.timer);
        p.resolve(msg.value);
      }
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

  function post(type: string, fields: Record<string, unknown> = {}): void {
    const parent = parentWin();
    if (!parent) throw new Error('GameSDK: the game is not embedded in the portal (no parent window)');
    if (!origin) throw new Error('GameSDK: unknown portal origin; pass options.targetOrigin');
    parent.postMessage({ type, ...fields }, origin);
  }

  function request<T>(type: string, fields: Record<string, unknown>, answer: IncomingType, ms: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      try {
        post(type, fields);
      } catch (e) {
        reject(e as Error);
        return;
      }
      let set = pending.get(answer);
      if (!set) pending.set(answer, (set = new Set()));
      const entry: Pending = { resolve: resolve as (v: unknown) => void, reject, timer: undefined };
      if (ms > 0) {
        entry.timer = setTimeout(() => {
          pending.get(answer)?.delete(entry);
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
    getUserAuth: () => request<UserAuth>('getUserAuth', {}, 'userAuth', timeoutMs),
    login: () => request<UserAuth>('login', {}, 'userAuth', interactiveTimeoutMs),
    logout: () => request<void>('logout', {}, 'logout', timeoutMs),
    openPayment(paymentUrl: string) {
      if (typeof paymentUrl !== 'string' || !paymentUrl) {
        return Promise.reject(new Error('GameSDK: openPayment needs a payment URL'));
      }
      return request<PaymentResult>('openPayment', { text: paymentUrl }, 'paymentResult', interactiveTimeoutMs);
    },
    changeLanguage: (language: Language) =>
      request<string>('changeLanguage', { language }, 'languageChange', timeoutMs),
    getUnreadSupportCount: () => request<number>('getUnreadSupportCount', {}, 'unreadSupportCount', timeoutMs),
    openSupport() {
      post('openSupport');
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
