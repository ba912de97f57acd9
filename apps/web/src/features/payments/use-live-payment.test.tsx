import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/shared/api/query-client';
import { testStream, type TestStream } from '@/test/event-streams';
import { paymentKeys } from './api/keys';
import { useLivePayment } from './use-live-payment';

const ID = '0b7c3c1e-1111-4222-8333-444455556666';

function setup(refuse?: number) {
  const streams: TestStream[] = [];
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (refuse) return new Response('{}', { status: refuse });
    const stream = testStream(input, init);
    streams.push(stream);
    return stream.response;
  });
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { streams, fetchMock, client, wrapper };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useLivePayment', () => {
  it("pushes this payment's status into the payment query and closes on unmount", async () => {
    const { streams, client, wrapper } = setup();
    const { unmount } = renderHook(() => useLivePayment(ID, 'a.b.c', true), { wrapper });
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0]!;
    expect(stream.url).toBe(`/api/payments/events/${ID}`);
    expect(stream.headers.get('authorization')).toBe('Bearer a.b.c');
    stream.send('ready', { type: 'ready' });
    stream.send('status', { type: 'status', paymentId: 'another', status: 'paid', payload: null, token: null });
    stream.send('status', { type: 'status', paymentId: ID, status: 'paid', payload: 'p', token: 't', finished: true });
    await vi.waitFor(() => expect(client.getQueryData(paymentKeys.one(ID))).toEqual({ status: 'paid', payload: 'p', token: 't' }));
    unmount();
    expect(stream.aborted).toBe(true);
  });

  it('reads the stored token without a page token; no token, no stream', async () => {
    const { streams, fetchMock, wrapper } = setup();
    const first = renderHook(() => useLivePayment(ID, null, true), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).not.toHaveBeenCalled();
    first.unmount();
    localStorage.setItem('accessToken', 'stored');
    renderHook(() => useLivePayment(ID, undefined, true), { wrapper });
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]!.headers.get('authorization')).toBe('Bearer stored');
  });

  it('reconnects after a drop; a 401 ends it and polling alone goes on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { streams, wrapper } = setup();
    const { unmount } = renderHook(() => useLivePayment(ID, 'a.b.c', true), { wrapper });
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.end();
    await vi.advanceTimersByTimeAsync(3000);
    expect(streams).toHaveLength(2);
    unmount();

    vi.restoreAllMocks();
    const refused = setup(401);
    renderHook(() => useLivePayment(ID, 'expired', true), { wrapper: refused.wrapper });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refused.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('opens nothing while disabled', async () => {
    const { fetchMock, wrapper } = setup();
    renderHook(() => useLivePayment(ID, 'a.b.c', false), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
