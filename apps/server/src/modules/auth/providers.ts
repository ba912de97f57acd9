import { randomBytes } from 'node:crypto';
import type { PassportProvider } from '@portal/contracts/auth';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyAppleIdToken } from '../../integrations/sign-in/apple.ts';
import { verifyFacebookAccessToken } from '../../integrations/sign-in/facebook.ts';
import { verifyGoogleAccessToken } from '../../integrations/sign-in/google-native.ts';
import { createGoogleSignInProvider } from '../../integrations/sign-in/google.ts';
import type { LocalOidc, LocalOidcClient } from '../../integrations/sign-in/local-oidc.ts';
import { telegramProfile, verifyTelegramLogin } from '../../integrations/sign-in/telegram.ts';
import { SignInError, type OAuthSignInProvider, type SignInProfile } from '../../integrations/sign-in/types.ts';
import { createVkontakteSignInProvider } from '../../integrations/sign-in/vkontakte.ts';
import { createYandexSignInProvider } from '../../integrations/sign-in/yandex.ts';
import { sharedLocalOidcSecrets, tableAccountStore, tableOidcAdapter } from './local-oidc-store.ts';
import type { SignInNonces } from './sign-in-nonces.ts';

const TITLES: Record<PassportProvider, string> = {
  google: 'Google',
  google_adult: 'Google',
  vkontakte: 'VK ID',
  yandex: 'Yandex ID',
  apple: 'Apple',
  telegram: 'Telegram',
  facebook: 'Facebook',
};

export interface SignInProviders {
  /** every provider `/passport/{provider}` serves: real ones with keys, the local stand-in otherwise */
  passport: Map<PassportProvider, OAuthSignInProvider>;
  /** the local OIDC provider to mount, when at least one provider is a stand-in */
  local?: LocalOidc;
  redirectUri: (provider: string) => string;
}

const defined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Picks each provider from config: keys -> the real one, none -> the local stand-in
 * outside production, nothing in production.
 */
/**
 * The outside sign-in providers: real ones where keys are set, else (outside production) the
 * local stand-in, which keeps its state in `db` when given, so every process serves one sign-in.
 */
export async function createSignInProviders(config: AppConfig, db?: Db): Promise<SignInProviders> {
  const redirectUri = (provider: string) => `${config.PUBLIC_URL}/passport/${provider}/callback`;
  const passport = new Map<PassportProvider, OAuthSignInProvider>();
  const google = defined({
    issuer: config.GOOGLE_ISSUER,
    authorizationEndpoint: config.GOOGLE_AUTH_URL,
    tokenEndpoint: config.GOOGLE_TOKEN_URL,
    userinfoEndpoint: config.GOOGLE_USERINFO_URL,
    jwksUri: config.GOOGLE_JWKS_URL,
  });
  const insecure = (url?: string) => (url?.startsWith('http:') ? { allowInsecureRequests: true } : {});
  if (config.providers.google && config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    passport.set(
      'google',
      createGoogleSignInProvider({
        id: 'google',
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        ...google,
        ...insecure(config.GOOGLE_TOKEN_URL),
      }),
    );
  }
  if (config.providers.googleAdult && config.GOOGLE_ADULT_CLIENT_ID && config.GOOGLE_ADULT_CLIENT_SECRET) {
    passport.set(
      'google_adult',
      createGoogleSignInProvider({
        id: 'google_adult',
        clientId: config.GOOGLE_ADULT_CLIENT_ID,
        clientSecret: config.GOOGLE_ADULT_CLIENT_SECRET,
        ...google,
        ...insecure(config.GOOGLE_TOKEN_URL),
      }),
    );
  }
  if (config.providers.vk && config.VK_CLIENT_ID) {
    passport.set(
      'vkontakte',
      createVkontakteSignInProvider({
        clientId: config.VK_CLIENT_ID,
        ...defined({
          authorizationEndpoint: config.VK_AUTH_URL,
          tokenEndpoint: config.VK_TOKEN_URL,
          userinfoEndpoint: config.VK_USERINFO_URL,
        }),
      }),
    );
  }
  if (config.providers.yandex && config.YANDEX_CLIENT_ID && config.YANDEX_CLIENT_SECRET) {
    passport.set(
      'yandex',
      createYandexSignInProvider({
        clientId: config.YANDEX_CLIENT_ID,
        clientSecret: config.YANDEX_CLIENT_SECRET,
        ...defined({
          authorizationEndpoint: config.YANDEX_AUTH_URL,
          tokenEndpoint: config.YANDEX_TOKEN_URL,
          userinfoEndpoint: config.YANDEX_USERINFO_URL,
        }),
        ...insecure(config.YANDEX_TOKEN_URL),
      }),
    );
  }
  // Apple, Telegram and Facebook sign in through their own SDK endpoints when configured;
  // their /passport buttons exist only in the sandbox.
  const sandboxOnly: PassportProvider[] = [];
  if (!config.APPLE_CLIENT_ID) sandboxOnly.push('apple');
  if (!config.providers.telegram) sandboxOnly.push('telegram');
  if (!config.providers.facebook) sandboxOnly.push('facebook');
  const standIns = (['google', 'google_adult', 'vkontakte', 'yandex'] as const)
    .filter((p) => !passport.has(p))
    .concat(sandboxOnly as never[]) as PassportProvider[];
  // Production never mounts the stand-in: a provider without keys is simply not there.
  if (standIns.length === 0 || !config.standIns) return { passport, redirectUri };

  // Loaded only when needed: oidc-provider prints a runtime warning on import, which would
  // otherwise land on stderr before a configuration error, say.
  const { createLocalOidcProvider, createLocalSignInProvider } = await import('../../integrations/sign-in/local-oidc.ts');
  const issuer = `${config.PUBLIC_URL}/local-oidc`;
  // The server reaches its own stand-in over loopback: PUBLIC_URL may not resolve from inside.
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  const internalBaseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}/local-oidc`;
  const shared = db ? await sharedLocalOidcSecrets(db) : undefined;
  const clients: LocalOidcClient[] = standIns.map((provider) => ({
    clientId: `sandbox-${provider}`,
    clientSecret: shared?.clientSecret(`sandbox-${provider}`) ?? randomBytes(24).toString('base64url'),
    redirectUris: [redirectUri(provider)],
    title: TITLES[provider],
  }));
  const local = createLocalOidcProvider({
    issuer,
    clients,
    proxy: config.TRUST_PROXY !== false,
    ...(db &&
      shared && { adapter: tableOidcAdapter(db), accounts: tableAccountStore(db), jwks: shared.jwks, cookieKeys: shared.cookieKeys }),
  });
  for (const client of clients) {
    const provider = client.clientId.slice('sandbox-'.length) as PassportProvider;
    passport.set(
      provider,
      createLocalSignInProvider({ id: provider, issuer, clientId: client.clientId, clientSecret: client.clientSecret, internalBaseUrl }),
    );
  }
  return { passport, local, redirectUri };
}

/** Verifiers of the SDK sign-ins; each answers 400 PROVIDER_NOT_CONFIGURED without keys. */
export interface NativeVerifiers {
  /** A one-time nonce for Sign in with Apple, which the id token must carry back. */
  appleNonce(): Promise<string>;
  apple(idToken: string): Promise<SignInProfile>;
  telegram(userData: unknown): Promise<SignInProfile>;
  facebook(accessToken: string): Promise<SignInProfile>;
  google(accessToken: string): Promise<SignInProfile>;
}

const notConfigured = (name: string) =>
  new AppError('PROVIDER_NOT_CONFIGURED', 400, `${name} sign-in is not configured here; use /passport/${name.toLowerCase()}`);

/** How old Telegram widget data may be: it signs in once, within five minutes of Telegram's answer. */
export const TELEGRAM_MAX_AGE_SECONDS = 300;

export function createNativeVerifiers(config: AppConfig, nonces: SignInNonces): NativeVerifiers {
  return {
    async appleNonce() {
      if (!config.APPLE_CLIENT_ID) throw notConfigured('Apple');
      return nonces.issueApple();
    },
    async apple(idToken) {
      if (!config.APPLE_CLIENT_ID) throw notConfigured('Apple');
      return verifyAppleIdToken(idToken, {
        clientId: config.APPLE_CLIENT_ID.split(',').map((s) => s.trim()),
        spendNonce: (nonce) => nonces.spendApple(nonce),
        ...defined({ jwksUrl: config.APPLE_JWKS_URL, issuer: config.APPLE_ISSUER }),
      });
    },
    async telegram(userData) {
      if (!config.TELEGRAM_BOT_TOKEN) throw notConfigured('Telegram');
      const user = verifyTelegramLogin(userData, { botToken: config.TELEGRAM_BOT_TOKEN, maxAgeSeconds: TELEGRAM_MAX_AGE_SECONDS });
      // Verified above: the hash is 64 hex digits. Spent until the data would be stale anyway.
      const hash = String((userData as { hash: string }).hash);
      if (!(await nonces.spendTelegram(hash, new Date((user.auth_date + TELEGRAM_MAX_AGE_SECONDS + 120) * 1000)))) {
        throw new SignInError('telegram', 'stale', 'Telegram login data was already used');
      }
      return telegramProfile(user);
    },
    async facebook(accessToken) {
      if (!config.FACEBOOK_CLIENT_ID || !config.FACEBOOK_CLIENT_SECRET) throw notConfigured('Facebook');
      return verifyFacebookAccessToken(accessToken, {
        appId: config.FACEBOOK_CLIENT_ID,
        appSecret: config.FACEBOOK_CLIENT_SECRET,
        ...defined({ graphBaseUrl: config.FACEBOOK_GRAPH_URL }),
      });
    },
    async google(accessToken) {
      const ids = (config.GOOGLE_NATIVE_CLIENT_IDS ?? config.GOOGLE_CLIENT_ID ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length === 0) throw notConfigured('Google');
      return verifyGoogleAccessToken(accessToken, {
        clientIds: ids,
        ...defined({ tokeninfoUrl: config.GOOGLE_TOKENINFO_URL, userinfoUrl: config.GOOGLE_USERINFO_URL }),
      });
    },
  };
}
