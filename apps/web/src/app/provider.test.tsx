import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigate } from '@/shared/navigation';
import { toastStore } from '@/shared/ui/notify';
import { apiGet, setPlayerUnauthorizedReaction, setRequestContext } from '@/shared/api/client';
import { setHostOrigins } from '@/shared/auth/host-message';
import { reactToPlayerUnauthorized } from './provider';

const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  setNavigate(navigate);
  toastStore.attach(() => undefined);
  // A fresh registration: the quiet period of the last test's 401 does not carry over.
  setPlayerUnauthorizedReaction(reactToPlayerUnauthorized);
  localStorage.setItem('accessToken', 'stale');
  localStorage.setItem('webAuthData', JSON.stringify({ userId: 'u1', nickName: 'Nick', currentAuthType: 'email' }));
});

afterEach(() => {
  setHostOrigins(undefined);
  setNavigate(null);
  setRequestContext({ source: null });
  vi.restoreAllMocks();
});

describe('the player api client with the registered reaction', () => {
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

  it('takes the host from ?source= on the support and purchase screens: mobile ends on /unauthorized, never the portal login', async () => {
    window.history.replaceState(null, '', '/support/tickets?source=mobile');
    try {
      vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer401());
      await apiGet('/api/support/get-tickets').catch(() => undefined);
      await vi.waitFor(() => expect(navigate.mock.calls[0]?.[0]).toMatch(/^\/unauthorized\/[\w-]+$/));
      expect(navigate).not.toHaveBeenCalledWith('/session/login', expect.anything());
    } finally {
      window.history.replaceState(null, '', '/');
    }
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

// Last: it loads fresh copies of the modules.
describe('the app registers the 401 reaction of the player api client', () => {
  it('importing the provider registers it', async () => {
    setPlayerUnauthorizedReaction(null);
    vi.resetModules();
    const fresh = await import('@/shared/api/client');
    await import('./provider');
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () => new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'no' }), { status: 401 }),
    );
    const navigateFresh = vi.fn();
    (await import('@/shared/navigation')).setNavigate(navigateFresh);
    await fresh.apiGet('/api/user/me').catch(() => undefined);
    await vi.waitFor(() => expect(navigateFresh).toHaveBeenCalledWith('/session/login', { replace: true }));
  });
});
