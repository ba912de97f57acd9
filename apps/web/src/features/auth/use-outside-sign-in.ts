import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TAuthResult } from '@portal/contracts/auth';
import { passportStateParam, type PassportProvider } from '@portal/contracts/auth-constants';
import { SIGN_IN_CHANNEL, SIGN_IN_HANDOFF_MESSAGE } from '@portal/contracts/http';
import { STORAGE_KEYS } from '@/shared/storage-keys';
import { storage } from '@/shared/storage';
import { isMobileSource } from '@/shared/auth/host-message';
import { api } from '@/shared/paths';
import { notifyError } from '@/shared/ui/notify';
import { setUserAuthState } from './api/set-user-auth-state';
import { checkUserAuthState } from './api/check-user-auth-state';
import { authKeys } from './api/keys';

/** Outside sign-in state is polled every 2000 ms. */
export const AUTH_STATE_POLL_MS = 2000;

/** The auth-data id: time plus random. */
export function createAuthDataId(now = Date.now()): string {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `${now.toString(36)}-${Array.from(random, (n) => n.toString(36)).join('')}`;
}

export type PollOutcome = { status: 'pending' } | { status: 'done'; result: TAuthResult } | { status: 'failed' } | { status: 'closed' };

/** A window that closed right after posting its handoff: how long the message may take to come. */
export const HANDOFF_GRACE_MS = 4000;

/**
 * What one sign-in polls with: the state's id and secret (only this window has it), the
 * handoff once the callback page posted it here, and when the window was first seen closed.
 */
export interface PollTarget {
  id: string;
  secret: string;
  popup: Pick<Window, 'closed'>;
  handoff: string | null;
  closedAt: number | null;
}

/**
 * One poll: the window's state is read before the call, so a result stored just before the
 * player closed it still wins. A finished sign-in whose handoff has not arrived yet gets a
 * moment after the window closed: the page posted it just before closing.
 */
export async function pollAuthState(target: PollTarget, signal?: AbortSignal, now: () => number = Date.now): Promise<PollOutcome> {
  const wasClosed = target.popup.closed;
  const answer = await checkUserAuthState(target.id, target.secret, target.handoff, signal);
  if (answer.authData.result) return { status: 'done', result: answer.authData.result };
  // The provider refused or failed the sign-in: told once, whether the window is open or not.
  if (answer.authData.failed) return { status: 'failed' };
  if (!wasClosed) return { status: 'pending' };
  if (answer.authData.waitingForHandoff && !target.handoff) {
    target.closedAt ??= now();
    if (now() - target.closedAt < HANDOFF_GRACE_MS) return { status: 'pending' };
  }
  return { status: 'closed' };
}

/** The handoff of `id` in a message from the callback page, or null for anything else. */
export function handoffOf(data: unknown, id: string): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { type?: unknown; id?: unknown; handoff?: unknown };
  if (message.type !== SIGN_IN_HANDOFF_MESSAGE || message.id !== id) return null;
  return typeof message.handoff === 'string' && /^[\w-]{16,128}$/.test(message.handoff) ? message.handoff : null;
}

/** Poll again in 2 s while pending; stop on a result or a closed window. */
export const nextPoll = (outcome: PollOutcome | undefined): number | false =>
  outcome && outcome.status !== 'pending' ? false : AUTH_STATE_POLL_MS;

/** A mobile webview's sign-in in the system browser gets this long before it counts as closed. */
export const EXTERNAL_SIGN_IN_TIMEOUT_MS = 300_000;

/** The sign-in window: a popup we can watch, or the system browser (closed = timed out). */
type SignInWindow = Pick<Window, 'closed'> & { close?: () => void };

interface Pending extends PollTarget {
  provider: PassportProvider;
  popup: SignInWindow;
  /** Mobile: the provider URL the app opens in the system browser (also offered as a link). */
  externalUrl: string | null;
}

/** The system browser cannot be watched: it counts as closed once the time is up. */
export function externalWindow(startedAt: number, now: () => number = Date.now): SignInWindow {
  return {
    get closed() {
      return now() - startedAt > EXTERNAL_SIGN_IN_TIMEOUT_MS;
    },
  };
}

export interface OutsideSignInHandlers {
  session: string | null;
  /** The host's source: a mobile webview opens the provider in the system browser. */
  source?: string | null;
  onResult: (result: TAuthResult) => void;
  /** The window was closed without a result (host code 1011). */
  onClosed: () => void;
  /** The provider refused or failed the sign-in (the provider's host code). */
  onFailed: (provider: PassportProvider) => void;
}

/**
 * Outside sign-in: make a state id, save it on the server (which answers a
 * secret only this window knows), open `/passport/{provider}` in a new window and poll
 * check-user-auth-state every 2 s. The result comes only with the handoff the callback page
 * posts to this window (its opener, or the same-origin channel): a sign-in link someone else
 * started never hands its result to them.
 */
export function useOutsideSignIn({ session, source, onResult, onClosed, onFailed }: OutsideSignInHandlers) {
  const [pending, setPending] = useState<Pending | null>(null);
  const mobile = isMobileSource(source);

  const start = useCallback(
    async (provider: PassportProvider) => {
      if (mobile) {
        // Google and others refuse sign-in inside webviews: the app opens new windows in the
        // system browser; the result comes back by the same state polling.
        const id = createAuthDataId();
        storage.set(STORAGE_KEYS.authDataId, id);
        let secret: string;
        try {
          ({ secret } = await setUserAuthState({ id, session: session ?? undefined }));
        } catch {
          notifyError('SET_USER_AUTH_STATE_ERROR');
          return;
        }
        const url = api.passport(provider, passportStateParam(id, session));
        window.open(url, '_blank', 'noopener');
        setPending({ id, provider, secret, handoff: null, closedAt: null, popup: externalWindow(Date.now()), externalUrl: url });
        return;
      }
      // Opened in the click itself, so that popup blockers let it through; pointed at the provider below.
      const popup = window.open('', 'portal-sign-in', 'popup=yes,width=520,height=720');
      if (!popup) {
        notifyError('POPUP_BLOCKED');
        return;
      }
      const id = createAuthDataId();
      storage.set(STORAGE_KEYS.authDataId, id);
      let secret: string;
      try {
        ({ secret } = await setUserAuthState({ id, session: session ?? undefined }));
      } catch {
        popup.close();
        notifyError('SET_USER_AUTH_STATE_ERROR');
        return;
      }
      popup.location.href = api.passport(provider, passportStateParam(id, session));
      setPending({ id, provider, secret, handoff: null, closedAt: null, popup, externalUrl: null });
    },
    [session, mobile],
  );

  const poll = useQuery({
    queryKey: authKeys.userAuthState(pending?.id ?? ''),
    queryFn: ({ signal }) => pollAuthState(pending!, signal),
    enabled: pending !== null,
    refetchInterval: (query) => nextPoll(query.state.data),
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
    meta: { errorToast: 'CHECK_USER_AUTH_STATE_ERROR' },
  });

  // The callback page's handoff: from the window we opened (exactly our origin), or on the
  // same-origin channel when the provider's pages cut the opener handle. Then poll at once.
  const { refetch } = poll;
  useEffect(() => {
    if (!pending) return;
    const accept = (data: unknown) => {
      const handoff = handoffOf(data, pending.id);
      if (!handoff || pending.handoff) return;
      pending.handoff = handoff;
      void refetch();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) accept(event.data);
    };
    window.addEventListener('message', onMessage);
    let channel: BroadcastChannel | undefined;
    try {
      channel = new BroadcastChannel(SIGN_IN_CHANNEL);
      channel.onmessage = (event: MessageEvent) => accept(event.data);
    } catch {
      /* no BroadcastChannel: the opener's message is the way */
    }
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [pending, refetch]);

  const outcome = poll.data;
  const failed = poll.isError;
  useEffect(() => {
    if (!pending) return;
    if (failed) {
      setPending(null);
      return;
    }
    if (!outcome || outcome.status === 'pending') return;
    setPending(null);
    storage.remove(STORAGE_KEYS.authDataId);
    if (outcome.status === 'done') {
      if (!pending.popup.closed) pending.popup.close?.();
      onResult(outcome.result);
    } else if (outcome.status === 'failed') {
      if (!pending.popup.closed) pending.popup.close?.();
      onFailed(pending.provider);
    } else {
      onClosed();
    }
  }, [outcome, failed, pending, onResult, onClosed, onFailed]);

  return { start, waiting: pending !== null, externalUrl: pending?.externalUrl ?? null };
}
