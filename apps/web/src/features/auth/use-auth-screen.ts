import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAuthResult } from '@portal/contracts/auth';
import { isWarningAnswer, type AuthWarning } from '@portal/contracts/auth-constants';
import { HOST_ERROR_CODES } from '@portal/contracts/error-codes';
import { isLanguage } from '@portal/contracts/languages';
import { ApiError } from '@/shared/api/client';
import { useInitialConfig } from '@/shared/api/get-initial-config';
import { useFailedAttempts } from '@/shared/hooks/use-failed-attempts';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { setLanguage } from '@/shared/i18n/i18n';
import { notify } from '@/shared/ui/notify';
import { routes } from '@/shared/paths';
import { captchaStateQueryOptions, useCaptchaState } from './api/get-captcha-state';
import { adoptFlow } from './flow';
import { finishSignIn, reportAuthError } from './sign-in-delivery';
import { warningReaction, type WarningReaction } from './warnings';

/** Host sessions already told that the project settings failed (each screen of the flow would tell again). */
const configFailureReported = new Set<string>();

/** Where a portal visitor goes back to after signing in. */
export interface FromState {
  from?: string;
}

/**
 * What every sign-in screen needs: the host's flow values, the project settings, the
 * failed-attempt counter with the robot check, and one way to finish or fail.
 */
export function useAuthScreen({ alwaysCaptcha = false }: { alwaysCaptcha?: boolean } = {}) {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const lng = useCurrentLanguage();
  const flow = useMemo(
    () => adoptFlow({ session: params.session, source: params.source, locale: params.locale, project: params.project }),
    [params.session, params.source, params.locale, params.project],
  );
  useEffect(() => {
    if (flow.locale && isLanguage(flow.locale)) void setLanguage(flow.locale);
  }, [flow.locale]);
  const project = flow.project ?? undefined;
  const config = useInitialConfig(project);
  // Settings that fail during a host's sign-in show no toast (the host decides what the player
  // sees): the host is told instead, as an auth check that failed. Its allowed origins are
  // deployment-wide, so the result still finds an allowed host when only this project failed.
  const configFailed = config.isError;
  useEffect(() => {
    if (!configFailed || !flow.session || configFailureReported.has(flow.session)) return;
    configFailureReported.add(flow.session);
    reportAuthError(flow.session, undefined, HOST_ERROR_CODES.authCheckFailed, flow.source);
  }, [configFailed, flow.session, flow.source]);
  const attempts = useFailedAttempts(project);
  const [altcha, setAltcha] = useState<string | null>(null);
  // A fresh widget after each try: a solution is good for one request.
  const [captchaKey, setCaptchaKey] = useState(0);
  // The server counts failed tries per address as well: when it wants the robot check, the
  // widget shows before the try (which it would refuse), whatever this browser's own counter says.
  const serverCaptcha = useCaptchaState();
  const queryClient = useQueryClient();
  const [askedOnTry, setAskedOnTry] = useState(false);
  // What the server and this visitor's tries ask for, whatever the screen asks always.
  const captchaAsked = attempts.captchaRequired || serverCaptcha.data?.required === true || askedOnTry;
  const captchaRequired = alwaysCaptcha || captchaAsked;
  const captchaBlocks = captchaRequired && !altcha;

  const from = (location.state as FromState | null)?.from;
  const backTo = from && from.startsWith('/') && !from.startsWith('//') ? from : routes.catalogue.getHref(lng);

  const finish = useCallback(
    (result: TAuthResult) =>
      finishSignIn(result, {
        session: flow.session,
        authType: config.data?.projects.authType,
        project: config.data?.projects.name,
        source: flow.source,
        backTo,
        navigate,
      }),
    [flow.session, flow.source, config.data?.projects.authType, config.data?.projects.name, backTo, navigate],
  );

  /** A warning answer: count the attempt and give the reaction to the form. */
  const onWarning = useCallback(
    (warning: AuthWarning): WarningReaction => {
      attempts.countFailure();
      void queryClient.invalidateQueries({ queryKey: captchaStateQueryOptions().queryKey });
      const reaction = warningReaction(warning);
      // No toast id: each try gets its own toast, even while the last one is still closing.
      if (reaction.display === 'toast') notify({ kind: 'warning', text: t(reaction.messageKey) });
      return reaction;
    },
    [attempts, t, queryClient],
  );

  /**
   * A failed call: CAPTCHA_REQUIRED shows the widget (the server did not look at the try, so
   * it is not counted); the host hears `hostErrorCode`.
   */
  const onError = useCallback(
    (error: unknown, hostErrorCode: number) => {
      if (error instanceof ApiError && (error.code === 'CAPTCHA_REQUIRED' || error.code === 'CAPTCHA_INVALID')) {
        setAskedOnTry(true);
        // "Too many attempts" only for this visitor's own tries; otherwise the plain request.
        notify({ kind: 'warning', text: t(attempts.captchaRequired ? 'login.captchaRequired' : 'login.captcha'), id: error.code });
        return;
      }
      const key = error instanceof ApiError && error.code === 'RATE_LIMITED' ? 'login.tooManyAttempts' : 'login.requestFailed';
      notify({ kind: 'error', text: t(key), id: key });
      reportAuthError(flow.session, config.data?.projects.authType, hostErrorCode, flow.source);
    },
    [attempts, t, flow.session, flow.source, config.data?.projects.authType],
  );

  /** The `altcha` field of the next request (once), and a new widget for the try after. */
  const takeAltcha = useCallback(() => {
    const value = captchaRequired && altcha ? altcha : undefined;
    if (value) {
      setAltcha(null);
      setCaptchaKey((key) => key + 1);
    }
    return value;
  }, [captchaRequired, altcha]);

  return {
    flow,
    config: config.data,
    /** The project settings are still on their way (the method list waits for them). */
    configPending: config.isPending,
    attempts,
    captcha: { required: captchaRequired, key: captchaKey, onChange: setAltcha, blocks: captchaBlocks },
    /**
     * The robot check of a step after the screen's first (registration's code step): only when
     * the server or this visitor's failed tries ask for it (an address over its limit, a school
     * or a carrier behind one address), as the login and recovery screens do.
     */
    stepCaptcha: { required: captchaAsked, key: captchaKey, onChange: setAltcha, blocks: captchaAsked && !altcha },
    takeAltcha,
    finish,
    onWarning,
    onError,
    isWarningAnswer,
  };
}
