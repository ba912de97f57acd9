import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ZSupportEvent, type TSupportEvent } from '@portal/contracts/support';
import { openEventStream } from '@/shared/api/event-stream';
import { staffApi } from '../staff-paths';
import { staffKeys } from './keys';
import { setStaffToken } from './staff-session';

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
  await openEventStream({
    url: staffApi.events(),
    headers: { Authorization: `Bearer ${token}` },
    signal,
    onOpen,
    // A refused token ends the sign-in, as for any other staff call.
    onUnauthorized: () => setStaffToken(null),
    onMessage: (message) => {
      try {
        const event = ZSupportEvent.safeParse(JSON.parse(message.data));
        if (event.success) onEvent(event.data);
      } catch {
        /* not JSON: skip the event */
      }
    },
  });
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
