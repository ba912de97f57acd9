import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigate } from '../navigation';
import { toastStore } from '../ui/notify';
import { apiGet, resetUnauthorizedGuard, setRequestContext } from '../api/client';
import { decodeResult } from '@portal/contracts/result-codec';
import { authMode, reactToUnauthorized } from './unauthorized';
import { resetHostOrigins, setHostOrigins } from './host-message';
import { isGoingToSignIn } from './auth-store';

const navigate = vi.fn();
const shown: { kind: string; text: string }[] = [];

beforeEach(() => {
  navigate.mockReset();
  shown.length = 0;
  setNavigate(navigate);
  toastStore.attach((request) => shown.push(request));
  localStorage.setItem('accessToken', 'stale');
  localStorage.setItem('webAuthData', JSON.stringify({ userId: 'u1', nickName: 'Nick', currentAuthType: 'email' }));
});

afterEach(() => {
  resetHostOrigins();
  setNavigate(null);
  setRequestContext({ source: null });
  resetUnauthorizedGuard();
  vi.restoreAllMocks();
});

describe('authMode', () => {
  it('is mobile for a mobile source, web for source web framed or not, default otherwise', () => {
    expect(authMode('android', false)).toBe('mobile');
    expect(authMode('iOS', true)).toBe('mobile');
    expect(authMode('mobile', false)).toBe('mobile');
    expect(authMode('web', true)).toBe('web');
    expect(authMode('web', false)).toBe('web');
    expect(authMode('WEB', false)).toBe('web');
    // No source: a frame is a web host's; another named source is not web mode.
    expect(authMode(null, true)).toBe('web');
    expect(authMode('partner', true)).toBe('default');
    expect(authMode(undefined, false)).toBe('default');
  });
});

describe('the 401 reaction', () => {
  it('web mode: tells the parent (code 3001) and goes to /loader', () => {
    const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    // jsdom: a framed page has a different parent; fake it for this call.
    const parent = { postMessage: post } as unknown as Window;
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent);
    Object.defineProperty(document, 'referrer', { value: 'https://game.example/play', configurable: true });
    // The initial config's allowed origins: only those hear results.
    setHostOrigins(['https://game.example']);
    reactToUnauthorized('web');
    expect(post).toHaveBeenCalledWith({ type: 'authResult', result: { isError: true, errorCode: 3001 } }, 'https://game.example');
    expect(navigate).toHaveBeenCalledWith('/loader', { replace: true });
    expect(localStorage.getItem('accessToken')).toBe('stale');
  });

  it('mobile mode: the /unauthorized result page with the encoded result', () => {
    reactToUnauthorized('mobile');
    const [to] = navigate.mock.calls[0] as [string];
    expect(to).toMatch(/^\/unauthorized\/[A-Za-z0-9_-]+$/);
    expect(decodeResult(to.split('/')[2])).toEqual({ isError: true, errorCode: 3001 });
    expect(shown).toHaveLength(0);
  });

  it('default: forgets the token and the user, shows the toast and opens the login page', async () => {
    let arrive!: () => void;
    navigate.mockImplementation(() => new Promise<void>((resolve) => (arrive = resolve)));
    reactToUnauthorized('default');
    // Until the login screen is there, screens that need a player do not send anyone away.
    expect(isGoingToSignIn()).toBe(true);
    arrive();
    await vi.waitFor(() => expect(isGoingToSignIn()).toBe(false));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('webAuthData')).toBeNull();
    expect(shown).toEqual([expect.objectContaining({ kind: 'error', id: 'UNAUTHORIZED_INVALID_TOKEN' })]);
    expect(navigate).toHaveBeenCalledWith('/session/login', { replace: true });
  });
});

describe('the api client', () => {
  const answer401 = () =>
    new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'no' }), { status: 401, headers: { 'content-type': 'application/json' } });

  it('reacts once to 401 answers of calls that carried a token', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer401());
    await Promise.all([apiGet('/api/user/me').catch(() => undefined), apiGet('/api/user/get-profile').catch(() => undefined)]);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(navigate).toHaveBeenCalledWith('/session/login', { replace: true });
  });

  it('leaves a 401 without a token to the caller', async () => {
    localStorage.removeItem('accessToken');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer401());
    await expect(apiGet('/api/user/me')).rejects.toMatchObject({ status: 401 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('uses the request context source: mobile goes to /unauthorized', async () => {
    setRequestContext({ source: 'android' });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer401());
    await apiGet('/api/user/me').catch(() => undefined);
    await vi.waitFor(() => expect(navigate.mock.calls[0]?.[0]).toMatch(/^\/unauthorized\//));
  });

  it('in a host frame: the 401 goes to the allowed host as authResult 3001 and the page shows /loader', async () => {
    const post = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage: post } as unknown as Window);
    Object.defineProperty(document, 'referrer', { value: 'https://game.example/play', configurable: true });
    setHostOrigins(['https://game.example']);
    setRequestContext({ source: 'web' });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer401());
    await apiGet('/api/support/get-tickets').catch(() => undefined);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/loader', { replace: true }));
    expect(post).toHaveBeenCalledWith({ type: 'authResult', result: { isError: true, errorCode: 3001 } }, 'https://game.example');
    // The frame keeps its token: the host decides what happens next.
    expect(localStorage.getItem('accessToken')).toBe('stale');
  });
});
