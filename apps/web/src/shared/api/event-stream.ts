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

/**
 * Reads a Server-Sent Events stream with fetch, so it can carry headers. Resolves when the
 * server ends the stream and rejects on a refusal or a drop; reconnecting is the caller's.
 */
export async function openEventStream({ url, headers, signal, onMessage, onOpen, onUnauthorized }: EventStreamOptions): Promise<void> {
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'text/event-stream');
  const response = await fetch(url, { headers: requestHeaders, signal, cache: 'no-store' });
  if (response.status === 401) onUnauthorized?.();
  if (!response.ok || !response.body) throw new Error(`event stream: HTTP ${response.status}`);
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
