import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigate } from '../navigation';
import { toastStore } from '../ui/notify';
import { decodeResult } from '@portal/contracts/result-codec';
import { authMode, reactToUnauthorized } from './unauthorized';
import { setHostOrigins } from './host-message';
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
  setHostOrigins(undefined);
  setNavigate(null);
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
