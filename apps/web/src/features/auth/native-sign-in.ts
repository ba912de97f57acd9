import type { TAuthResult, TTelegramLoginBody } from '@portal/contracts/auth';
import type { TSignInSettings } from '@portal/contracts/control';
import { HOST_ERROR_CODES, type HostErrorCode } from '@portal/contracts/error-codes';
import { appleLogin } from './api/apple-login';
import { facebookLogin } from './api/facebook-login';
import { getSignInNonce } from './api/sign-in-nonce';
import { telegramLogin } from './api/telegram-login';

/**
 * Sign-ins that run on the provider's own script in the page (Sign in with Apple JS, the
 * Telegram login widget, the Facebook SDK): the script gives a proof (an id token, the
 * widget's signed user data, an access token) and the server checks it with the provider.
 */
export type NativeProvider = keyof TSignInSettings;

/**
 * Where a native sign-in stopped: the player closed or declined the provider's window
 * (`closed`), the provider's script failed (`provider`), or the server refused the proof
 * or could not be reached (`call`).
 */
export class NativeSignInFailure extends Error {
  constructor(
    readonly stage: 'closed' | 'provider' | 'call',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'NativeSignInFailure';
  }
}

/** The host codes of each provider's failures; a closed window is 1011 for all. */
export const NATIVE_FAILURE_CODES: Record<NativeProvider, Record<'provider' | 'call', HostErrorCode>> = {
  apple: { provider: HOST_ERROR_CODES.appleSignInFailed, call: HOST_ERROR_CODES.appleLoginCallFailed },
  telegram: { provider: HOST_ERROR_CODES.telegramLoginFailed, call: HOST_ERROR_CODES.telegramLoginFailed },
  facebook: { provider: HOST_ERROR_CODES.facebookFailure, call: HOST_ERROR_CODES.facebookLoginFailed },
};

export function hostCodeOf(provider: NativeProvider, failure: NativeSignInFailure): HostErrorCode {
  return failure.stage === 'closed' ? HOST_ERROR_CODES.authClosedByUser : NATIVE_FAILURE_CODES[provider][failure.stage];
}

// The provider APIs this page calls, as each provider documents them.
interface AppleIdAuth {
  init(config: { clientId: string; scope: string; redirectURI: string; state?: string; nonce?: string; usePopup: boolean }): void;
  signIn(): Promise<{ authorization?: { id_token?: unknown; code?: unknown } }>;
}
type TelegramUserData = TTelegramLoginBody['userData'];
interface TelegramLogin {
  auth(options: { bot_id: string; request_access?: string; lang?: string }, callback: (data: TelegramUserData | false) => void): void;
}
interface FacebookLoginResponse {
  status?: string;
  authResponse?: { accessToken?: unknown; userID?: unknown } | null;
}
interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean; status?: boolean }): void;
  login(callback: (response: FacebookLoginResponse) => void, options?: { scope: string }): void;
  api(path: string, params: Record<string, string>, callback: (response: Record<string, unknown>) => void): void;
}
type ProviderGlobals = { AppleID?: { auth?: AppleIdAuth }; Telegram?: { Login?: TelegramLogin }; FB?: FacebookSdk };
const globals = () => window as unknown as ProviderGlobals;

/** The Graph API version the Facebook SDK is initialised with. */
export const FACEBOOK_API_VERSION = 'v19.0';

const scripts = new Map<string, Promise<void>>();

/** Adds a provider's script once per URL; a failed load may be tried again. */
export function loadProviderScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(url);
        script.remove();
        reject(new NativeSignInFailure('provider', `The sign-in script ${url} did not load`));
      };
      document.head.append(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

async function callServer(call: () => Promise<{ result: TAuthResult }>): Promise<TAuthResult> {
  try {
    return (await call()).result;
  } catch (cause) {
    throw new NativeSignInFailure('call', 'The server refused the sign-in', { cause });
  }
}

async function appleSignIn(settings: NonNullable<TSignInSettings['apple']>): Promise<TAuthResult> {
  await loadProviderScript(settings.scriptUrl);
  const auth = globals().AppleID?.auth;
  if (!auth) throw new NativeSignInFailure('provider', 'Sign in with Apple JS is not there');
  // A one-time nonce of the server goes into the id token, so a token seen elsewhere is refused.
  let nonce: string;
  try {
    ({ nonce } = await getSignInNonce({ provider: 'apple' }));
  } catch (cause) {
    throw new NativeSignInFailure('call', 'No sign-in nonce', { cause });
  }
  let idToken: unknown;
  try {
    auth.init({ clientId: settings.clientId, scope: 'name email', redirectURI: settings.redirectUri, nonce, usePopup: true });
    idToken = (await auth.signIn())?.authorization?.id_token;
  } catch (cause) {
    // Apple JS rejects with { error: 'popup_closed_by_user' } (or 'user_cancelled_authorize').
    const error = (cause as { error?: unknown } | null)?.error;
    if (error === 'popup_closed_by_user' || error === 'user_cancelled_authorize') {
      throw new NativeSignInFailure('closed', 'The Apple window was closed');
    }
    throw new NativeSignInFailure('provider', 'Sign in with Apple failed', { cause });
  }
  if (typeof idToken !== 'string' || idToken === '') throw new NativeSignInFailure('provider', 'Apple gave no id token');
  return callServer(() => appleLogin({ idToken }));
}

async function telegramSignIn(settings: NonNullable<TSignInSettings['telegram']>, language: string): Promise<TAuthResult> {
  await loadProviderScript(settings.scriptUrl);
  const login = globals().Telegram?.Login;
  if (!login) throw new NativeSignInFailure('provider', 'The Telegram login widget is not there');
  const userData = await new Promise<TelegramUserData>((resolve, reject) => {
    try {
      // The widget answers false when the authorization failed or was not given; it tells no more.
      login.auth({ bot_id: settings.botId, request_access: 'write', lang: language }, (data) =>
        data ? resolve(data) : reject(new NativeSignInFailure('provider', 'Telegram gave no user data')),
      );
    } catch (cause) {
      reject(new NativeSignInFailure('provider', 'The Telegram login widget failed', { cause }));
    }
  });
  return callServer(() => telegramLogin({ userData }));
}

async function facebookSignIn(settings: NonNullable<TSignInSettings['facebook']>): Promise<TAuthResult> {
  await loadProviderScript(settings.scriptUrl);
  const fb = globals().FB;
  if (!fb) throw new NativeSignInFailure('provider', 'The Facebook SDK is not there');
  const accessToken = await new Promise<string>((resolve, reject) => {
    try {
      fb.init({ appId: settings.appId, version: FACEBOOK_API_VERSION, cookie: false, xfbml: false, status: false });
      fb.login(
        (response) => {
          const token = response?.authResponse?.accessToken;
          // Anything but "connected" means the person closed the dialog or did not allow the app.
          if (response?.status === 'connected' && typeof token === 'string' && token !== '') resolve(token);
          else reject(new NativeSignInFailure('closed', 'Facebook sign-in was not given'));
        },
        { scope: 'public_profile,email' },
      );
    } catch (cause) {
      reject(new NativeSignInFailure('provider', 'The Facebook SDK failed', { cause }));
    }
  });
  const me = await new Promise<Record<string, unknown>>((resolve, reject) => {
    try {
      fb.api('/me', { fields: 'id,name,email' }, (response) =>
        response && !('error' in response) ? resolve(response) : reject(new NativeSignInFailure('provider', 'Facebook /me failed')),
      );
    } catch (cause) {
      reject(new NativeSignInFailure('provider', 'The Facebook SDK failed', { cause }));
    }
  });
  // The server reads only the access token (checked with Facebook); the rest is what the SDK said.
  return callServer(() => facebookLogin({ profile: { ...me, accessToken } }));
}

/** Runs one native sign-in to its result; throws NativeSignInFailure. */
export async function nativeSignIn(provider: NativeProvider, settings: TSignInSettings, language: string): Promise<TAuthResult> {
  try {
    if (provider === 'apple' && settings.apple) return await appleSignIn(settings.apple);
    if (provider === 'telegram' && settings.telegram) return await telegramSignIn(settings.telegram, language);
    if (provider === 'facebook' && settings.facebook) return await facebookSignIn(settings.facebook);
  } catch (error) {
    if (error instanceof NativeSignInFailure) throw error;
    throw new NativeSignInFailure('provider', `${provider} sign-in failed`, { cause: error });
  }
  throw new NativeSignInFailure('provider', `${provider} sign-in is not configured here`);
}
