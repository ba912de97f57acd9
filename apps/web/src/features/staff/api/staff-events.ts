import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ZSupportEvent, type TSupportEvent } from '@portal/contracts/support';
import { staffApi } from '../staff-paths';
import { staffKeys } from './keys';
import { setStaffToken } from './staff-session';

export interface SseFrame {
  event: string;
  data: string;
}

/**
 * Splits a Server-Sent Events text buffer into complete frames (`event:`/`data:` lines ended
 * by a blank line) and the unfinished rest; comments (heartbeats) and `retry:` are skipped.
 */
export function parseSse(buffer: string): { frames: SseFrame[]; rest: string } {
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  const frames: SseFrame[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) frames.push({ event, data: data.join('\n') });
  }
  return { frames, rest };
}

export type LiveState = 'connecting' | 'live' | 'offline';
const RETRY_MS = 3000;

/**
 * The staff event stream (GET /api/staff/support/events). EventSource cannot send the
 * Bearer header, so the stream is read with fetch; it reconnects after a drop, and the
 * queries' slow poll covers the time it is down.
 */
export async function readStaffEvents(
  token: string,
  signal: AbortSignal,
  onEvent: (event: TSupportEvent) => void,
  onOpen: () => void,
): Promise<void> {
  const response = await fetch(staffApi.events(), {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
    signal,
    cache: 'no-store',
  });
  // A refused token ends the sign-in, as for any other staff call.
  if (response.status === 401) setStaffToken(null);
  if (!response.ok || !response.body) throw new Error(`event stream: HTTP ${response.status}`);
  onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const parsed = parseSse(buffer + value);
    buffer = parsed.rest;
    for (const frame of parsed.frames) {
      try {
        const event = ZSupportEvent.safeParse(JSON.parse(frame.data));
        if (event.success) onEvent(event.data);
      } catch {
        /* not JSON: skip the frame */
      }
    }
  }
}

/** Keeps the inbox and the open ticket current while signed in; answers the stream's state. */
export function useStaffEvents(token: string | null): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onEvent = (event: TSupportEvent) => {
      if (event.type === 'message' || event.type === 'ticketStatus') {
        void queryClient.invalidateQueries({ queryKey: staffKeys.tickets() });
        void queryClient.invalidateQueries({ queryKey: staffKeys.ticket(event.ticketId) });
      }
    };
    const connect = () => {
      setState((previous) => (previous === 'live' ? 'connecting' : previous));
      readStaffEvents(token, controller.signal, onEvent, () => {
        setState('live');
        // Whatever happened while the stream was down.
        void queryClient.invalidateQueries({ queryKey: staffKeys.tickets() });
      })
        .catch(() => undefined)
        .finally(() => {
          if (controller.signal.aborted) return;
          setState('offline');
          timer = setTimeout(connect, RETRY_MS);
        });
    };
    connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [token, queryClient]);
  return state;
}
