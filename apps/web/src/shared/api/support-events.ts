import { useEffect, useRef } from 'react';
import { ZSupportEvent, type TSupportEvent } from '@portal/contracts/support';
import { getAccessToken } from '../auth/auth-store';
import { useStoredUser } from '../hooks/use-stored-user';
import { api } from '../paths';
import { STORAGE_KEYS } from '../storage-keys';
import { storage } from '../storage';

type Listener = (event: TSupportEvent) => void;

/** Event names of GET /api/support/events (the SSE `event:` field is the payload's `type`). */
const EVENT_TYPES = ['ready', 'message', 'unreadCount', 'ticketStatus'] as const;

interface Channel {
  source: EventSource;
  listeners: Set<Listener>;
}

/** One stream per identity for the whole tab, however many screens listen. */
const channels = new Map<string, Channel>();

/**
 * The player's event stream URL: EventSource sends no headers, so the token (or, for a
 * guest, the Temp-User-Id) rides in the query. null when there is nobody to listen for.
 */
export function supportEventsUrl(): string | null {
  let jwt: string | null = null;
  try {
    jwt = new URLSearchParams(window.location.search).get('jwt');
  } catch {
    /* no location */
  }
  jwt ??= getAccessToken();
  const tempUserId = jwt ? null : storage.get(STORAGE_KEYS.tempUserId);
  if (!jwt && !tempUserId) return null;
  return api.supportEvents({ jwt, tempUserId });
}

/** Listens to the player's support events; returns the unsubscribe function. */
export function subscribeSupportEvents(url: string, listener: Listener): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let channel = channels.get(url);
  if (!channel) {
    const source = new EventSource(url);
    const created: Channel = { source, listeners: new Set() };
    for (const type of EVENT_TYPES) {
      source.addEventListener(type, (message) => {
        let payload: unknown;
        try {
          payload = JSON.parse((message as MessageEvent<string>).data);
        } catch {
          return;
        }
        const parsed = ZSupportEvent.safeParse(payload);
        if (parsed.success) created.listeners.forEach((each) => each(parsed.data));
      });
    }
    channels.set(url, created);
    channel = created;
  }
  channel.listeners.add(listener);
  const owned = channel;
  return () => {
    owned.listeners.delete(listener);
    if (owned.listeners.size === 0) {
      owned.source.close();
      if (channels.get(url) === owned) channels.delete(url);
    }
  };
}

/**
 * Calls `listener` for every support event of the current player while mounted and
 * enabled; the stream follows sign-in and sign-out (the identity is part of its URL).
 */
export function useSupportEvents(listener: Listener, enabled = true): void {
  const user = useStoredUser();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  // Recomputed when the signed-in player changes; the guest id is stable for a tab.
  const url = enabled ? supportEventsUrl() : null;
  useEffect(() => {
    if (!url) return;
    return subscribeSupportEvents(url, (event) => latest.current(event));
  }, [url, user?.userId]);
}
