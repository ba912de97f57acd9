/** A server-sent event stream a test writes to: the answer fetch gives, and its controls. */
export interface TestStream {
  url: string;
  headers: Headers;
  response: Response;
  /** Writes one event (`data` as JSON unless it is a string). */
  send(event: string, data: unknown, id?: string): void;
  /** The server ends the stream. */
  end(): void;
  /** The client aborted the request. */
  readonly aborted: boolean;
}

/** Opens a stream for one fetch call; aborting the call's signal fails the body, as fetch does. */
export function testStream(input: RequestInfo | URL, init?: RequestInit): TestStream {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const signal = init?.signal ?? undefined;
  signal?.addEventListener('abort', () => {
    if (closed) return;
    closed = true;
    controller.error(new DOMException('The operation was aborted.', 'AbortError'));
  });
  return {
    url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    headers: new Headers(init?.headers),
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send(event, data, id) {
      const text = typeof data === 'string' ? data : JSON.stringify(data);
      controller.enqueue(encoder.encode(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${text}\n\n`));
    },
    end() {
      if (closed) return;
      closed = true;
      controller.close();
    },
    get aborted() {
      return signal?.aborted ?? false;
    },
  };
}
