import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HOST_ERROR_CODES } from '@portal/contracts/error-codes';
import { isLanguage, type Language } from '@portal/contracts/languages';
import type { TPaymentResult, TUserAuth } from '@portal/contracts/messages';
import type { GameFrameHostProps } from '@/features/game/routes';
import { supportUnreadCountQueryOptions, useSupportUnreadCount } from '@/shared/api/get-support-unread-count';
import { initialConfigQueryOptions, useInitialConfig } from '@/shared/api/get-initial-config';
import { subscribeAuth } from '@/shared/auth/auth-store';
import { rememberLoginReturn } from '@/shared/auth/login-return';
import { logout } from '@/shared/auth/logout';
import type { HostBridgeHandlers, PaymentTarget } from '@/shared/bridge/host-bridge';
import { useHostBridge } from '@/shared/bridge/use-host-bridge';
import { i18n, setLanguage } from '@/shared/i18n/i18n';
import { isGamesPath, withGamesLanguage } from '@/shared/i18n/resolve-language';
import { STORAGE_KEYS } from '@/shared/storage-keys';
import { storage } from '@/shared/storage';
import { routes } from '@/shared/paths';
import { setScreenOpeners } from '@/shared/layout/screen-openers';
import { useModal } from '@/shared/ui/modal/modal-context';
import { notify } from '@/shared/ui/notify';
import { createLoginSession, loginPathOf, loginSessionBody } from './api/create-login-session';
import { LoginFrame } from './login-frame';
import { PaymentModal } from './payment-modal';
import { SupportModal } from './support-modal';
import { TransactionsModal } from './transactions-modal';
import { paymentModalValues } from './payment-target';
import { createGameUserAuth, currentUserAuth, isSignedIn } from './user-auth';

/** Closing the payment modal before the flow ended: the game hears "cancelled". */
export const cancelledPayment = (paymentId: string): TPaymentResult => ({
  paymentId,
  status: 'none',
  isError: true,
  errorCode: HOST_ERROR_CODES.paymentCancelled,
});

/**
 * Where the login modal opens: a session from session/get
 * for this game, stored, and its loginUrl; without one (the call failed, a toast says so) the
 * plain login screen, which still signs the player in.
 */
async function loginScreenPath(language: string, project: string): Promise<string> {
  try {
    const answer = await createLoginSession(loginSessionBody(language, project));
    const path = loginPathOf(answer.loginUrl);
    if (!path) {
      notify({ kind: 'error', text: i18n.t('errors.GET_INVALID_SESSION_LOGIN_URL_ERROR'), id: 'GET_INVALID_SESSION_LOGIN_URL_ERROR' });
      return routes.login.getHref();
    }
    storage.set(STORAGE_KEYS.session, answer.session);
    return path;
  } catch {
    notify({ kind: 'error', text: i18n.t('errors.SESSION_GET_ERROR'), id: 'SESSION_GET_ERROR' });
    return routes.login.getHref();
  }
}

/**
 * A redirect project's login: the browser goes to the session's loginUrl, and the result page
 * of that session brings the player back to `returnTo`. False when no session could be made
 * (a toast says why): the game then hears the player is still signed out.
 */
async function redirectToLogin(language: string, project: string, returnTo: string): Promise<boolean> {
  try {
    const answer = await createLoginSession(loginSessionBody(language, project));
    if (!loginPathOf(answer.loginUrl)) {
      notify({ kind: 'error', text: i18n.t('errors.GET_INVALID_SESSION_LOGIN_URL_ERROR'), id: 'GET_INVALID_SESSION_LOGIN_URL_ERROR' });
      return false;
    }
    storage.set(STORAGE_KEYS.session, answer.session);
    rememberLoginReturn(answer.session, returnTo);
    window.location.assign(answer.loginUrl);
    return true;
  } catch {
    notify({ kind: 'error', text: i18n.t('errors.SESSION_GET_ERROR'), id: 'SESSION_GET_ERROR' });
    return false;
  }
}

/**
 * Answers the game in `iframe#game-frame`: every game message
 * gets its answer, the login, payment and support screens open in the global modal, and
 * what happens on the portal's side (sign-in or out in the header, a language switch, new
 * support replies) is pushed to the game. Renders nothing itself.
 */
export function GameFrameHost({ frameRef, project }: GameFrameHostProps) {
  const { t } = useTranslation();
  const modal = useModal();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  // The allowed origins are the same for every project: the project-less config is the one the
  // route loader starts (see routes.tsx), so it is usually there before the game speaks.
  const config = useInitialConfig();
  const allowedOrigins = useMemo(() => config.data?.allowedOrigins ?? [], [config.data?.allowedOrigins]);
  // The first entry is the server's PUBLIC_URL origin: its payment URLs are this portal's own
  // even when the page is served from another origin (a dev proxy).
  const paymentOrigins = useMemo(() => allowedOrigins.slice(0, 1), [allowedOrigins]);

  // What the game asked for itself is answered by the bridge; these keep the pushes below
  // from telling it twice.
  const gameAsked = useRef({ logout: false, language: null as Language | null, login: false });
  const [gameUserAuth] = useState(() => createGameUserAuth());
  const location = useRef({ pathname, search, hash });
  location.current = { pathname, search, hash };

  /**
   * The sign-in screens in the modal, on a session of session/get; settles when the player
   * signed in there, the screens reported a failure or their close, or the modal was closed.
   */
  const openLogin = async (): Promise<void> => {
    const src = await loginScreenPath(i18n.language, project);
    return new Promise<void>((resolve) => {
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        unsubscribe();
        resolve();
      };
      const done = () => {
        settle();
        modal.close();
      };
      // The sign-in screens run in a same-origin frame: their stored player reaches this
      // page as a `storage` event.
      const unsubscribe = subscribeAuth(() => {
        if (isSignedIn(currentUserAuth())) done();
      });
      modal.open(
        <LoginFrame
          src={src}
          onResult={(result) => {
            // A failure or the screens' own close ends the login; a success is the storage event's.
            if (result.isError || isSignedIn(currentUserAuth())) done();
          }}
        />,
        { label: t('login.title'), onClose: settle },
      );
    });
  };

  const openSupport = () => modal.open(<SupportModal onClose={modal.close} />, { label: t('support.ticketsTitle'), values: { project } });
  const openTransactions = () =>
    modal.open(<TransactionsModal onClose={modal.close} />, { label: t('transactions.title'), values: { project } });

  const handlers: HostBridgeHandlers = {
    getUserAuth: () => gameUserAuth(project),

    login: async () => {
      if (isSignedIn(currentUserAuth())) return gameUserAuth(project);
      const settings = await queryClient.fetchQuery(initialConfigQueryOptions(project)).catch(() => null);
      if (settings?.projects.authType === 'redirect') {
        const { pathname: path, search: query } = location.current;
        // The page leaves for the login screens: the game gets no answer, it is reloaded after.
        if (await redirectToLogin(i18n.language, project, `${path}${query}`)) return new Promise<TUserAuth>(() => undefined);
        return gameUserAuth(project);
      }
      gameAsked.current.login = true;
      try {
        await openLogin();
      } finally {
        gameAsked.current.login = false;
      }
      // Closed without signing in: the signed-out auth, so the game's promise settles.
      return gameUserAuth(project);
    },

    logout: async () => {
      gameAsked.current.logout = true;
      try {
        await logout(queryClient);
      } finally {
        gameAsked.current.logout = false;
      }
    },

    openPayment: (target: PaymentTarget) =>
      new Promise<TPaymentResult>((resolve) => {
        let settled = false;
        const settle = (result: TPaymentResult) => {
          if (settled) return;
          settled = true;
          resolve(result);
        };
        const values = paymentModalValues(target);
        modal.open(
          <PaymentModal
            values={values}
            onDone={(result) => {
              settle(result);
              modal.close();
            }}
          />,
          { label: t('payment.title'), values, onClose: () => settle(cancelledPayment(target.paymentId)) },
        );
      }),

    onPaymentRefused: () => notify({ kind: 'error', text: t('payment.openError'), id: 'payment-open-error' }),

    changeLanguage: async (language) => {
      gameAsked.current.language = language;
      try {
        await setLanguage(language);
      } finally {
        gameAsked.current.language = null;
      }
      const { pathname: path, search: query, hash: fragment } = location.current;
      if (isGamesPath(path)) void navigate(`${withGamesLanguage(path, language)}${query}${fragment}`, { replace: true });
      return language;
    },

    getUnreadSupportCount: async () => (await queryClient.fetchQuery(supportUnreadCountQueryOptions())).count,

    openSupport,
  };

  // On a postMessage project's running game the header's Login, Support and Purchase history
  // open in the modal too, so the player never leaves the game (a redirect project's header
  // navigates as anywhere else).
  const latest = useRef({ openLogin, openSupport, openTransactions });
  latest.current = { openLogin, openSupport, openTransactions };
  const authType = useInitialConfig(project).data?.projects.authType;
  useEffect(() => {
    if (authType !== 'postMessage') return;
    return setScreenOpeners({
      login: () => void latest.current.openLogin(),
      support: () => latest.current.openSupport(),
      transactions: () => latest.current.openTransactions(),
    });
  }, [authType]);

  // Until the config is there, the game's first messages are held rather than dropped.
  const { notify: push } = useHostBridge(frameRef, handlers, { allowedOrigins, paymentOrigins, ready: !config.isPending });

  // Signed in or out on the portal's side (the header's menu, another tab): tell the game.
  useEffect(() => {
    let previous = currentUserAuth();
    return subscribeAuth(() => {
      const next = currentUserAuth();
      const was = isSignedIn(previous) ? previous.userId : null;
      const now = isSignedIn(next) ? next.userId : null;
      previous = next;
      if (was === now) return;
      if (now === null) {
        if (!gameAsked.current.logout) push({ type: 'logout' });
      } else if (!gameAsked.current.login) {
        void gameUserAuth(project).then((auth) => push({ type: 'userAuth', ...auth }));
      }
    });
  }, [push, project, gameUserAuth]);

  // A language chosen on the portal: tell the game.
  useEffect(() => {
    const onChanged = (lng: string) => {
      if (isLanguage(lng) && gameAsked.current.language !== lng) push({ type: 'languageChange', language: lng });
    };
    i18n.on('languageChanged', onChanged);
    return () => i18n.off('languageChanged', onChanged);
  }, [push]);

  // New support replies (the count is polled for the header too): tell the game.
  const unread = useSupportUnreadCount(true).data?.count;
  const lastUnread = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (unread === undefined || unread === lastUnread.current) return;
    const first = lastUnread.current === undefined;
    lastUnread.current = unread;
    // The first value is what the game gets by asking; only changes are pushed.
    if (!first) push({ type: 'unreadSupportCount', count: unread });
  }, [unread, push]);

  return null;
}
