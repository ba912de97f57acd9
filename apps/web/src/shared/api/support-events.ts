import { useEffect, useRef } from 'react';
import { HEADERS } from '@portal/contracts/http';
import type { TSupportEvent } from '@portal/contracts/support';
import { SUPPORT_EVENT_TYPES } from '@portal/contracts/support-constants';
import { getAccessToken } from '../auth/auth-store';
import { useStoredUser } from '../hooks/use-stored-user';
import { api } from '../paths';
import { STORAGE_KEYS } from '../storage-keys';
import { storage } from '../storage';
import { followEventStream } from './event-stream';

type Listener = (event: TSupportEvent) => void;

interface Channel {
  close: () => void;
  listeners: Set<Listener>;
}

/** Whom the player's stream is for: the token, else the guest's Temp-User-Id. */
export type SupportIdentity = { jwt: string } | { tempUserId: string };

const EVENT_TYPES: ReadonlySet<string> = new Set(SUPPORT_EVENT_TYPES);

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
 * Whom the player's event stream is for: the `jwt` page parameter or the stored token, else
 * the guest id. null when there is nobody to listen for.
 */
export function supportIdentity(): SupportIdentity | null {
  let jwt: string | null = null;
  try {
    jwt = new URLSearchParams(window.location.search).get('jwt');
  } catch {
    /* no location */
  }
  jwt ??= getAccessToken();
  if (jwt) return { jwt };
  const tempUserId = storage.get(STORAGE_KEYS.tempUserId);
  return tempUserId ? { tempUserId } : null;
}

const channelKey = (identity: SupportIdentity): string => ('jwt' in identity ? `jwt:${identity.jwt}` : `guest:${identity.tempUserId}`);

const identityHeaders = (identity: SupportIdentity): HeadersInit =>
  'jwt' in identity ? { [HEADERS.authorization]: `Bearer ${identity.jwt}` } : { [HEADERS.tempUserId]: identity.tempUserId };

/**
 * Listens to the player's support events; returns the unsubscribe function. The stream is
 * read with fetch, the identity in a header; it reconnects after a drop, and a refused token
 * (401) ends it until the identity changes.
 */
export function subscribeSupportEvents(identity: SupportIdentity, listener: Listener): () => void {
  const key = channelKey(identity);
  let channel = channels.get(key);
  if (!channel) {
    const listeners = new Set<Listener>();
    const close = followEventStream({
      url: api.supportEvents(),
      headers: () => identityHeaders(identity),
      onMessage: (message) => {
        // An event without a type is a `message`, as EventSource names it.
        if (!EVENT_TYPES.has(message.event ?? 'message')) return;
        let payload: unknown;
        try {
          payload = JSON.parse(message.data);
        } catch {
          return;
        }
        const event = asSupportEvent(payload);
        if (event) listeners.forEach((each) => each(event));
      },
    });
    channel = { close, listeners };
    channels.set(key, channel);
  }
  channel.listeners.add(listener);
  const owned = channel;
  return () => {
    owned.listeners.delete(listener);
    if (owned.listeners.size === 0) {
      owned.close();
      if (channels.get(key) === owned) channels.delete(key);
    }
  };
}

/**
 * Calls `listener` for every support event of the current player while mounted and
 * enabled; the stream follows sign-in and sign-out (a new identity opens a new stream).
 */
export function useSupportEvents(listener: Listener, enabled = true): void {
  const user = useStoredUser();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  // Recomputed when the signed-in player changes; the guest id is stable for a tab.
  const identity = enabled ? supportIdentity() : null;
  // Plain values, so a new object with the same identity keeps the stream.
  const jwt = identity && 'jwt' in identity ? identity.jwt : null;
  const tempUserId = identity && 'tempUserId' in identity ? identity.tempUserId : null;
  useEffect(() => {
    const current = jwt ? { jwt } : tempUserId ? { tempUserId } : null;
    if (!current) return;
    return subscribeSupportEvents(current, (event) => latest.current(event));
  }, [jwt, tempUserId, user?.userId]);
}
