import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/shared/api/query-client';
import { SIGN_IN_CHANNEL, SIGN_IN_HANDOFF_MESSAGE } from '@portal/contracts/http';
import {
  AUTH_STATE_POLL_MS,
  EXTERNAL_SIGN_IN_TIMEOUT_MS,
  HANDOFF_GRACE_MS,
  createAuthDataId,
  handoffOf,
  nextPoll,
  pollAuthState,
  useOutsideSignIn,
} from './use-outside-sign-in';

const RESULT = {
  currentAuthType: 'google' as const,
  jwt: 'header.payload.sig',
  nickName: 'Player-1',
  userId: '5f0c3c1e-1111-4222-8333-444455556666',
};

const SECRET = 's'.repeat(43);
const HANDOFF = 'h'.repeat(43);
const target = (closed: boolean, handoff: string | null = null) => ({
  id: 'id-12345678',
  secret: SECRET,
  popup: { closed },
  handoff,
  closedAt: null,
});
const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

function answer(body: unknown) {
  return new Response(JSON.stringify({ data: body }), { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('poll outcome', () => {
  it('a result wins even when the window closed meanwhile; the poll carries the secret and the handoff', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer({ authData: { result: RESULT } }));
    await expect(pollAuthState(target(true, HANDOFF))).resolves.toEqual({ status: 'done', result: RESULT });
    const init = fetchMock.mock.calls[0]![1];
    expect(headerOf(init, 'auth-state-secret')).toBe(SECRET);
    expect(headerOf(init, 'auth-state-handoff')).toBe(HANDOFF);
  });

  it('no result: pending while open, closed once the window is gone', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer({ authData: { result: null } }));
    await expect(pollAuthState(target(false))).resolves.toEqual({ status: 'pending' });
    await expect(pollAuthState(target(true))).resolves.toEqual({ status: 'closed' });
  });

  it('finished but no handoff yet: a closed window gets a moment for its message, then counts as closed', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer({ authData: { result: null, waitingForHandoff: true } }));
    const closed = target(true);
    let now = 1_000;
    await expect(pollAuthState(closed, undefined, () => now)).resolves.toEqual({ status: 'pending' });
    now += HANDOFF_GRACE_MS - 1;
    await expect(pollAuthState(closed, undefined, () => now)).resolves.toEqual({ status: 'pending' });
    now += 1;
    await expect(pollAuthState(closed, undefined, () => now)).resolves.toEqual({ status: 'closed' });
  });

  it('reads a handoff only from the callback page message of this very state', () => {
    const message = { type: SIGN_IN_HANDOFF_MESSAGE, id: 'id-12345678', handoff: HANDOFF };
    expect(handoffOf(message, 'id-12345678')).toBe(HANDOFF);
    expect(handoffOf(message, 'id-other-000')).toBeNull();
    expect(handoffOf({ ...message, type: 'userAuth' }, 'id-12345678')).toBeNull();
    expect(handoffOf({ ...message, handoff: '<script>' }, 'id-12345678')).toBeNull();
    expect(handoffOf('text', 'id-12345678')).toBeNull();
  });

  it('polls every 2 s only while pending', () => {
    expect(nextPoll(undefined)).toBe(2000);
    expect(nextPoll({ status: 'pending' })).toBe(2000);
    expect(nextPoll({ status: 'closed' })).toBe(false);
    expect(nextPoll({ status: 'failed' })).toBe(false);
    expect(nextPoll({ status: 'done', result: RESULT })).toBe(false);
  });

  it('makes a time-plus-random auth-data id the server accepts', () => {
    const a = createAuthDataId(1_700_000_000_000);
    const b = createAuthDataId(1_700_000_000_000);
    expect(a).toMatch(/^[A-Za-z0-9._-]{8,128}$/);
    expect(a.startsWith((1_700_000_000_000).toString(36))).toBe(true);
    expect(a).not.toBe(b);
  });
});

describe('useOutsideSignIn', () => {
  let popup: { closed: boolean; close: () => void; location: { href: string } };
  let stateAnswers: unknown[];
  let providerFailed: boolean;
  let fetchMock: { mock: { calls: unknown[][] } };

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    popup = { closed: false, close: vi.fn(() => (popup.closed = true)), location: { href: '' } };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    stateAnswers = [];
    providerFailed = false;
    // The server's rule: the result only with this window's secret and the callback's handoff.
    fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('set-user-auth-state')) return answer({ result: true, secret: SECRET });
      if (headerOf(init, 'auth-state-secret') !== SECRET)
        return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'no' }), { status: 404 });
      if (providerFailed) return answer({ authData: { result: null, failed: true } });
      if (stateAnswers.length === 0) return answer({ authData: { result: null } });
      if (headerOf(init, 'auth-state-handoff') !== HANDOFF) return answer({ authData: { result: null, waitingForHandoff: true } });
      return answer({ authData: { result: stateAnswers.shift() } });
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function setup(source: string | null = null) {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const onResult = vi.fn();
    const onClosed = vi.fn();
    const onFailed = vi.fn();
    const hook = renderHook(() => useOutsideSignIn({ session: 'ses-1', source, onResult, onClosed, onFailed }), { wrapper });
    return { hook, onResult, onClosed, onFailed };
  }

  const polls = () => fetchMock.mock.calls.filter((call) => String(call[0]).includes('check-user-auth-state')).length;
  const stateId = () => localStorage.getItem('userAuthDataId') ?? '';
  /** What the callback page does in the opened window: post the handoff to its opener. */
  const postHandoff = (origin = window.location.origin, id = stateId()) =>
    act(async () => {
      window.dispatchEvent(new MessageEvent('message', { origin, data: { type: SIGN_IN_HANDOFF_MESSAGE, id, handoff: HANDOFF } }));
      await vi.advanceTimersByTimeAsync(10);
    });

  it('opens /passport in the window, polls every 2 s and takes the result with the handoff the window posts', async () => {
    const { hook, onResult, onClosed } = setup();
    await act(() => hook.result.current.start('google'));
    expect(popup.location.href).toMatch(/^\/passport\/google\?state=[^&]+%3Ases-1$/);
    expect(localStorage.getItem('userAuthDataId')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS));
    expect(polls()).toBe(2);

    // Finished at the provider: without the handoff the poll gets nothing.
    stateAnswers.push(RESULT);
    await act(() => vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS));
    expect(polls()).toBe(3);
    expect(onResult).not.toHaveBeenCalled();
    // A message from another origin, or for another state, is not the handoff.
    await postHandoff('https://evil.example');
    await postHandoff(window.location.origin, 'another-state-id');
    expect(onResult).not.toHaveBeenCalled();
    // The window posts it: polled at once, signed in.
    await postHandoff();
    expect(polls()).toBe(4);
    expect(onResult).toHaveBeenCalledWith(RESULT);
    expect(onClosed).not.toHaveBeenCalled();
    expect(popup.close).toHaveBeenCalled();
    expect(hook.result.current.waiting).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS * 3));
    expect(polls()).toBe(4);
  });

  it('takes the handoff from the same-origin channel when the provider cut the opener handle', async () => {
    const { hook, onResult } = setup();
    await act(() => hook.result.current.start('google'));
    stateAnswers.push(RESULT);
    await act(() => vi.advanceTimersByTimeAsync(10));
    const channel = new BroadcastChannel(SIGN_IN_CHANNEL);
    channel.postMessage({ type: SIGN_IN_HANDOFF_MESSAGE, id: stateId(), handoff: HANDOFF });
    channel.close();
    await vi.waitFor(async () => {
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(onResult).toHaveBeenCalledWith(RESULT);
    });
  });

  it('stops when the window is closed without a result (auth closed by user)', async () => {
    const { hook, onResult, onClosed } = setup();
    await act(() => hook.result.current.start('yandex'));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(hook.result.current.waiting).toBe(true);
    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(onResult).not.toHaveBeenCalled();
    const count = polls();
    await act(() => vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS * 3));
    expect(polls()).toBe(count);
  });

  it('a sign-in the provider failed ends with that provider named (its own host code), not as a closed window', async () => {
    const { hook, onResult, onClosed, onFailed } = setup();
    await act(() => hook.result.current.start('google'));
    await act(() => vi.advanceTimersByTimeAsync(10));
    providerFailed = true;
    await act(() => vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS));
    expect(onFailed).toHaveBeenCalledWith('google');
    expect(onClosed).not.toHaveBeenCalled();
    expect(onResult).not.toHaveBeenCalled();
    expect(popup.close).toHaveBeenCalled();
    expect(hook.result.current.waiting).toBe(false);
  });

  it('a mobile webview: the provider opens in a new window (the system browser), polled until a result', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { hook, onResult } = setup('mobile');
    await act(() => hook.result.current.start('google'));
    const [url, target] = open.mock.calls[0]!;
    expect(url).toMatch(/^\/passport\/google\?state=[^&]+%3Ases-1$/);
    expect(target).toBe('_blank');
    // Offered as a link too, for apps that only open tapped links externally.
    expect(hook.result.current.externalUrl).toBe(url);
    await act(() => vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS * 2));
    expect(hook.result.current.waiting).toBe(true);
    expect(polls()).toBeGreaterThan(0);
    stateAnswers.push(RESULT);
    await postHandoff();
    await act(() => vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS + 10));
    expect(onResult).toHaveBeenCalledWith(RESULT);
    expect(hook.result.current.externalUrl).toBeNull();
  });

  it('a mobile sign-in without a result ends as closed after 5 minutes', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { hook, onClosed } = setup('android');
    await act(() => hook.result.current.start('vkontakte'));
    await act(() => vi.advanceTimersByTimeAsync(EXTERNAL_SIGN_IN_TIMEOUT_MS - AUTH_STATE_POLL_MS));
    expect(onClosed).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS * 2 + 10));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(hook.result.current.waiting).toBe(false);
  });
});
