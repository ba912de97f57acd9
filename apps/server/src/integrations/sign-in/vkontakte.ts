import { idString, isRecord, joinName, optionalString, requestJson, withDefaults } from './http.ts';
import { codeChallengeS256 } from './pkce.ts';
import {
  SignInError,
  type AuthorizationUrlInput,
  type ExchangeInput,
  type FetchLike,
  type OAuthSignInProvider,
  type SignInProfile,
} from './types.ts';

/** VK ID's documented OAuth 2.1 endpoints (id.vk.com, not the legacy oauth.vk.com). */
export const VK_ID_ENDPOINTS = {
  authorizationEndpoint: 'https://id.vk.com/authorize',
  tokenEndpoint: 'https://id.vk.com/oauth2/auth',
  userinfoEndpoint: 'https://id.vk.com/oauth2/user_info',
};
export type VkIdEndpoints = typeof VK_ID_ENDPOINTS;

export interface VkontakteSignInOptions extends Partial<VkIdEndpoints> {
  clientId: string;
  /** Default `vkid.personal_info email`. */
  scope?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

const ID = 'vkontakte';

/**
 * VK ID (OAuth 2.1, PKCE S256). Hand-written on `fetch`: VK's token call needs the
 * callback's `device_id` and `state`, and its id token is not standard OIDC, so a generic
 * client would reject it; the profile is read from VK's user-info call instead.
 */
export function createVkontakteSignInProvider(options: VkontakteSignInOptions): OAuthSignInProvider {
  const endpoints = withDefaults(VK_ID_ENDPOINTS, options);
  const scope = options.scope ?? 'vkid.personal_info email';
  const http = {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  };

  return {
    id: ID,

    authorizationUrl({ state, codeVerifier, redirectUri }: AuthorizationUrlInput): URL {
      const url = new URL(endpoints.authorizationEndpoint);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', scope);
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', codeChallengeS256(codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
      return url;
    },

    async exchange({ code, codeVerifier, redirectUri, callbackParams }: ExchangeInput): Promise<SignInProfile> {
      const deviceId = callbackParams?.get('device_id');
      const state = callbackParams?.get('state');
      if (!deviceId || !state) {
        throw new SignInError(ID, 'invalid_request', 'VK ID callback lacks device_id or state');
      }
      const token = await requestJson(ID, endpoints.tokenEndpoint, {
        ...http,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: codeVerifier,
          redirect_uri: redirectUri,
          client_id: options.clientId,
          device_id: deviceId,
          state,
        }),
      });
      const tokenBody = token.body;
      if (token.status !== 200 || !isRecord(tokenBody) || typeof tokenBody.access_token !== 'string') {
        const error = isRecord(tokenBody) ? String(tokenBody.error ?? 'no access token') : 'no access token';
        throw new SignInError(ID, 'code_rejected', `VK ID refused the code: ${error}`);
      }
      if (tokenBody.state !== undefined && tokenBody.state !== state) {
        throw new SignInError(ID, 'state_mismatch', 'VK ID answered with another state');
      }

      const info = await requestJson(ID, endpoints.userinfoEndpoint, {
        ...http,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: options.clientId, access_token: tokenBody.access_token }),
      });
      const user = isRecord(info.body) && isRecord(info.body.user) ? info.body.user : undefined;
      const userId = idString(user?.user_id);
      if (info.status !== 200 || !user || !userId) {
        throw new SignInError(ID, 'provider_error', `VK ID user info answered ${info.status}`);
      }
      // The token response names the user too; both must agree.
      const tokenUserId = idString(tokenBody.user_id);
      if (tokenUserId && tokenUserId !== userId) {
        throw new SignInError(ID, 'token_invalid', 'VK ID user info is about another user');
      }
      const profile: SignInProfile = { providerUserId: userId };
      const email = optionalString(user.email);
      if (email) profile.email = email;
      const name = joinName(user.first_name, user.last_name);
      if (name) profile.name = name;
      return profile;
    },
  };
}
