import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { useSupportUnreadCount } from './get-support-unread-count';
import { ZSupportEvent } from '@portal/contracts/support';
import { asSupportEvent, subscribeSupportEvents, supportEventsUrl } from './support-events';

/** A stand-in EventSource the test feeds with server events. */
class FakeEventSource {
  static open: FakeEventSource[] = [];
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.open.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    FakeEventSource.open = FakeEventSource.open.filter((source) => source !== this);
  }
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) });
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeEventSource.open = [];
});

describe('support events', () => {
  it('the stream URL carries the token, else the guest id, else there is none', () => {
    expect(supportEventsUrl()).toBeNull();
    localStorage.setItem('tempUserId', '0b7c3c1e-1111-4222-8333-444455556666');
    expect(supportEventsUrl()).toBe('/api/support/events?tempUserId=0b7c3c1e-1111-4222-8333-444455556666');
    localStorage.setItem('accessToken', 'a.b.c');
    expect(supportEventsUrl()).toBe('/api/support/events?jwt=a.b.c');
  });

  it('shares one stream between listeners, drops malformed events and closes with the last listener', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = subscribeSupportEvents('/api/support/events?jwt=x', first);
    const offSecond = subscribeSupportEvents('/api/support/events?jwt=x', second);
    expect(FakeEventSource.open).toHaveLength(1);
    const source = FakeEventSource.open[0]!;
    source.emit('unreadCount', { type: 'unreadCount', count: 3 });
    source.emit('unreadCount', 'not json');
    source.emit('unreadCount', { type: 'unreadCount', count: -1 });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledWith({ type: 'unreadCount', count: 3 });
    offFirst();
    expect(source.closed).toBe(false);
    offSecond();
    expect(source.closed).toBe(true);
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
    vi.stubGlobal('EventSource', FakeEventSource);
    localStorage.setItem('accessToken', 'a.b.c');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ data: { count: 0 } })));
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
    act(() => FakeEventSource.open[0]!.emit('unreadCount', { type: 'unreadCount', count: 2 }));
    expect(await screen.findByText('2')).toBeInTheDocument();
  });
});
