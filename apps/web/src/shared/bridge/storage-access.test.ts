import { describe, expect, it, vi } from 'vitest';
import { checkStorageAccess, openSignInPopup, requestFirstPartyStorage, requestStorageAccess } from './storage-access.ts';

interface FakeOpts {
  embedded?: boolean;
  storageThrows?: boolean;
  hasAccess?: boolean | 'missing' | 'throws';
  request?: 'grant' | 'deny' | 'missing';
}

function fakeWindow(o: FakeOpts = {}) {
  let blocked = o.storageThrows ?? false;
  const store = new Map<string, string>();
  const localStorage = {
    setItem: (k: string, v: string) => {
      if (blocked) throw new DOMException('denied', 'SecurityError');
      store.set(k, v);
    },
    getItem: (k: string) => store.get(k) ?? null,
    removeItem: (k: string) => store.delete(k),
  };
  const document: Record<string, unknown> = {};
  if (o.hasAccess !== 'missing') {
    document.hasStorageAccess = vi.fn(async () => {
      if (o.hasAccess === 'throws') throw new Error('x');
      return o.hasAccess ?? true;
    });
  }
  if (o.request !== 'missing') {
    document.requestStorageAccess = vi.fn(async () => {
      if (o.request === 'deny') throw new DOMException('denied', 'NotAllowedError');
      blocked = false;
    });
  }
  const win: Record<string, unknown> = {
    document,
    location: { href: 'https://portal.example/session/login' },
    screen: { width: 1000, height: 800 },
    open: vi.fn(() => ({ closed: false })),
  };
  Object.defineProperty(win, 'localStorage', {
    get: () => {
      if (blocked && o.hasAccess === 'throws') throw new DOMException('denied', 'SecurityError');
      return localStorage;
    },
  });
  win.top = o.embedded ? {} : win;
  return win as unknown as Window & { open: ReturnType<typeof vi.fn> };
}

describe('checkStorageAccess', () => {
  it('needs nothing at top level', async () => {
    expect(await checkStorageAccess(fakeWindow())).toMatchObject({ embedded: false, localStorage: true, next: 'none' });
  });

  it('reports a usable but partitioned storage in a frame (Firefox, Chrome incognito, Safari)', async () => {
    expect(await checkStorageAccess(fakeWindow({ embedded: true, hasAccess: false }))).toEqual({
      embedded: true,
      localStorage: true,
      hasStorageAccess: false,
      partitioned: true,
      next: 'none',
    });
  });

  it('asks for storage access when storage is blocked and the API exists', async () => {
    const s = await checkStorageAccess(fakeWindow({ embedded: true, storageThrows: true, hasAccess: false }));
    expect(s).toMatchObject({ localStorage: false, next: 'request-access' });
  });

  it('needs a popup when storage is blocked and the API is missing', async () => {
    const s = await checkStorageAccess(fakeWindow({ embedded: true, storageThrows: true, hasAccess: 'missing', request: 'missing' }));
    expect(s).toMatchObject({ localStorage: false, hasStorageAccess: null, next: 'popup' });
    const t = await checkStorageAccess(fakeWindow({ embedded: true, storageThrows: true, hasAccess: 'throws', request: 'missing' }));
    expect(t).toMatchObject({ localStorage: false, hasStorageAccess: null, next: 'popup' });
  });
});

describe('requestStorageAccess', () => {
  it('is granted when the browser grants it and storage then works', async () => {
    expect(await requestStorageAccess(fakeWindow({ embedded: true, storageThrows: true, request: 'grant' }))).toBe('granted');
  });
  it('falls back to a popup when refused or unsupported', async () => {
    expect(await requestStorageAccess(fakeWindow({ embedded: true, storageThrows: true, request: 'deny' }))).toBe('popup');
    expect(await requestStorageAccess(fakeWindow({ embedded: true, storageThrows: true, request: 'missing' }))).toBe('popup');
  });
});

describe('openSignInPopup', () => {
  it('opens a popup window and never navigates the frame', () => {
    const win = fakeWindow({ embedded: true });
    const popup = openSignInPopup('/passport/google?state=abc', { window: win });
    expect(popup).toEqual({ closed: false });
    expect(win.open).toHaveBeenCalledWith(
      'https://portal.example/passport/google?state=abc',
      'portal-sign-in',
      expect.stringContaining('popup,width=500,height=650'),
    );
    expect((win.location as unknown as { href: string }).href).toBe('https://portal.example/session/login');
  });

  it('refuses non-http URLs and reports a blocked popup as null', () => {
    const win = fakeWindow();
    expect(openSignInPopup('javascript:alert(1)', { window: win })).toBeNull();
    expect(openSignInPopup('data:text/html,x', { window: win })).toBeNull();
    expect(win.open).not.toHaveBeenCalled();
    win.open.mockReturnValueOnce(null);
    expect(openSignInPopup('https://portal.example/passport/vkontakte', { window: win })).toBeNull();
  });
});

describe('requestFirstPartyStorage', () => {
  it("Chrome's handle: the first-party localStorage it hands over", async () => {
    const win = fakeWindow({ embedded: true, storageThrows: true, request: 'missing' });
    const store = new Map<string, string>();
    const firstParty = {
      setItem: (k: string, v: string) => void store.set(k, v),
      getItem: (k: string) => store.get(k) ?? null,
      removeItem: (k: string) => void store.delete(k),
    };
    const request = vi.fn(async () => ({ localStorage: firstParty }));
    (win.document as unknown as Record<string, unknown>).requestStorageAccess = request;
    await expect(requestFirstPartyStorage(win)).resolves.toEqual({ result: 'granted', storage: firstParty });
    expect(request).toHaveBeenCalledWith({ localStorage: true });
  });

  it('Safari/Firefox: the window storage is unblocked; refused or missing: a popup', async () => {
    await expect(requestFirstPartyStorage(fakeWindow({ embedded: true, storageThrows: true }))).resolves.toEqual({
      result: 'granted',
      storage: null,
    });
    await expect(requestFirstPartyStorage(fakeWindow({ embedded: true, storageThrows: true, request: 'deny' }))).resolves.toEqual({
      result: 'popup',
    });
    await expect(requestFirstPartyStorage(fakeWindow({ embedded: true, storageThrows: true, request: 'missing' }))).resolves.toEqual({
      result: 'popup',
    });
  });
});
