import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/shared/api/query-client';
import { AUTH_STATE_POLL_MS, EXTERNAL_SIGN_IN_TIMEOUT_MS, createAuthDataId, nextPoll, pollAuthState, useOutsideSignIn } from './use-outside-sign-in';

const RESULT = {
  currentAuthType: 'google' as const,
  jwt: 'header.payload.sig',
  nickName: 'Player-1',
  userId: '5f0c3c1e-1111-4222-8333-444455556666',
};

function answer(body: unknown) {
  return new Response(JSON.stringify({ data: body }), { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('poll outcome', () => {
  it('a result wins even when the window closed meanwhile', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer({ authData: { result: RESULT } }));
    await expect(pollAuthState('id-12345678', { closed: true })).resolves.toEqual({ status: 'done', result: RESULT });
  });

  it('no result: pending while open, closed once the window is gone', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer({ authData: { result: null } }));
    await expect(pollAuthState('id-12345678', { closed: false })).resolves.toEqual({ status: 'pending' });
    await expect(pollAuthState('id-12345678', { closed: true })).resolves.toEqual({ status: 'closed' });
  });

  it('polls every 2 s only while pending', () => {
    expect(nextPoll(undefined)).toBe(2000);
    expect(nextPoll({ status: 'pending' })).toBe(2000);
    expect(nextPoll({ status: 'closed' })).toBe(false);
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
  let fetchMock: { mock: { calls: unknown[][] } };

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    popup = { closed: false, close: vi.fn(() => (popup.closed = true)), location: { href: '' } };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    stateAnswers = [];
    fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('set-user-auth-state')) return answer({ result: true });
      return answer({ authData: { result: stateAnswers.shift() ?? null } });
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
    const hook = renderHook(() => useOutsideSignIn({ session: 'ses-1', source, onResult, onClosed }), { wrapper });
    return { hook, onResult, onClosed };
  }

  const polls = () => fetchMock.mock.calls.filter((call) => String(call[0]).includes('check-user-auth-state')).length;

  it('opens /passport in the window, polls every 2 s and stops on the result', async () => {
    const { hook, onResult, onClosed } = setup();
    await act(() => hook.result.current.start('google'));
    expect(popup.location.href).toMatch(/^\/passport\/google\?state=[^&]+%3Ases-1$/);
    expect(localStorage.getItem('userAuthDataId')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS));
    expect(polls()).toBe(2);

    stateAnswers.push(RESULT);
    await act(() => vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS));
    expect(polls()).toBe(3);
    expect(onResult).toHaveBeenCalledWith(RESULT);
    expect(onClosed).not.toHaveBeenCalled();
    expect(popup.close).toHaveBeenCalled();
    expect(hook.result.current.waiting).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(AUTH_STATE_POLL_MS * 3));
    expect(polls()).toBe(3);
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
