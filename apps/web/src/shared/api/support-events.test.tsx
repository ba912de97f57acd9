import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { useSupportUnreadCount } from './get-support-unread-count';
import { ZSupportEvent } from '@portal/contracts/support';
import { asSupportEvent, subscribeSupportEvents, supportIdentity } from './support-events';
import { testStream, type TestStream } from '@/test/event-streams';

/** Answers the support stream with a test stream (or `refuse`'s status); other calls `other`. */
function serveEvents(refuse?: number, other: () => Response = () => new Response('{}', { status: 404 })) {
  const streams: TestStream[] = [];
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (!String(input).startsWith('/api/support/events')) return other();
    if (refuse) return new Response('{}', { status: refuse });
    const stream = testStream(input, init);
    streams.push(stream);
    return stream.response;
  });
  return { streams, fetchMock };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('support events', () => {
  it('the stream is for the token, else the guest id, else nobody', () => {
    expect(supportIdentity()).toBeNull();
    localStorage.setItem('tempUserId', '0b7c3c1e-1111-4222-8333-444455556666');
    expect(supportIdentity()).toEqual({ tempUserId: '0b7c3c1e-1111-4222-8333-444455556666' });
    localStorage.setItem('accessToken', 'a.b.c');
    expect(supportIdentity()).toEqual({ jwt: 'a.b.c' });
  });

  it('shares one stream between listeners, drops malformed events and closes with the last listener', async () => {
    const { streams } = serveEvents();
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = subscribeSupportEvents({ jwt: 'x' }, first);
    const offSecond = subscribeSupportEvents({ jwt: 'x' }, second);
    await flush();
    expect(streams).toHaveLength(1);
    const stream = streams[0]!;
    expect(stream.url).toBe('/api/support/events');
    expect(stream.headers.get('authorization')).toBe('Bearer x');
    stream.send('unreadCount', { type: 'unreadCount', count: 3 });
    stream.send('unreadCount', 'not json');
    stream.send('unreadCount', { type: 'unreadCount', count: -1 });
    stream.send('other', { type: 'unreadCount', count: 4 });
    await vi.waitFor(() => expect(first).toHaveBeenCalledTimes(1));
    await flush();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledWith({ type: 'unreadCount', count: 3 });
    offFirst();
    expect(stream.aborted).toBe(false);
    offSecond();
    expect(stream.aborted).toBe(true);
  });

  it("a guest's stream carries the Temp-User-Id header", async () => {
    const { streams } = serveEvents();
    const off = subscribeSupportEvents({ tempUserId: 'g1' }, () => undefined);
    await flush();
    expect(streams[0]!.headers.get('temp-user-id')).toBe('g1');
    expect(streams[0]!.headers.has('authorization')).toBe(false);
    off();
  });

  it('reconnects after a dropped stream', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { streams } = serveEvents();
    const listener = vi.fn();
    const off = subscribeSupportEvents({ jwt: 'drop' }, listener);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.end();
    await vi.advanceTimersByTimeAsync(3000);
    expect(streams).toHaveLength(2);
    streams[1]!.send('unreadCount', { type: 'unreadCount', count: 1 });
    await vi.waitFor(() => expect(listener).toHaveBeenCalledWith({ type: 'unreadCount', count: 1 }));
    off();
    expect(streams[1]!.aborted).toBe(true);
  });

  it('a refused token ends the stream without reconnecting', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetchMock } = serveEvents(401);
    const off = subscribeSupportEvents({ jwt: 'expired' }, () => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    off();
  });

  it('the hand-written check agrees with ZSupportEvent', () => {
    const message = {
      id: 'm1',
      isUserMsg: false,
      text: '<p>x</p>',
      image: null,
      video: null,
      createTs: '2026-11-20T10:00:00.000Z',
      isAutomated: false,
      author: 'staff',
    };
    const samples: unknown[] = [
      { type: 'ready' },
      { type: 'unreadCount', count: 2 },
      { type: 'unreadCount', count: -1 },
      { type: 'unreadCount', count: 1.5 },
      { type: 'unreadCount' },
      { type: 'ticketStatus', ticketId: 't', status: 'closed' },
      { type: 'ticketStatus', ticketId: 't', status: 'gone' },
      { type: 'message', ticketId: 't', project: 'familytown', message },
      { type: 'message', ticketId: 't', message },
      { type: 'other' },
      null,
      'text',
    ];
    for (const sample of samples) {
      expect(asSupportEvent(sample) !== null, JSON.stringify(sample)).toBe(ZSupportEvent.safeParse(sample).success);
    }
  });

  it('the unread count follows the stream between polls', async () => {
    localStorage.setItem('accessToken', 'a.b.c');
    const { streams } = serveEvents(undefined, () => new Response(JSON.stringify({ data: { count: 0 } })));
    function Mark() {
      const count = useSupportUnreadCount(true).data?.count;
      return <output>{count ?? '-'}</output>;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Mark />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('0')).toBeInTheDocument();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    act(() => streams[0]!.send('unreadCount', { type: 'unreadCount', count: 2 }));
    expect(await screen.findByText('2')).toBeInTheDocument();
  });
});
