import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { SIGNED_OUT_USER_AUTH, ZPortalMessage, type TPaymentResult, type TUserAuth } from '@portal/contracts/messages';
import {
  createHostBridge,
  parsePaymentUrl,
  PAYMENT_OPEN_ERROR,
  type BridgeLog,
  type HostBridge,
  type HostBridgeHandlers,
} from './host-bridge.ts';

const GAME = 'https://game.example';
const OWN = window.location.origin;
const auth: TUserAuth = { userId: 'u-1', nickName: 'Kate', currentAuthType: 'email', jwt: 'j.w.t', session: 's-1' };
const paid: TPaymentResult = { paymentId: 'p-42', status: 'paid', isError: false, payload: { sku: 'gems' }, token: 'tok' };

function handlersMock() {
  return {
    getUserAuth: vi.fn<HostBridgeHandlers['getUserAuth']>(() => auth),
    login: vi.fn<HostBridgeHandlers['login']>(async () => auth),
    logout: vi.fn<HostBridgeHandlers['logout']>(async () => undefined),
    openPayment: vi.fn<HostBridgeHandlers['openPayment']>(async () => paid),
    changeLanguage: vi.fn<HostBridgeHandlers['changeLanguage']>((lng) => lng),
    getUnreadSupportCount: vi.fn<HostBridgeHandlers['getUnreadSupportCount']>(() => 3),
    openSupport: vi.fn<HostBridgeHandlers['openSupport']>(),
    onPaymentRefused: vi.fn<NonNullable<HostBridgeHandlers['onPaymentRefused']>>(),
  };
}
type Handlers = ReturnType<typeof handlersMock>;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createHostBridge', () => {
  let frame: HTMLIFrameElement;
  let other: HTMLIFrameElement;
  let posted: ReturnType<typeof vi.fn<Window['postMessage']>>;
  let handlers: Handlers;
  let bridge: HostBridge;
  let log: ReturnType<typeof vi.fn<BridgeLog>>;

  const send = (data: unknown, origin = GAME, source: Window | null = frame.contentWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));

  beforeEach(() => {
    frame = document.createElement('iframe');
    frame.id = 'game-frame';
    other = document.createElement('iframe');
    document.body.append(frame, other);
    posted = vi.fn<Window['postMessage']>();
    frame.contentWindow!.postMessage = posted as unknown as Window['postMessage'];
    other.contentWindow!.postMessage = vi.fn() as unknown as Window['postMessage'];
    handlers = handlersMock();
    log = vi.fn<BridgeLog>();
    bridge = createHostBridge({ frame, allowedOrigins: [GAME], handlers, log });
  });
  afterEach(() => {
    bridge.destroy();
    frame.remove();
    other.remove();
  });

  // Navigating a frame gives it a new window in jsdom: spy on the new one.
  const setSrc = (src: string) => {
    frame.src = src;
    frame.contentWindow!.postMessage = posted as unknown as Window['postMessage'];
  };

  const handlerCalls = () => Object.values(handlers).reduce((n, h) => n + h.mock.calls.length, 0);

  it('answers every game message to the sending window at its exact origin', async () => {
    const cases: [unknown, unknown, keyof Handlers][] = [
      [{ type: 'getUserAuth' }, { type: 'userAuth', ...auth }, 'getUserAuth'],
      [{ type: 'login' }, { type: 'userAuth', ...auth }, 'login'],
      [{ type: 'logout' }, { type: 'logout' }, 'logout'],
      [{ type: 'openPayment', text: `${OWN}/payments/process/p-42?lang=en` }, { type: 'paymentResult', ...paid }, 'openPayment'],
      [{ type: 'changeLanguage', language: 'ru' }, { type: 'languageChange', language: 'ru' }, 'changeLanguage'],
      [{ type: 'getUnreadSupportCount' }, { type: 'unreadSupportCount', count: 3 }, 'getUnreadSupportCount'],
    ];
    for (const [message, reply, handler] of cases) {
      posted.mockClear();
      send(message);
      await flush();
      expect(handlers[handler]).toHaveBeenCalledTimes(1);
      expect(posted).toHaveBeenCalledTimes(1);
      expect(posted).toHaveBeenCalledWith(reply, GAME);
      expect(ZPortalMessage.safeParse(posted.mock.calls[0]![0]).success).toBe(true);
    }
    posted.mockClear();
    send({ type: 'openSupport' });
    await flush();
    expect(handlers.openSupport).toHaveBeenCalledTimes(1);
    expect(posted).not.toHaveBeenCalled();
  });

  it('passes the checked payment target to openPayment', async () => {
    send({ type: 'openPayment', text: `${OWN}/payments/process/p%2042/web/en/familytown?email=a%40b.c` });
    await flush();
    const target = handlers.openPayment.mock.calls[0]![0];
    expect(target).toMatchObject({ paymentId: 'p 42', source: 'web', locale: 'en', project: 'familytown', jwt: null });
    expect(target.query).toEqual({ email: 'a@b.c' });
  });

  it('answers login with nothing when the handler returns null, and language with what was set', async () => {
    handlers.login.mockResolvedValueOnce(null);
    handlers.changeLanguage.mockReturnValueOnce('en');
    send({ type: 'login' });
    send({ type: 'changeLanguage', language: 'de' });
    await flush();
    expect(posted).toHaveBeenCalledTimes(1);
    expect(posted).toHaveBeenCalledWith({ type: 'languageChange', language: 'en' }, GAME);
  });

  it('drops messages from another origin or another window; no handler runs', async () => {
    for (const origin of [
      'https://evil.example',
      'https://game.example:8443',
      'http://game.example',
      'null',
      '',
      '*',
      'https://GAME.example.evil',
    ]) {
      send({ type: 'getUserAuth' }, origin);
    }
    send({ type: 'getUserAuth' }, GAME, other.contentWindow);
    send({ type: 'getUserAuth' }, GAME, window);
    send({ type: 'getUserAuth' }, GAME, null);
    send({ type: 'openPayment', text: 'x' }, 'https://evil.example');
    await flush();
    expect(handlerCalls()).toBe(0);
    expect(posted).not.toHaveBeenCalled();
    expect(other.contentWindow!.postMessage).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('drop', expect.objectContaining({ reason: 'origin' }));
    expect(log).toHaveBeenCalledWith('drop', expect.objectContaining({ reason: 'source' }));
  });

  it('accepts the portal own origin without configuration', async () => {
    send({ type: 'getUnreadSupportCount' }, OWN);
    await flush();
    expect(posted).toHaveBeenCalledWith({ type: 'unreadSupportCount', count: 3 }, OWN);
  });

  it('drops malformed messages', async () => {
    const polluted = JSON.parse('{"type":"getUserAuth","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}');
    const bad: unknown[] = [
      null,
      undefined,
      'getUserAuth',
      42,
      true,
      [],
      ['getUserAuth'],
      {},
      { type: 'unknown' },
      { type: 'GETUSERAUTH' },
      { type: 42 },
      { type: ['login'] },
      { type: 'changeLanguage' },
      { type: 'changeLanguage', language: 'xx' },
      { type: 'changeLanguage', language: 7 },
      { type: 'userAuth', ...auth },
      JSON.parse('{"__proto__":{"type":"login"}}'),
      Object.create({ type: 'login' }),
    ];
    for (const data of bad) send(data);
    await flush();
    expect(handlerCalls()).toBe(0);
    expect(posted).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('drop', expect.objectContaining({ reason: 'malformed' }));

    send(polluted);
    await flush();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(handlers.getUserAuth).toHaveBeenCalledTimes(1);
  });

  it('never runs a handler for arbitrary junk (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything({ withObjectString: true, withNullPrototype: true }), async (data) => {
        const known = typeof data === 'object' && data !== null && 'type' in data;
        fc.pre(!known);
        send(data);
        await flush();
        return handlerCalls() === 0 && posted.mock.calls.length === 0;
      }),
      { numRuns: 200 },
    );
  });

  it('answers a foreign or missing payment URL with the opening error and opens nothing', async () => {
    const refused: unknown[] = [
      'https://evil.example/payments/process/p-1',
      `${OWN}/payments/done/p-1`,
      `${OWN}/payments/process/`,
      `${OWN}/payments/processor/p-1`,
      `${OWN.replace('http://', 'http://user:pw@')}/payments/process/p-1`,
      '/payments/process/p-1',
      'javascript:alert(1)//payments/process/1',
      `data:text/html,${OWN}/payments/process/1`,
      '',
      undefined,
      17,
    ];
    for (const text of refused) {
      posted.mockClear();
      send(text === undefined ? { type: 'openPayment' } : { type: 'openPayment', text });
      await flush();
      expect(posted).toHaveBeenCalledWith({ type: 'paymentResult', ...PAYMENT_OPEN_ERROR }, GAME);
    }
    expect(PAYMENT_OPEN_ERROR).toMatchObject({ isError: true, errorCode: 4001 });
    expect(handlers.openPayment).not.toHaveBeenCalled();
    expect(handlers.onPaymentRefused).toHaveBeenCalledTimes(refused.length);
  });

  it('answers 4001 when opening the payment fails', async () => {
    handlers.openPayment.mockRejectedValueOnce(new Error('boom'));
    send({ type: 'openPayment', text: `${OWN}/payments/process/p-9` });
    await flush();
    expect(posted).toHaveBeenCalledWith({ type: 'paymentResult', ...PAYMENT_OPEN_ERROR, paymentId: 'p-9' }, GAME);
  });

  it('posts nothing when a handler fails or answers outside the schema', async () => {
    handlers.getUserAuth.mockImplementationOnce(() => {
      throw new Error('no');
    });
    handlers.getUnreadSupportCount.mockReturnValueOnce(-1);
    send({ type: 'getUserAuth' });
    send({ type: 'getUnreadSupportCount' });
    await flush();
    expect(posted).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('handler failed', expect.anything());
    expect(log).toHaveBeenCalledWith('invalid outgoing message', expect.anything());
  });

  it('notify pushes events to the origin the game spoke from, else to its src origin', async () => {
    expect(bridge.notify({ type: 'logout' })).toBe(false); // no src, nothing heard yet
    setSrc(`${GAME}/index.html?lang=en`);
    expect(bridge.notify({ type: 'logout' })).toBe(true);
    expect(posted).toHaveBeenLastCalledWith({ type: 'logout' }, GAME);
    bridge.notify({ type: 'languageChange', language: 'ru' });
    bridge.notify({ type: 'unreadSupportCount', count: 0 });
    bridge.notify({ type: 'userAuth', ...SIGNED_OUT_USER_AUTH });
    expect(posted.mock.calls.map((c) => c[1])).toEqual([GAME, GAME, GAME, GAME]);
    expect(posted).toHaveBeenLastCalledWith({ type: 'userAuth', ...SIGNED_OUT_USER_AUTH }, GAME);

    setSrc('https://evil.example/game');
    expect(bridge.notify({ type: 'logout' })).toBe(false);
    expect(bridge.notify({ type: 'unreadSupportCount', count: 1.5 })).toBe(false);
  });

  it('notify refuses when the game origin is not allowed, and after destroy', () => {
    setSrc('https://evil.example/');
    expect(bridge.notify({ type: 'logout' })).toBe(false);
    setSrc(`${GAME}/`);
    bridge.destroy();
    expect(bridge.notify({ type: 'logout' })).toBe(false);
    expect(posted).not.toHaveBeenCalled();
  });

  it('stops answering after destroy, including answers still pending', async () => {
    let release: (a: TUserAuth) => void = () => {};
    handlers.login.mockImplementationOnce(() => new Promise((r) => (release = r)));
    send({ type: 'login' });
    bridge.destroy();
    release(auth);
    send({ type: 'getUserAuth' });
    await flush();
    expect(posted).not.toHaveBeenCalled();
    expect(handlers.getUserAuth).not.toHaveBeenCalled();
  });

  it('takes the frame from a getter returning an element or a window', async () => {
    bridge.destroy();
    let current: HTMLIFrameElement | Window | null = null;
    bridge = createHostBridge({ frame: () => current, allowedOrigins: [GAME], handlers, log });
    send({ type: 'getUserAuth' });
    current = frame.contentWindow;
    send({ type: 'getUserAuth' });
    await flush();
    expect(handlers.getUserAuth).toHaveBeenCalledTimes(1);
    current = frame;
    send({ type: 'getUserAuth' });
    await flush();
    expect(posted).toHaveBeenCalledTimes(2);
  });

  it('ignores "*" and "null" in the configured list', async () => {
    bridge.destroy();
    bridge = createHostBridge({ frame, allowedOrigins: ['*', 'null', 'https://game.example/path'], handlers, log });
    send({ type: 'getUserAuth' }, GAME);
    send({ type: 'getUserAuth' }, 'null');
    await flush();
    expect(handlerCalls()).toBe(0);
  });
});

describe('parsePaymentUrl', () => {
  it('accepts only absolute URLs of the own payment screen', () => {
    expect(parsePaymentUrl(`${OWN}/payments/process/abc`, OWN)?.paymentId).toBe('abc');
    expect(parsePaymentUrl(`${OWN}/payments/process/abc/`, OWN)?.paymentId).toBe('abc');
    expect(parsePaymentUrl(`${OWN}/payments/process/a/b/c/d/e/f`, OWN)).toBeNull();
    expect(parsePaymentUrl(`${OWN}/payments/process/%E0%A4%A`, OWN)).toBeNull();
    expect(parsePaymentUrl(`${OWN}/payments/process/../../x`, OWN)).toBeNull();
    expect(parsePaymentUrl(`${OWN}/payments/process/abc`, 'https://other.example')).toBeNull();
    expect(parsePaymentUrl(`${OWN}/payments/process/${'a'.repeat(5000)}`, OWN)).toBeNull();
    expect(parsePaymentUrl('http://localhost:8080/payments/process/abc', [OWN, 'http://localhost:8080'])?.paymentId).toBe('abc');
  });

  it('lets the bridge accept payment URLs of configured payment origins', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const posted = vi.fn<Window['postMessage']>();
    frame.contentWindow!.postMessage = posted as unknown as Window['postMessage'];
    const handlers = handlersMock();
    const bridge = createHostBridge({ frame, allowedOrigins: [GAME], handlers, paymentOrigins: ['http://localhost:8080/'], log: () => {} });
    const send = (text: string) =>
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'openPayment', text }, origin: GAME, source: frame.contentWindow }));
    send('http://localhost:8080/payments/process/p-1');
    send(`${OWN}/payments/process/p-2`);
    send('http://localhost:8081/payments/process/p-3');
    await flush();
    expect(handlers.openPayment.mock.calls.map((c) => c[0].paymentId)).toEqual(['p-1', 'p-2']);
    expect(posted).toHaveBeenCalledTimes(3);
    expect(posted).toHaveBeenCalledWith({ type: 'paymentResult', ...PAYMENT_OPEN_ERROR }, GAME);
    bridge.destroy();
    frame.remove();
  });
});
