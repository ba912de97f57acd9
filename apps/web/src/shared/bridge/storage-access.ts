/**
 * Third-party storage in a frame. When the portal's screens run inside a host game on another
 * site, browsers partition or block the frame's storage: Safari (ITP) blocks third-party
 * cookies and, with "Block all cookies", throws on localStorage; Firefox (Total Cookie
 * Protection) partitions storage per top-level site; Chrome incognito blocks third-party
 * cookies. The portal keeps its token in localStorage and sends it as a Bearer header, so a
 * partitioned localStorage still works (the player signs in inside that partition); only a
 * storage that throws needs the Storage Access API or a popup.
 */

export type StorageNext =
  /** storage works here (top level, or a usable partition): nothing to do */
  | 'none'
  /** storage is blocked; `requestStorageAccess()` may unblock it, from a click handler */
  | 'request-access'
  /** storage is blocked and cannot be requested: continue in a popup (first-party context) */
  | 'popup';

export interface StorageAccessStatus {
  /** true when this page runs inside a frame */
  embedded: boolean;
  /** localStorage can be written and read here */
  localStorage: boolean;
  /** `document.hasStorageAccess()`; null when the API is missing or failed */
  hasStorageAccess: boolean | null;
  /** embedded, storage usable, but not the first-party storage (no storage access) */
  partitioned: boolean;
  next: StorageNext;
}

/** Chrome 125+ ("beyond cookies"): asked for localStorage, it hands back a first-party one. */
interface StorageAccessHandle {
  localStorage?: Storage;
}

type StorageAccessDocument = Document & {
  hasStorageAccess?: () => Promise<boolean>;
  requestStorageAccess?: (types?: { localStorage?: boolean }) => Promise<StorageAccessHandle | undefined | void>;
};

const PROBE_KEY = '__portal_storage_probe__';

function isEmbedded(win: Window): boolean {
  try {
    return win.top !== win;
  } catch {
    return true; // reading top across origins can throw in old browsers: we are framed
  }
}

function localStorageWorks(win: Window): boolean {
  try {
    return storageWorks(win.localStorage);
  } catch {
    return false;
  }
}

function storageWorks(storage: Storage | undefined): storage is Storage {
  if (!storage) return false;
  try {
    storage.setItem(PROBE_KEY, '1');
    const ok = storage.getItem(PROBE_KEY) === '1';
    storage.removeItem(PROBE_KEY);
    return ok;
  } catch {
    return false;
  }
}

/** Tells whether this page can keep the player's session, and what to do if it cannot. */
export async function checkStorageAccess(win: Window = window): Promise<StorageAccessStatus> {
  const doc = win.document as StorageAccessDocument;
  const embedded = isEmbedded(win);
  const storage = localStorageWorks(win);
  let has: boolean | null = null;
  if (typeof doc.hasStorageAccess === 'function') {
    try {
      has = await doc.hasStorageAccess();
    } catch {
      has = null;
    }
  }
  const canRequest = typeof doc.requestStorageAccess === 'function';
  const next: StorageNext = !embedded || storage ? 'none' : canRequest ? 'request-access' : 'popup';
  return { embedded, localStorage: storage, hasStorageAccess: has, partitioned: embedded && storage && has === false, next };
}

/**
 * Asks for storage access. Call it straight from a click or tap handler: browsers refuse it
 * without a user gesture (Safari also requires the player to have used the portal as a first
 * party before, or shows a prompt). Resolves 'granted' when storage then works, else 'popup'.
 */
export async function requestStorageAccess(win: Window = window): Promise<'granted' | 'popup'> {
  const doc = win.document as StorageAccessDocument;
  if (typeof doc.requestStorageAccess !== 'function') return 'popup';
  try {
    await doc.requestStorageAccess();
  } catch {
    return 'popup';
  }
  return localStorageWorks(win) ? 'granted' : 'popup';
}

export type FirstPartyStorage =
  /** `storage` is the first-party localStorage to use from now on (null: `window.localStorage` works now) */
  { result: 'granted'; storage: Storage | null } | { result: 'popup' };

/**
 * Like `requestStorageAccess`, asking for localStorage too: Chrome 125+ then returns a handle
 * whose `localStorage` is the portal's first-party storage (the frame's own stays partitioned
 * or blocked); Safari and Firefox ignore the argument and unblock `window.localStorage`.
 * Call it from a click handler.
 */
export async function requestFirstPartyStorage(win: Window = window): Promise<FirstPartyStorage> {
  const doc = win.document as StorageAccessDocument;
  if (typeof doc.requestStorageAccess !== 'function') return { result: 'popup' };
  let handle: StorageAccessHandle | undefined | void;
  try {
    handle = await doc.requestStorageAccess({ localStorage: true });
  } catch {
    return { result: 'popup' };
  }
  let granted: Storage | undefined;
  try {
    granted = handle?.localStorage;
  } catch {
    granted = undefined;
  }
  if (storageWorks(granted)) return { result: 'granted', storage: granted };
  return localStorageWorks(win) ? { result: 'granted', storage: null } : { result: 'popup' };
}

export interface SignInPopupOptions {
  /** window name; reusing it focuses an open popup instead of opening another */
  name?: string;
  width?: number;
  height?: number;
  window?: Window;
}

/**
 * Opens outside sign-in (or any first-party step) in a popup window, never in the current frame
 * or webview: Google refuses sign-in inside frames and embedded webviews, and a frame cannot
 * keep the first-party session. Only http(s) URLs are opened; relative ones resolve against
 * this page. Returns the popup (poll it, and the auth state, every 2 s; stop when it closes),
 * or null when the URL is refused or the browser blocked the popup: then show a button and call
 * this again from its click handler.
 */
export function openSignInPopup(url: string, options: SignInPopupOptions = {}): Window | null {
  const win = options.window ?? window;
  let target: URL;
  try {
    target = new URL(url, win.location.href);
  } catch {
    return null;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  const width = options.width ?? 500;
  const height = options.height ?? 650;
  const left = Math.max(0, Math.round((win.screen?.width ?? width) / 2 - width / 2));
  const top = Math.max(0, Math.round((win.screen?.height ?? height) / 2 - height / 2));
  try {
    return win.open(target.href, options.name ?? 'portal-sign-in', `popup,width=${width},height=${height},left=${left},top=${top}`);
  } catch {
    return null;
  }
}
