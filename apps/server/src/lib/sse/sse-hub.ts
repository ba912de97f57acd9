import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';
import type { StreamSlots } from '../stream-slots.ts';

export const HEARTBEAT_MS = 25_000;
/** How long a client refused a stream (a cap reached) is asked to wait. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

/** Any event with a `type` (the SSE event name). */
export type SseEvent = { type: string };

export interface SseStream<E extends SseEvent = SseEvent> {
  send(event: E): void;
  /** Runs once when the client goes away or the server closes the stream (at once if it has). */
  onClose(listener: () => void): void;
  close(): void;
}

/**
 * The open Server-Sent Event streams of one app: each gets a heartbeat comment every
 * HEARTBEAT_MS (proxies drop idle connections), and `closeAll` ends them when the app
 * closes, so shutdown does not wait on long-lived connections. With `slots`, a stream
 * takes a slot of the client and its address first (hubs may share one StreamSlots) and
 * frees it when it closes, whichever way.
 */
export class SseHub {
  private readonly streams = new Set<SseStream<SseEvent>>();

  constructor(
    private readonly heartbeatMs = HEARTBEAT_MS,
    private readonly slots?: StreamSlots,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /**
   * Starts the stream; `client` names whom it is for (`user:<id>`, `guest:<id>`, `staff:<id>`).
   * A reached cap throws 429 TOO_MANY_STREAMS before anything is written.
   */
  open<E extends SseEvent>(request: FastifyRequest, reply: FastifyReply, client?: string): SseStream<E> {
    const release = this.slots ? this.slots.take(client, request.ip) : () => undefined;
    if (!release) {
      throw new AppError('TOO_MANY_STREAMS', 429, 'Too many open event streams; close another one or try again later', {
        retryAfter: STREAM_RETRY_AFTER_SECONDS,
      });
    }
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
      release();
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
    // A client that left while the route was still awaiting sends no close event any more.
    if (!res.socket || res.socket.destroyed) {
      finish();
      return stream as SseStream<E>;
    }
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
