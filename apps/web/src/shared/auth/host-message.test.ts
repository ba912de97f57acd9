import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeResult } from '@portal/contracts/result-codec';
import { getInitialConfig } from '../api/get-initial-config';
import {
  deliverToHost,
  hostResultPath,
  isMobileSource,
  parentOrigin,
  postToHost,
  setHostOrigins,
  setHostOriginsLoader,
} from './host-message';

// As the app registers it: the initial config carries the allowed origins.
setHostOriginsLoader(() => getInitialConfig());

const HOST = 'https://host-game.example';

/** jsdom is never framed: fake a parent and the browser's word on its origin. */
function frame(options: { referrer?: string; ancestors?: string[]; search?: string } = {}) {
  const post = vi.fn();
  vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage: post } as unknown as Window);
  Object.defineProperty(document, 'referrer', { value: options.referrer ?? '', configurable: true });
  if (options.ancestors) {
    const list = Object.assign([...options.ancestors], {
      contains: (o: string) => options.ancestors!.includes(o),
      item: (i: number) => options.ancestors![i] ?? null,
    });
    Object.defineProperty(window.location, 'ancestorOrigins', { value: list, configurable: true });
  }
  if (options.search !== undefined) window.history.replaceState(null, '', `/session/login${options.search}`);
  return post;
}

afterEach(() => {
  setHostOrigins(undefined);
  vi.restoreAllMocks();
  Object.defineProperty(document, 'referrer', { value: '', configurable: true });
  if (Object.getOwnPropertyDescriptor(window.location, 'ancestorOrigins')) {
    Object.defineProperty(window.location, 'ancestorOrigins', { value: undefined, configurable: true });
  }
  window.history.replaceState(null, '', '/');
});

describe('postToHost (service bridge)', () => {
  it('posts to the exact allowed origin of the parent, never to *', () => {
    setHostOrigins([HOST]);
    const post = frame({ referrer: `${HOST}/play?level=3` });
    const message = { type: 'authResult' as const, result: { isError: true, errorCode: 1011 } };
    expect(postToHost(message)).toBe(true);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(message, HOST);
  });

  it('sends nothing to a parent whose origin is not allowed, or when not framed', () => {
    setHostOrigins([HOST]);
    const post = frame({ referrer: 'https://evil.example/' });
    expect(postToHost({ type: 'authResult', result: { isError: true, errorCode: 1011 } })).toBe(false);
    expect(parentOrigin()).toBeNull();
    // A look-alike origin is not the allowed one.
    Object.defineProperty(document, 'referrer', { value: 'https://host-game.example.evil.example/', configurable: true });
    expect(postToHost({ type: 'authResult', result: { isError: true, errorCode: 1011 } })).toBe(false);
    expect(post).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(postToHost({ type: 'authResult', result: { isError: true, errorCode: 1011 } })).toBe(false);
  });

  it('asked before the allowed origins are known, a result waits for them and goes only to an allowed parent', async () => {
    const config = (allowedOrigins: string[]) =>
      new Response(JSON.stringify({ data: { projects: {}, mainData: {}, knownProjects: [], allowedOrigins } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(config([HOST]));
    const post = frame({ referrer: `${HOST}/` });
    const message = { type: 'authResult' as const, result: { isError: true, errorCode: 3001 } };
    expect(postToHost(message)).toBe(true);
    expect(post).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(post).toHaveBeenCalledWith(message, HOST));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/control/get-initial-config');

    // Known now: a parent that is not on the list gets nothing, at once.
    Object.defineProperty(document, 'referrer', { value: 'https://evil.example/', configurable: true });
    expect(postToHost(message)).toBe(false);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a waiting result for a parent that is not allowed is dropped when the list arrives', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(JSON.stringify({ data: { projects: {}, mainData: {}, knownProjects: [], allowedOrigins: [HOST] } }), { status: 200 }),
    );
    const post = frame({ referrer: 'https://evil.example/' });
    postToHost({ type: 'supportResult', result: { isError: true, errorCode: 5000 } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(post).not.toHaveBeenCalled();
    // The own origin is always allowed.
    Object.defineProperty(document, 'referrer', { value: `${window.location.origin}/games/en/`, configurable: true });
    expect(postToHost({ type: 'supportResult', result: { isError: true, errorCode: 5000 } })).toBe(true);
    expect(post).toHaveBeenCalledWith({ type: 'supportResult', result: { isError: true, errorCode: 5000 } }, window.location.origin);
  });

  it('ancestorOrigins is the browser’s word and beats a forged ?origin= or referrer', () => {
    setHostOrigins([HOST, 'https://other.example']);
    const post = frame({ ancestors: ['https://evil.example'], referrer: `${HOST}/`, search: `?origin=${encodeURIComponent(HOST)}` });
    expect(postToHost({ type: 'authResult', result: { isError: true, errorCode: 1011 } })).toBe(false);
    Object.defineProperty(window.location, 'ancestorOrigins', { value: Object.assign(['https://other.example']), configurable: true });
    expect(parentOrigin()).toBe('https://other.example');
    expect(post).not.toHaveBeenCalled();
  });

  it('ignores garbage in the configured list (no wildcard widening)', () => {
    setHostOrigins(['*', 'null', 'https://*.example', `${HOST}/path`]);
    frame({ referrer: `${HOST}/` });
    expect(parentOrigin()).toBeNull();
  });
});

describe('deliverToHost', () => {
  it('postMessage mode in an allowed frame posts { type, result }', () => {
    setHostOrigins([HOST]);
    const post = frame({ referrer: `${HOST}/` });
    const go = vi.fn();
    const result = { paymentId: 'p-1', status: 'none' as const, isError: true, errorCode: 4000 as const };
    expect(deliverToHost('payment', result, { authType: 'postMessage', source: 'web', go })).toEqual({
      via: 'postMessage',
      targetOrigin: HOST,
    });
    expect(post).toHaveBeenCalledWith({ type: 'paymentResult', result }, HOST);
    expect(go).not.toHaveBeenCalled();
  });

  it('redirect mode, a mobile source, or no allowed parent: the result page carries the result', () => {
    setHostOrigins([HOST]);
    const post = frame({ referrer: `${HOST}/` });
    const go = vi.fn();
    const failure = { isError: true as const, errorCode: 1011 as const, session: 's-1' };
    const redirect = deliverToHost('auth', failure, { authType: 'redirect', source: 'web', go });
    expect(redirect.via).toBe('redirect');
    const mobile = deliverToHost(
      'support',
      { isError: true, errorCode: 5000, session: null },
      { authType: 'postMessage', source: 'android', go },
    );
    expect(mobile).toEqual({ via: 'redirect', path: hostResultPath('support', { isError: true, errorCode: 5000, session: null }) });
    vi.restoreAllMocks();
    const standalone = deliverToHost(
      'payment',
      { paymentId: 'p-2', status: 'none', isError: true, errorCode: 4000 },
      { authType: 'postMessage', source: null, go },
    );
    expect(standalone.via).toBe('redirect');
    expect(post).not.toHaveBeenCalled();

    const [first, second, third] = go.mock.calls.map(([path]) => String(path));
    expect(first).toMatch(/^\/session\/loginDone\/[A-Za-z0-9_-]+$/);
    expect(decodeResult(first!.split('/')[3])).toEqual(failure);
    expect(second).toMatch(/^\/support\/done\/[A-Za-z0-9_-]+$/);
    expect(third).toMatch(/^\/payments\/done\/[A-Za-z0-9_-]+$/);
    expect(decodeResult(third!.split('/')[3])).toEqual({ paymentId: 'p-2', status: 'none', isError: true, errorCode: 4000 });
  });

  it('knows the mobile sources', () => {
    expect(isMobileSource('mobile')).toBe(true);
    expect(isMobileSource('IOS')).toBe(true);
    expect(isMobileSource('android')).toBe(true);
    expect(isMobileSource('web')).toBe(false);
    expect(isMobileSource(null)).toBe(false);
  });
});
