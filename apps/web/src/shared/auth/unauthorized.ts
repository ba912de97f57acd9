import { HOST_ERROR_CODES } from '@portal/contracts/error-codes';
import { isFramed, postToHost } from './host-message';
import { encodeResult } from '@portal/contracts/result-codec';
import { clearSignInForLogin } from './auth-store';
import { navigateTo } from '../navigation';
import { notifyError } from '../ui/notify';

/** Where the screens run: framed in a web game, in a mobile webview, or on their own. */
export type AuthMode = 'web' | 'mobile' | 'default';

const MOBILE_SOURCES = new Set(['mobile', 'android', 'ios']);

/**
 * The host's `source` decides: a mobile one is mobile mode, `web` is web mode (framed or
 * opened on its own); a page given no source counts as web mode only inside a frame.
 */
export function authMode(source: string | null | undefined, framed = isFramed()): AuthMode {
  if (source) {
    const value = source.toLowerCase();
    if (MOBILE_SOURCES.has(value)) return 'mobile';
    return value === 'web' ? 'web' : 'default';
  }
  return framed ? 'web' : 'default';
}

export const UNAUTHORIZED_RESULT = { isError: true, errorCode: HOST_ERROR_CODES.unauthorized } as const;

/** The three reactions to a 401. */
export function reactToUnauthorized(mode: AuthMode): void {
  if (mode === 'web') {
    postToHost({ type: 'authResult', result: { ...UNAUTHORIZED_RESULT } });
    void navigateTo('/loader', { replace: true });
    return;
  }
  if (mode === 'mobile') {
    void navigateTo(`/unauthorized/${encodeResult(UNAUTHORIZED_RESULT)}`, { replace: true });
    return;
  }
  // The login screen first, then the player forgotten: a screen that needs a player must not
  // send the visitor to the start page meanwhile, and the login screen must find nobody.
  const arrived = navigateTo('/session/login', { replace: true });
  clearSignInForLogin(arrived);
  notifyError('UNAUTHORIZED_INVALID_TOKEN');
}
