// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGameSdk, parseMessage, type GameSdk } from './index.ts';

const PORTAL = 'https://portal.example';

type Listener = (e: MessageEvent) => void;

function fakeFrame(referrer = `${PORTAL}/games/en/familytown/`) {
  const listeners = new Set<Listener>();
  const parent = { postMessage: vi.fn() };
  const win = {
    parent,
    document: { referrer },
    addEventListener: (t: string, l: Listener) => t === 'message' && listeners.add(l),
    removeEventListener: (t: string, l: Listener) => t === 'message' && listeners.delete(l),
  };
  const deliver = (data: unknown, origin = PORTAL, source: unknown = parent) => {
    for (const l of [...listeners]) l({ data, origin, source } as unknown as MessageEvent);
  };
  return { win: win as unknown as Window, parent, deliver, listeners };
}

const auth = { userId: 'u1', nickName: 'Kate', currentAuthType: 'email', jwt: 'j', session: 's' };

describe('createGameSdk', () => {
  let f: ReturnType<typeof fakeFrame>;
  let sdk: GameSdk;
  beforeEach(() => {
    f = fakeFrame();
    sdk = createGameSdk({ window: f.win });
  });
  afterEach(() => {
    sdk.destroy();
    vi.useRealTimers();
  });

  it('takes the portal origin from document.referrer and never uses *', async () => {
    expect(sdk.origin).toBe(PORTAL);
    const p = sdk.getUserAuth();
    expect(f.parent.postMessage).toHaveBeenCalledWith({ type: 'getUserAuth' }, PORTAL);
    f.deliver(auth);
    f.deliver({ type: 'userAuth', ...auth });
    await expect(p).resolves.toEqual(auth);
  });

  it('prefers options.targetOrigin and refuses "*"', () => {
    const g = fakeFrame();
    const s = createGameSdk({ window: g.win, targetOrigin: 'https://other.example/path' });
    expect(s.origin).toBe('https://other.example');
    s.destroy();
    const h = fakeFrame('');
    const t = createGameSdk({ window: h.win, targetOrigin: '*' });
    expect(t.origin).toBeNull();
    expect(() => t.openSupport()).toThrow(/origin/);
    t.destroy();
  });

  it('pinned to portal origins, talks to a pinned framer only and never reads another page', async () => {
    const pinned = createGameSdk({ window: f.win, portalOrigins: [PORTAL, 'https://partner.example'] });
    expect(pinned.origin).toBe(PORTAL);
    const p = pinned.getUserAuth();
    expect(f.parent.postMessage).toHaveBeenCalledWith({ type: 'getUserAuth' }, PORTAL);
    f.deliver({ type: 'userAuth', ...auth });
    await expect(p).resolves.toEqual(auth);
    pinned.destroy();

    const evil = fakeFrame('https://evil.example/play');
    const refused = createGameSdk({ window: evil.win, portalOrigins: [PORTAL] });
    expect(refused.origin).toBeNull();
    expect(() => refused.openSupport()).toThrow(
      'GameSDK: the page that frames the game (https://evil.example) is not one of the pinned portal origins',
    );
    const seen = vi.fn();
    refused.on('userAuth', seen);
    evil.deliver({ type: 'userAuth', ...auth }, 'https://evil.example');
    expect(seen).not.toHaveBeenCalled();
    expect(evil.parent.postMessage).not.toHaveBeenCalled();
    refused.destroy();

    // A framer that writes the pinned origin into the frame URL gains nothing: the referrer wins.
    const spoof = fakeFrame('https://evil.example/');
    (spoof.win as unknown as { location: unknown }).location = { search: `?portalOrigin=${encodeURIComponent(PORTAL)}` };
    const spoofed = createGameSdk({ window: spoof.win, portalOrigins: [PORTAL] });
    expect(spoofed.origin).toBeNull();
    spoofed.destroy();

    // No referrer at all and one pin: messages go to the pin only (the browser drops them elsewhere).
    const blind = fakeFrame('');
    const single = createGameSdk({ window: blind.win, portalOrigins: [`${PORTAL}/any/path`] });
    expect(single.origin).toBe(PORTAL);
    single.destroy();
  });

  it('falls back to location.ancestorOrigins when there is no referrer', () => {
    const g = fakeFrame('');
    (g.win as unknown as { location: unknown }).location = { ancestorOrigins: ['https://anc.example'] };
    const s = createGameSdk({ window: g.win });
    expect(s.origin).toBe('https://anc.example');
    s.openSupport();
    expect(g.parent.postMessage).toHaveBeenCalledWith({ type: 'openSupport' }, 'https://anc.example');
    s.destroy();
  });

  it('without ancestorOrigins (Firefox) takes the origin sent by the frame referrerPolicy "origin"', async () => {
    const g = fakeFrame(`${PORTAL}/`);
    (g.win as unknown as { location: unknown }).location = { search: '?lang=en' };
    const s = createGameSdk({ window: g.win });
    expect(s.origin).toBe(PORTAL);
    const p = s.getUserAuth();
    expect(g.parent.postMessage).toHaveBeenCalledWith({ type: 'getUserAuth' }, PORTAL);
    g.deliver({ type: 'userAuth', ...auth });
    await expect(p).resolves.toEqual(auth);
    s.destroy();
  });

  it('else takes an http(s) portalOrigin query value, and still accepts only that origin', async () => {
    const frameWith = (search: string) => {
      const g = fakeFrame('');
      (g.win as unknown as { location: unknown }).location = { search };
      return g;
    };
    const g = frameWith(`?lang=en&portalOrigin=${encodeURIComponent(PORTAL)}`);
    const s = createGameSdk({ window: g.win });
    expect(s.origin).toBe(PORTAL);
    const p = s.getUnreadSupportCount();
    expect(g.parent.postMessage).toHaveBeenCalledWith({ type: 'getUnreadSupportCount' }, PORTAL);
    g.deliver({ type: 'unreadSupportCount', count: 9 }, 'https://evil.example');
    g.deliver({ type: 'unreadSupportCount', count: 4 });
    await expect(p).resolves.toBe(4);
    s.destroy();
    for (const bad of [
      'javascript:alert(1)',
      `${PORTAL}/path`,
      'ftp://portal.example',
      '*',
      'null',
      'portal.example',
      `${PORTAL}?x=1`,
      '',
    ]) {
      const h = frameWith(`?portalOrigin=${encodeURIComponent(bad)}`);
      const t = createGameSdk({ window: h.win });
      expect(t.origin, bad).toBeNull();
      t.destroy();
    }
    // The referrer and ancestorOrigins come first.
    const r = fakeFrame('https://ref.example/');
    (r.win as unknown as { location: unknown }).location = { search: `?portalOrigin=${encodeURIComponent(PORTAL)}` };
    const u = createGameSdk({ window: r.win });
    expect(u.origin).toBe('https://ref.example');
    u.destroy();
  });

  it('a getUserAuth during a login gets the immediate answer; the login waits for the sign-in', async () => {
    const signedOut = { type: 'userAuth', userId: null, nickName: null, currentAuthType: 'unauthorized', jwt: null, session: null };
    let loginValue: unknown = 'pending';
    const login = sdk.login();
    void login.then((v) => (loginValue = v));
    const check = sdk.getUserAuth();
    f.deliver(signedOut);
    await expect(check).resolves.toMatchObject({ currentAuthType: 'unauthorized' });
    await Promise.resolve();
    expect(loginValue).toBe('pending');
    f.deliver({ type: 'userAuth', ...auth });
    await expect(login).resolves.toEqual(auth);
  });

  it('a signed-out answer with no getUserAuth waiting ends the login (the modal was closed)', async () => {
    const login = sdk.login();
    f.deliver({ type: 'userAuth', currentAuthType: 'unauthorized' });
    await expect(login).resolves.toMatchObject({ userId: null, currentAuthType: 'unauthorized' });
    // A signed-in answer settles both kinds of waiting call at once.
    const again = sdk.login();
    const check = sdk.getUserAuth();
    f.deliver({ type: 'userAuth', ...auth });
    await expect(Promise.all([again, check])).resolves.toEqual([auth, auth]);
  });

  it('round-trips every request type with the exact message shapes', async () => {
    const lang = sdk.changeLanguage('ru');
    expect(f.parent.postMessage).toHaveBeenLastCalledWith({ type: 'changeLanguage', language: 'ru' }, PORTAL);
    f.deliver({ type: 'languageChange', language: 'ru' });
    await expect(lang).resolves.toBe('ru');

    const count = sdk.getUnreadSupportCount();
    expect(f.parent.postMessage).toHaveBeenLastCalledWith({ type: 'getUnreadSupportCount' }, PORTAL);
    f.deliver({ type: 'unreadSupportCount', count: 3 });
    await expect(count).resolves.toBe(3);

    const pay = sdk.openPayment('https://portal.example/payments/process/42');
    expect(f.parent.postMessage).toHaveBeenLastCalledWith(
      { type: 'openPayment', text: 'https://portal.example/payments/process/42' },
      PORTAL,
    );
    f.deliver({ type: 'paymentResult', paymentId: 'p1', status: 'paid', isError: false });
    await expect(pay).resolves.toEqual({ paymentId: 'p1', status: 'paid', isError: false });

    const login = sdk.login();
    expect(f.parent.postMessage).toHaveBeenLastCalledWith({ type: 'login' }, PORTAL);
    f.deliver({ type: 'userAuth', ...auth });
    await expect(login).resolves.toEqual(auth);

    const out = sdk.logout();
    expect(f.parent.postMessage).toHaveBeenLastCalledWith({ type: 'logout' }, PORTAL);
    f.deliver({ type: 'logout' });
    await expect(out).resolves.toBeUndefined();

    sdk.openSupport();
    expect(f.parent.postMessage).toHaveBeenLastCalledWith({ type: 'openSupport' }, PORTAL);
  });

  it('normalizes ids to strings and fills missing auth fields with null', () => {
    expect(parseMessage({ type: 'userAuth', userId: 7, currentAuthType: 'unauthorized' })).toEqual({
      type: 'userAuth',
      value: { userId: '7', nickName: null, currentAuthType: 'unauthorized', jwt: null, session: null },
    });
    expect(parseMessage({ type: 'paymentResult', paymentId: 42, status: 'none', isError: true, errorCode: 4000 })).toEqual({
      type: 'paymentResult',
      value: { paymentId: '42', status: 'none', isError: true, errorCode: 4000 },
    });
  });

  it('ignores messages from other origins or other windows', async () => {
    vi.useFakeTimers();
    const p = sdk.getUserAuth();
    f.deliver({ type: 'userAuth', ...auth }, 'https://evil.example');
    f.deliver({ type: 'userAuth', ...auth }, PORTAL, { postMessage() {} });
    f.deliver({ type: 'userAuth', ...auth }, PORTAL, null);
    let settled = false;
    p.then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    f.deliver({ type: 'userAuth', ...auth, nickName: 'Real' });
    await expect(p).resolves.toMatchObject({ nickName: 'Real' });
  });

  it('ignores malformed messages', async () => {
    const p = sdk.getUnreadSupportCount();
    for (const bad of [
      null,
      'unreadSupportCount',
      42,
      [],
      { count: 1 },
      { type: 'unreadSupportCount' },
      { type: 'unreadSupportCount', count: '2' },
      { type: 'unreadSupportCount', count: -1 },
      { type: 'unknown', count: 1 },
    ]) {
      f.deliver(bad);
    }
    f.deliver({ type: 'unreadSupportCount', count: 5 });
    await expect(p).resolves.toBe(5);
    expect(parseMessage({ type: 'userAuth', userId: {}, currentAuthType: 'email' })).toBeNull();
    expect(parseMessage({ type: 'paymentResult', status: 'paid' })).toBeNull();
    expect(parseMessage({ type: 'languageChange', language: '' })).toBeNull();
    expect(parseMessage({ type: 'languageChange', language: 'xx' })).toBeNull();
    expect(parseMessage({ type: 'paymentResult', paymentId: 'p', status: 'weird', isError: false })).toBeNull();
    expect(parseMessage({ type: 'paymentResult', paymentId: 'p', status: 'fail', isError: true, errorCode: '4001' })).toBeNull();
    expect(parseMessage({ type: 'unreadSupportCount', count: 1.5 })).toBeNull();
  });

  it('rejects with a clear error on timeout; login and payment wait by default', async () => {
    vi.useFakeTimers();
    const p = sdk.getUserAuth();
    const caught = p.catch((e: Error) => e);
    const login = sdk.login();
    let loginSettled = false;
    login.then(
      () => (loginSettled = true),
      () => (loginSettled = true),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    const err = await caught;
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/no "userAuth" answer to "getUserAuth" within 10000 ms/);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(loginSettled).toBe(false);

    const s2 = createGameSdk({ window: f.win, timeoutMs: 50 });
    const c = s2.getUnreadSupportCount().catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(50);
    await expect(c).resolves.toMatch(/within 50 ms/);
    s2.destroy();
  });

  it('delivers portal-initiated events and supports unsubscribe', () => {
    const seen: unknown[] = [];
    const offLang = sdk.on('languageChange', (l) => seen.push(['lang', l]));
    sdk.on('logout', () => seen.push(['logout']));
    sdk.on('unreadSupportCount', (n) => seen.push(['count', n]));
    sdk.on('userAuth', (a) => seen.push(['auth', a.nickName]));
    f.deliver({ type: 'languageChange', language: 'en' });
    f.deliver({ type: 'logout' });
    f.deliver({ type: 'unreadSupportCount', count: 2 });
    f.deliver({ type: 'userAuth', ...auth });
    offLang();
    f.deliver({ type: 'languageChange', language: 'ru' });
    f.deliver({ type: 'languageChange', language: 'de' }, 'https://evil.example');
    expect(seen).toEqual([['lang', 'en'], ['logout'], ['count', 2], ['auth', 'Kate']]);
  });

  it('fails clearly when not framed', async () => {
    const s = createGameSdk({ targetOrigin: PORTAL });
    await expect(s.getUserAuth()).rejects.toThrow(/not embedded/);
    await expect(s.openPayment('')).rejects.toThrow(/payment URL/);
    s.destroy();
  });

  it('destroy rejects pending requests and stops listening', async () => {
    const p = sdk.login();
    sdk.destroy();
    await expect(p).rejects.toThrow(/destroyed/);
    expect(f.listeners.size).toBe(0);
  });
});
