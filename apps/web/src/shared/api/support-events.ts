import { useEffect, useRef } from 'react';
import type { TSupportEvent } from '@portal/contracts/support';
import { SUPPORT_EVENT_TYPES } from '@portal/contracts/support-constants';
import { getAccessToken } from '../auth/auth-store';
import { useStoredUser } from '../hooks/use-stored-user';
import { api } from '../paths';
import { STORAGE_KEYS } from '../storage-keys';
import { storage } from '../storage';

type Listener = (event: TSupportEvent) => void;

interface Channel {
  source: EventSource;
  listeners: Set<Listener>;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The shape check of ZSupportEvent, by hand: this module rides on every game page (the
 * unread count), which should not pull zod in for four event types.
 */
export function asSupportEvent(value: unknown): TSupportEvent | null {
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'ready':
      return { type: 'ready' };
    case 'unreadCount':
      return isCount(value.count) ? { type: 'unreadCount', count: value.count } : null;
    case 'ticketStatus':
      return typeof value.ticketId === 'string' && (value.status === 'open' || value.status === 'closed')
        ? { type: 'ticketStatus', ticketId: value.ticketId, status: value.status }
        : null;
    case 'message':
      return typeof value.ticketId === 'string' &&
        typeof value.project === 'string' &&
        isRecord(value.message) &&
        typeof value.message.id === 'string'
        ? (value as TSupportEvent)
        : null;
    default:
      return null;
  }
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
    for (const type of SUPPORT_EVENT_TYPES) {
      source.addEventListener(type, (message) => {
        let payload: unknown;
        try {
          payload = JSON.parse((message as MessageEvent<string>).data);
        } catch {
          return;
        }
        const event = asSupportEvent(payload);
        if (event) created.listeners.forEach((each) => each(event));
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
