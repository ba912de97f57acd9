import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AUTH_METHODS, type AuthMethod } from '@portal/contracts/control-constants';
import type { PassportProvider, TAuthResult } from '@portal/contracts/auth';
import { HOST_ERROR_CODES, type HostErrorCode } from '@portal/contracts/error-codes';
import { getStoredUser } from '@/shared/auth/auth-store';
import { postToHost } from '@/shared/auth/host-message';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { SignInIcon } from '@/shared/ui/sign-in-icon';
import { notify } from '@/shared/ui/notify';
import { routes } from '@/shared/paths';
import { checkTokenQueryOptions } from '../api/check-token';
import { useAuthScreen, type FromState } from '../use-auth-screen';
import { useOutsideSignIn } from '../use-outside-sign-in';
import { hostCodeOf, loadProviderScript, nativeSignIn, NativeSignInFailure, type NativeProvider } from '../native-sign-in';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { reportAuthError } from '../sign-in-delivery';
import { segment } from '../flow';
import './auth-card.css';

/** The login list's methods and the /passport provider behind each outside one. */
const PROVIDER_OF: Record<Exclude<AuthMethod, 'mail'>, PassportProvider> = {
  google: 'google',
  google_adult: 'google_adult',
  apple: 'apple',
  vk: 'vkontakte',
  yandex: 'yandex',
  tg: 'telegram',
  facebook: 'facebook',
};

/**
 * The host code of a /passport sign-in the provider refused or failed. The catalogue has no
 * code of its own for VK ID and Yandex ID: theirs ends like a closed window.
 */
const OUTSIDE_FAILURE_CODE: Record<PassportProvider, HostErrorCode> = {
  google: HOST_ERROR_CODES.googleLoginFailed,
  google_adult: HOST_ERROR_CODES.googleLoginFailed,
  apple: HOST_ERROR_CODES.appleSignInFailed,
  telegram: HOST_ERROR_CODES.telegramLoginFailed,
  facebook: HOST_ERROR_CODES.facebookFailure,
  vkontakte: HOST_ERROR_CODES.authClosedByUser,
  yandex: HOST_ERROR_CODES.authClosedByUser,
};

/** The methods that run on the provider's own script when its keys are set here. */
const NATIVE_OF: Partial<Record<AuthMethod, NativeProvider>> = { apple: 'apple', tg: 'telegram', facebook: 'facebook' };

/** Project methods, or the default set (DEFAULT_AUTH_METHODS) when the project has none (or no settings). */
export function offeredMethods(configured: readonly AuthMethod[] | undefined): readonly AuthMethod[] {
  return configured && configured.length > 0 ? configured : DEFAULT_AUTH_METHODS;
}

/**
 * A `jwt` from the host is checked first; authExist or authNotExist goes back to the host (an
 * `authResult` window message with `authState`). It waits for the project settings, which carry
 * the origins a result may be posted to.
 */
function useHostTokenCheck(jwt: string | null, session: string | null, ready: boolean, reportError: (errorCode: HostErrorCode) => void) {
  const check = useQuery({ ...checkTokenQueryOptions(jwt ?? ''), enabled: jwt !== null });
  const [reported, setReported] = useState(false);
  useEffect(() => {
    if (!jwt || reported || check.isPending || !ready) return;
    setReported(true);
    if (check.isError) {
      reportError(HOST_ERROR_CODES.authCheckFailed);
      return;
    }
    const answer = check.data;
    if (answer?.result && answer.userId && answer.nickName && answer.currentAuthType) {
      postToHost({
        type: 'authResult',
        result: {
          isError: false,
          authState: 'authExist',
          jwt,
          userId: answer.userId,
          nickName: answer.nickName,
          currentAuthType: answer.currentAuthType,
          session,
        },
      });
    } else {
      postToHost({
        type: 'authResult',
        result: {
          isError: false,
          authState: 'authNotExist',
          jwt: null,
          userId: null,
          nickName: null,
          currentAuthType: 'unauthorized',
          session,
        },
      });
    }
  }, [jwt, session, ready, reported, check.isPending, check.isError, check.data, reportError]);
  return { checking: jwt !== null && check.isPending, exists: check.data?.result === true };
}

/** The login method list. */
export function LoginMethodsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const screen = useAuthScreen();
  const { session, source } = screen.flow;
  const [signedInAtStart] = useState(() => getStoredUser() !== null && !session);
  const authType = screen.config?.projects.authType;
  const reportError = useCallback(
    (errorCode: HostErrorCode) => reportAuthError(session, authType, errorCode, source),
    [session, authType, source],
  );
  const hostCheck = useHostTokenCheck(segment(params.jwt), session, !screen.configPending, reportError);
  const from = (location.state as FromState | null)?.from;
  usePageMeta({ title: `${t('login.title')} · ${t('header.portalName')}` });

  const { finish } = screen;
  const onResult = useCallback((result: TAuthResult) => void finish(result), [finish]);
  const onClosed = useCallback(() => {
    notify({ kind: 'info', text: t('login.popupClosed'), id: 'popup-closed' });
    reportError(HOST_ERROR_CODES.authClosedByUser);
  }, [t, reportError]);
  const onFailed = useCallback(
    (provider: PassportProvider) => {
      notify({ kind: 'error', text: t('login.requestFailed'), id: 'login.requestFailed' });
      reportError(OUTSIDE_FAILURE_CODE[provider]);
    },
    [t, reportError],
  );
  const outside = useOutsideSignIn({ session, source, onResult, onClosed, onFailed });
  const language = useCurrentLanguage();
  const signInSettings = screen.config?.signIn;
  const [nativeBusy, setNativeBusy] = useState(false);

  // The provider scripts load with the page, so that the click opens the provider's window
  // while the browser still counts it as the player's gesture.
  useEffect(() => {
    for (const settings of Object.values(signInSettings ?? {})) void loadProviderScript(settings.scriptUrl).catch(() => undefined);
  }, [signInSettings]);

  const startNative = useCallback(
    async (provider: NativeProvider) => {
      if (!signInSettings) return;
      setNativeBusy(true);
      try {
        const result = await nativeSignIn(provider, signInSettings, language);
        await finish(result);
      } catch (error) {
        const failure =
          error instanceof NativeSignInFailure ? error : new NativeSignInFailure('provider', 'Sign-in failed', { cause: error });
        if (failure.stage === 'closed') notify({ kind: 'info', text: t('login.popupClosed'), id: 'popup-closed' });
        else notify({ kind: 'error', text: t('login.requestFailed'), id: 'login.requestFailed' });
        reportError(hostCodeOf(provider, failure));
      } finally {
        setNativeBusy(false);
      }
    },
    [signInSettings, language, finish, t, reportError],
  );

  if (signedInAtStart) return <Navigate to={routes.home.getHref()} replace />;
  if (hostCheck.checking || screen.configPending) return <FullScreenLoader />;

  const methods = offeredMethods(screen.config?.projects.authMethods);
  const withMail = methods.includes('mail');

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className="auth-card__lead">{t('login.chooseMethod')}</p>
      <ul className="auth-methods">
        {methods.map((method) => (
          <li key={method}>
            {method === 'mail' ? (
              <Link to={routes.loginEmail.getHref(session, source)} state={{ from }} className="button button--secondary">
                <SignInIcon type="email" />
                {t('login.methods.mail')}
              </Link>
            ) : (
              <button
                type="button"
                className="button button--secondary"
                disabled={outside.waiting || nativeBusy}
                onClick={() => {
                  const native = NATIVE_OF[method];
                  if (native && signInSettings?.[native]) void startNative(native);
                  else void outside.start(PROVIDER_OF[method]);
                }}
              >
                <SignInIcon type={method} />
                {t(`login.methods.${method}`)}
              </button>
            )}
          </li>
        ))}
      </ul>
      {outside.waiting ? (
        <p className="auth-card__lead" role="status">
          {t('login.waitingForWindow')}
          {outside.externalUrl ? (
            <>
              {' '}
              <a href={outside.externalUrl} target="_blank" rel="noopener noreferrer">
                {t('embed.continueInBrowser')}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {withMail ? (
        <p className="auth-card__lead">
          {t('login.noAccount')} <Link to={routes.registration.getHref(session, source)}>{t('login.registrationLink')}</Link>
        </p>
      ) : null}
    </section>
  );
}
