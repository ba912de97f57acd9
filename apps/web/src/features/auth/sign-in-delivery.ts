import type { TAuthResult } from '@portal/contracts/auth';
import type { AuthType } from '@portal/contracts/control';
import type { HostErrorCode } from '@portal/contracts/error-codes';
import { storeSignIn } from '@/shared/auth/auth-store';
import { mergeAnonymousMarker } from '@/shared/auth/anonymous';
import { resetFailedAttempts } from '@/shared/auth/failed-attempts';
import { deliverToHost, isMobileSource, postToHost } from '@/shared/auth/host-message';
import { encodeResult } from '@portal/contracts/result-codec';
import { routes } from '@/shared/paths';
import { HOST_ERROR_CODES } from '@portal/contracts/error-codes';
import { getHostToken } from './api/get-host-token';

/** What the host receives: the auth result, isError false and the session it asked with. */
export type HostAuthResult = TAuthResult & { isError: false; session: string | null };

export type Delivery = 'redirect' | 'postMessage' | 'portal';

/**
 * With a host session, the project's authType decides (a mobile webview always gets the result
 * page, which the app reads); without one it is the plain portal.
 */
export function deliveryFor(session: string | null, authType: AuthType | undefined, source?: string | null): Delivery {
  if (!session) return 'portal';
  return authType === 'redirect' || isMobileSource(source) ? 'redirect' : 'postMessage';
}

export interface FinishOptions {
  session: string | null;
  authType: AuthType | undefined;
  /** The project whose host asked (its settings were loaded): the host's token is for it alone. */
  project: string | undefined;
  /** The host's `source` (web, mobile, ...). */
  source?: string | null;
  /** Where a portal visitor came from (router state), else the catalogue. */
  backTo: string;
  navigate: (to: string, options?: { replace?: boolean }) => void | Promise<void>;
}

/**
 * A successful sign-in, however it came (e-mail, code, outside provider): store the player,
 * zero the failed attempts, merge the anonymous marker, then hand the result on. The portal
 * keeps its session; a host gets the host's token of its project instead (never the portal's
 * session, which would let it act on the player's whole account). When that token cannot be
 * had, the host hears that the sign-in check failed.
 */
export async function finishSignIn(result: TAuthResult, options: FinishOptions): Promise<Delivery> {
  storeSignIn(result);
  resetFailedAttempts();
  await mergeAnonymousMarker();
  const delivery = deliveryFor(options.session, options.authType, options.source);
  if (delivery === 'portal') {
    await options.navigate(options.backTo, { replace: true });
    return delivery;
  }
  let hostJwt: string;
  try {
    if (!options.project) throw new Error('no project to make a host token for');
    hostJwt = (await getHostToken(options.project, result.jwt)).jwt;
  } catch {
    const failure = { isError: true as const, errorCode: HOST_ERROR_CODES.authCheckFailed, session: options.session };
    if (delivery === 'redirect') await options.navigate(routes.loginDone.getHref(encodeResult(failure)), { replace: true });
    else postToHost({ type: 'authResult', result: failure });
    return delivery;
  }
  const hostResult: HostAuthResult = { ...result, jwt: hostJwt, isError: false, session: options.session };
  if (delivery === 'redirect') {
    await options.navigate(routes.loginDone.getHref(encodeResult(hostResult)), { replace: true });
  } else if (delivery === 'postMessage' && postToHost({ type: 'authResult', result: hostResult })) {
    await options.navigate(routes.loader.getHref(), { replace: true });
  } else {
    await options.navigate(options.backTo, { replace: true });
  }
  return delivery;
}

/**
 * A failure the host must hear about (its host error code), when there is a host: posted to
 * the framing page in postMessage mode; in redirect and mobile modes the flow ends on
 * `/session/loginDone/:result` with `isError: true`, as a success does.
 */
export function reportAuthError(
  session: string | null,
  authType: AuthType | undefined,
  errorCode: HostErrorCode | number,
  source?: string | null,
): void {
  const delivery = deliveryFor(session, authType, source);
  // Callers pass the contract's codes; the screens' hooks type them as plain numbers.
  const result = { isError: true as const, errorCode: errorCode as HostErrorCode, session };
  if (delivery === 'postMessage') postToHost({ type: 'authResult', result });
  else if (delivery === 'redirect') deliverToHost('auth', result, { authType: 'redirect', source });
}
