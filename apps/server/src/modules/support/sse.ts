import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSupportEvent } from '@portal/contracts/support';

export const HEARTBEAT_MS = 25_000;

/** Any event with a `type` (the SSE event name); support's by default. */
export type SseEvent = { type: string };

export interface SseStream<E extends SseEvent = TSupportEvent> {
  send(event: E): void;
  /** Runs once when the client goes away or the server closes the stream. */
  onClose(listener: () => void): void;
  close(): void;
}

/**
 * The open Server-Sent Event streams of one app: each gets a heartbeat comment every
 * HEARTBEAT_MS (proxies drop idle connections), and `closeAll` ends them when the app
 * closes, so shutdown does not wait on long-lived connections.
 */
export class SseHub {
  private readonly streams = new Set<SseStream<SseEvent>>();

  constructor(private readonly heartbeatMs = HEARTBEAT_MS) {}

  get size(): number {
    return this.streams.size;
  }

  open<E extends SseEvent = TSupportEvent>(request: FastifyRequest, reply: FastifyReply): SseStream<E> {
    // Headers set by hooks so far (security headers, request id) go out with ours.
    const inherited = Object.fromEntries(
      Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined),
    );
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...inherited,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.write('retry: 3000\n\n');
    const listeners: (() => void)[] = [];
    let closed = false;
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), this.heartbeatMs);
    heartbeat.unref();
    const finish = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      this.streams.delete(stream);
      for (const listener of listeners) listener();
    };
    const stream: SseStream<SseEvent> = {
      send(event) {
        if (closed) return;
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      },
      onClose(listener) {
        // Already gone (a HEAD request, a client that left at once): the caller still cleans up.
        if (closed) listener();
        else listeners.push(listener);
      },
      close() {
        finish();
        res.end();
      },
    };
    if (request.method === 'HEAD') {
      // A HEAD gets the headers only; a stream it cannot read would stay open for nothing.
      stream.close();
      return stream as SseStream<E>;
    }
    request.raw.on('close', finish);
    res.on('close', finish);
    this.streams.add(stream);
    stream.send({ type: 'ready' });
    return stream as SseStream<E>;
  }

  closeAll(): void {
    for (const stream of [...this.streams]) stream.close();
  }
}

/** Runs event handlers of one stream one after another, so messages arrive in order. */
export function serialQueue(onError: (error: unknown) => void) {
  let tail = Promise.resolve();
  return (work: () => Promise<void>) => {
    tail = tail.then(work).catch(onError);
  };
}
