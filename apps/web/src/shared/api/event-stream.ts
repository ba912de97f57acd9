import { createParser, type EventSourceMessage } from 'eventsource-parser';

export type { EventSourceMessage };

export interface EventStreamOptions {
  url: string;
  /** Headers EventSource cannot send (a Bearer token). */
  headers?: HeadersInit;
  signal: AbortSignal;
  /** Each complete event; comments (heartbeats) and `retry:` lines never reach it. */
  onMessage: (message: EventSourceMessage) => void;
  /** The server accepted the stream. */
  onOpen?: () => void;
  /** The server refused the stream with 401. */
  onUnauthorized?: () => void;
}

/** The server refused the stream (an HTTP status other than 2xx, or no body). */
export class EventStreamError extends Error {
  constructor(readonly status: number) {
    super(`event stream: HTTP ${status}`);
    this.name = 'EventStreamError';
  }

  /** A refusal that will not change by asking again (401, 403, 404…); 408, 429 and 5xx may. */
  get final(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

/**
 * Reads a Server-Sent Events stream with fetch, so it can carry headers. Resolves when the
 * server ends the stream and rejects on a refusal or a drop; reconnecting is the caller's.
 */
export async function openEventStream({ url, headers, signal, onMessage, onOpen, onUnauthorized }: EventStreamOptions): Promise<void> {
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'text/event-stream');
  const response = await fetch(url, { headers: requestHeaders, signal, cache: 'no-store' });
  if (response.status === 401) onUnauthorized?.();
  if (!response.ok || !response.body) throw new EventStreamError(response.status);
  onOpen?.();
  const parser = createParser({ onEvent: onMessage });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}

export interface FollowEventStreamOptions extends Omit<EventStreamOptions, 'signal' | 'headers'> {
  /** Read before every connection, so a reconnect carries the current values. */
  headers?: () => HeadersInit;
  /** The first pause before reconnecting (the servers' `retry:`); it doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

const RETRY_MS = 3000;
const MAX_RETRY_MS = 30_000;

/**
 * Keeps a stream open as EventSource would: after a drop or a passing refusal (429, 5xx) it
 * reconnects with growing pauses, sending the last event id seen as Last-Event-ID; a final
 * refusal (401, 403, 404) ends it. Returns the function that closes it.
 */
export function followEventStream({
  headers,
  retryMs = RETRY_MS,
  maxRetryMs = MAX_RETRY_MS,
  onOpen,
  onMessage,
  ...rest
}: FollowEventStreamOptions): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastEventId: string | undefined;
  let pause = retryMs;
  const connect = () => {
    const requestHeaders = new Headers(headers?.());
    if (lastEventId !== undefined) requestHeaders.set('Last-Event-ID', lastEventId);
    openEventStream({
      ...rest,
      headers: requestHeaders,
      signal: controller.signal,
      onOpen: () => {
        pause = retryMs;
        onOpen?.();
      },
      onMessage: (message) => {
        if (message.id !== undefined) lastEventId = message.id;
        onMessage(message);
      },
    })
      .then(
        () => true,
        (error: unknown) => !(error instanceof EventStreamError && error.final),
      )
      .then((again) => {
        if (!again || controller.signal.aborted) return;
        timer = setTimeout(connect, pause);
        pause = Math.min(pause * 2, maxRetryMs);
      });
  };
  connect();
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}
