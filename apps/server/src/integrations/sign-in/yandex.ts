import * as client from 'openid-client';
import { idString, isRecord, joinName, optionalString, requestJson, withDefaults } from './http.ts';
import { toSignInError } from './oidc.ts';
import { codeChallengeS256 } from './pkce.ts';
import {
  SignInError,
  type AuthorizationUrlInput,
  type ExchangeInput,
  type FetchLike,
  type OAuthSignInProvider,
  type SignInProfile,
} from './types.ts';

/** Yandex ID's documented endpoints (OAuth 2.0 with PKCE; profile from login.yandex.ru/info). */
export const YANDEX_ENDPOINTS = {
  authorizationEndpoint: 'https://oauth.yandex.ru/authorize',
  tokenEndpoint: 'https://oauth.yandex.ru/token',
  userinfoEndpoint: 'https://login.yandex.ru/info',
};
export type YandexEndpoints = typeof YANDEX_ENDPOINTS;

export interface YandexSignInOptions extends Partial<YandexEndpoints> {
  clientId: string;
  clientSecret: string;
  /** Default `login:email login:info`. */
  scope?: string;
  allowInsecureRequests?: boolean;
  fetch?: FetchLike;
  timeoutSeconds?: number;
}

const ID = 'yandex';

/** Yandex is plain OAuth 2.0 (no id token), so the profile comes from its user-info API. */
export function createYandexSignInProvider(options: YandexSignInOptions): OAuthSignInProvider {
  const endpoints = withDefaults(YANDEX_ENDPOINTS, options);
  const config = new client.Configuration(
    {
      issuer: new URL(endpoints.authorizationEndpoint).origin,
      authorization_endpoint: endpoints.authorizationEndpoint,
      token_endpoint: endpoints.tokenEndpoint,
    },
    options.clientId,
    { client_secret: options.clientSecret },
    client.ClientSecretPost(options.clientSecret),
  );
  if (options.allowInsecureRequests) client.allowInsecureRequests(config);
  if (options.fetch) config[client.customFetch] = options.fetch;
  config.timeout = options.timeoutSeconds ?? 10;
  const scope = options.scope ?? 'login:email login:info';

  return {
    id: ID,

    authorizationUrl({ state, codeVerifier, redirectUri }: AuthorizationUrlInput): URL {
      return client.buildAuthorizationUrl(config, {
        response_type: 'code',
        redirect_uri: redirectUri,
        scope,
        state,
        code_challenge: codeChallengeS256(codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async exchange({ code, codeVerifier, redirectUri }: ExchangeInput): Promise<SignInProfile> {
      const currentUrl = new URL(redirectUri);
      currentUrl.search = '';
      currentUrl.searchParams.set('code', code);
      let accessToken: string;
      try {
        const tokens = await client.authorizationCodeGrant(
          config,
          currentUrl,
          { pkceCodeVerifier: codeVerifier, expectedState: client.skipStateCheck },
          { redirect_uri: redirectUri },
        );
        accessToken = tokens.access_token;
      } catch (error) {
        throw toSignInError(ID, error);
      }

      const url = new URL(endpoints.userinfoEndpoint);
      url.searchParams.set('format', 'json');
      const { status, body } = await requestJson(ID, url, {
        headers: { authorization: `OAuth ${accessToken}` },
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      const id = isRecord(body) ? idString(body.id) : undefined;
      if (status !== 200 || !isRecord(body) || !id) {
        throw new SignInError(ID, 'provider_error', `Yandex user info answered ${status}`);
      }
      const profile: SignInProfile = { providerUserId: id };
      const email = optionalString(body.default_email);
      if (email) profile.email = email;
      const name = optionalString(body.display_name) ?? optionalString(body.real_name) ?? joinName(body.first_name, body.last_name);
      if (name) profile.name = name;
      return profile;
    },
  };
}
