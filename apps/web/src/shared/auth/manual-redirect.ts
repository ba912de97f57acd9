import type { TSessionGetAnswer, TSessionGetBody } from '@portal/contracts/session';
import { ApiError, apiPost, getRequestContext } from '../api/client';
import { getInitialConfig } from '../api/get-initial-config';
import { currentLanguage } from '../i18n/i18n';
import { navigateTo } from '../navigation';
import { api } from '../paths';
import { notifyError } from '../ui/notify';

export interface ManualRedirectOptions {
  /** The game the screen serves; without one the server picks the project by host name. */
  project?: string | null;
  source?: string | null;
  locale?: string | null;
}

/** A 401 has its own reaction (sign-out, host message); everything else goes back to sign-in. */
export const needsManualRedirect = (error: unknown): boolean => !(error instanceof ApiError && error.status === 401);

/**
 * The way back to the sign-in screen after the purchase list or a payment lookup failed: a
 * login session for the project, then its login screen. A postMessage project opens it in this
 * page (the result reaches the host as any sign-in does); a redirect project sends the browser
 * to the login URL. A failure on the way is MANUAL_REDIRECT_ERROR; a delivery type the portal
 * does not know is MANUAL_REDIRECT_UNKNOWN_AUTH_TYPE.
 */
export async function manualRedirectToAuth(options: ManualRedirectOptions = {}): Promise<void> {
  const context = getRequestContext();
  let target: { authType: string; loginUrl: string };
  try {
    const config = await getInitialConfig(options.project || context.project || undefined);
    const body: TSessionGetBody = {
      source: options.source || context.source || 'web',
      locale: options.locale || context.locale || currentLanguage(),
      project: config.projects.name,
    };
    const authType: string = config.projects.authType;
    if (authType !== 'postMessage' && authType !== 'redirect') {
      notifyError('MANUAL_REDIRECT_UNKNOWN_AUTH_TYPE');
      return;
    }
    const answer = await apiPost<TSessionGetAnswer>(api.sessionGet(), body);
    target = { authType, loginUrl: answer.loginUrl };
  } catch {
    notifyError('MANUAL_REDIRECT_ERROR');
    return;
  }
  if (target.authType === 'redirect') {
    window.location.assign(target.loginUrl);
    return;
  }
  const url = new URL(target.loginUrl, window.location.origin);
  navigateTo(`${url.pathname}${url.search}`, { replace: true });
}
