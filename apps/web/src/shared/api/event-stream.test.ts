import { afterEach, describe, expect, it, vi } from 'vitest';
import { followEventStream, openEventStream, type EventSourceMessage } from './event-stream';

function streamOf(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

afterEach(() => vi.restoreAllMocks());

describe('openEventStream', () => {
  it('answers complete events across chunks, skipping comments and retry lines', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        streamOf([
          'retry: 3000\n\nevent: ready\ndata: {"type":"ready"}\n\n: heartbeat\n\nevent: message\ndata: {"a"',
          ':1}\n\n',
          'data: one\r\ndata: two\r\n\r\n',
        ]),
      );
    const messages: EventSourceMessage[] = [];
    const onOpen = vi.fn();
    await openEventStream({
      url: '/events',
      headers: { Authorization: 'Bearer t' },
      signal: new AbortController().signal,
      onMessage: (m) => messages.push(m),
      onOpen,
    });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(messages.map(({ event, data }) => ({ event, data }))).toEqual([
      { event: 'ready', data: '{"type":"ready"}' },
      { event: 'message', data: '{"a":1}' },
      { event: undefined, data: 'one\ntwo' },
    ]);
    const headers = fetchMock.mock.calls[0]![1]!.headers as Headers;
    expect(headers.get('accept')).toBe('text/event-stream');
    expect(headers.get('authorization')).toBe('Bearer t');
  });

  it('a 401 is reported and rejects', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 401 }));
    const onUnauthorized = vi.fn();
    const onOpen = vi.fn();
    await expect(
      openEventStream({ url: '/events', signal: new AbortController().signal, onMessage: () => undefined, onOpen, onUnauthorized }),
    ).rejects.toThrow('HTTP 401');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onOpen).not.toHaveBeenCalled();
  });
});

describe('followEventStream', () => {
  afterEach(() => vi.useRealTimers());

  it('reconnects after a drop or a passing refusal, with growing pauses and the last event id', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(streamOf(['id: 7\nevent: status\ndata: a\n\n']))
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(new Response('', { status: 429 }))
      .mockResolvedValue(streamOf(['event: status\ndata: b\n\n']));
    const messages: string[] = [];
    const stop = followEventStream({
      url: '/events',
      headers: () => ({ Authorization: 'Bearer t' }),
      onMessage: (m) => messages.push(m.data),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(messages).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // 3 s after the drop
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(6000); // 6 s after the 503
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(12_000); // 12 s after the 429
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(messages).toEqual(['a', 'b']);
    const headers = fetchMock.mock.calls[3]![1]!.headers as Headers;
    expect(headers.get('last-event-id')).toBe('7');
    expect(headers.get('authorization')).toBe('Bearer t');
    expect((fetchMock.mock.calls[0]![1]!.headers as Headers).has('last-event-id')).toBe(false);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('a final refusal ends it: 401 is reported, nothing reconnects', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 401 }));
    const onUnauthorized = vi.fn();
    followEventStream({ url: '/events', onMessage: () => undefined, onUnauthorized });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('stopping aborts the open request', async () => {
    let signal: AbortSignal | undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => undefined);
    });
    const stop = followEventStream({ url: '/events', onMessage: () => undefined });
    await Promise.resolve();
    stop();
    expect(signal?.aborted).toBe(true);
  });
});
