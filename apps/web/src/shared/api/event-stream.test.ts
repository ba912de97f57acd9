import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEventStream, type EventSourceMessage } from './event-stream';

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
