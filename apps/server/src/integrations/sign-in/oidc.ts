import * as client from 'openid-client';
import { codeChallengeS256 } from './pkce.ts';
import {
  SignInError,
  type AuthorizationUrlInput,
  type ExchangeInput,
  type FetchLike,
  type OAuthSignInProvider,
  type SignInFailureReason,
  type SignInProfile,
} from './types.ts';

export interface OidcEndpoints {
  /** The `iss` every id token must carry. */
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** Read when the id token lacks e-mail or name (an OIDC server may keep them for userinfo). */
  userinfoEndpoint?: string;
  /** Keys that sign the id tokens; the signature is always checked. */
  jwksUri: string;
}

export interface OidcSignInOptions extends OidcEndpoints {
  /** Our name for the provider (`google`, `google_adult`, ...), used in errors and state. */
  id: string;
  clientId: string;
  clientSecret: string;
  /** Default `openid email profile`. */
  scope?: string;
  /** Added to the authorization URL (Google's `prompt=select_account`, for example). */
  authorizationParams?: Record<string, string>;
  /** Allows `http:` endpoints: the local stand-in provider and tests only. */
  allowInsecureRequests?: boolean;
  fetch?: FetchLike;
  timeoutSeconds?: number;
}

/**
 * A generic OpenID Connect code flow with PKCE (S256) on `openid-client`: the id token's
 * signature (JWKS), `iss`, `aud`, `exp` and `iat` are verified before anyone is trusted.
 */
export function createOidcSignInProvider(options: OidcSignInOptions): OAuthSignInProvider {
  const config = new client.Configuration(
    {
      issuer: options.issuer,
      authorization_endpoint: options.authorizationEndpoint,
      token_endpoint: options.tokenEndpoint,
      ...(options.userinfoEndpoint ? { userinfo_endpoint: options.userinfoEndpoint } : {}),
      jwks_uri: options.jwksUri,
    },
    options.clientId,
    { client_secret: options.clientSecret },
    client.ClientSecretPost(options.clientSecret),
  );
  // By default openid-client trusts an id token received straight from the token endpoint
  // over TLS; we check its signature against the provider's keys as well.
  client.enableNonRepudiationChecks(config);
  if (options.allowInsecureRequests) client.allowInsecureRequests(config);
  if (options.fetch) config[client.customFetch] = options.fetch;
  config.timeout = options.timeoutSeconds ?? 10;
  const scope = options.scope ?? 'openid email profile';

  return {
    id: options.id,

    authorizationUrl({ state, codeVerifier, redirectUri }: AuthorizationUrlInput): URL {
      return client.buildAuthorizationUrl(config, {
        ...options.authorizationParams,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope,
        state,
        code_challenge: codeChallengeS256(codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async exchange({ code, codeVerifier, redirectUri, callbackParams }: ExchangeInput): Promise<SignInProfile> {
      const currentUrl = new URL(redirectUri);
      currentUrl.search = '';
      currentUrl.searchParams.set('code', code);
      // RFC 9207: when the server names itself on the callback, openid-client checks it.
      const iss = callbackParams?.get('iss');
      if (iss) currentUrl.searchParams.set('iss', iss);
      try {
        const tokens = await client.authorizationCodeGrant(
          config,
          currentUrl,
          // `state` was already matched and spent by the caller's state store.
          { pkceCodeVerifier: codeVerifier, expectedState: client.skipStateCheck, idTokenExpected: true },
          { redirect_uri: redirectUri },
        );
        const claims = tokens.claims();
        if (!claims) throw new SignInError(options.id, 'token_invalid', 'No id token in the token response');
        let info: Record<string, unknown> = claims;
        if (options.userinfoEndpoint && (claims.email === undefined || claims.name === undefined)) {
          const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
          info = { ...userinfo, ...claims };
        }
        return profileFromClaims(claims.sub, info);
      } catch (error) {
        throw toSignInError(options.id, error);
      }
    },
  };
}

function profileFromClaims(sub: string, info: Record<string, unknown>): SignInProfile {
  const profile: SignInProfile = { providerUserId: sub };
  if (typeof info.email === 'string' && info.email !== '') profile.email = info.email;
  if (typeof info.name === 'string' && info.name !== '') profile.name = info.name;
  const verified = info.email_verified;
  // Some providers send `"true"` as a string.
  if (typeof verified === 'boolean') profile.emailVerified = verified;
  else if (verified === 'true' || verified === 'false') profile.emailVerified = verified === 'true';
  return profile;
}

export function toSignInError(provider: string, error: unknown): SignInError {
  if (error instanceof SignInError) return error;
  let reason: SignInFailureReason = 'code_rejected';
  if (error instanceof client.ResponseBodyError) {
    reason = 'code_rejected';
  } else if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    // oauth4webapi's error codes (not re-exported by openid-client).
    if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') reason = 'token_expired';
    else if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
      const claim = comparedClaim(error);
      reason = claim === 'iss' ? 'wrong_issuer' : claim === 'aud' ? 'wrong_audience' : 'token_invalid';
    } else if (code === 'OAUTH_KEY_SELECTION_FAILED') reason = 'signature_invalid';
    else if (error.name === 'TimeoutError' || error.name === 'AbortError' || error.message === 'fetch failed') {
      reason = 'provider_unavailable';
    } else if (causes(error).some((cause) => cause instanceof Error && /signature/i.test(cause.message))) {
      reason = 'signature_invalid';
    }
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new SignInError(provider, reason, `${provider} sign-in failed: ${detail}`, { cause: error });
}

/** An error and its causes: openid-client wraps oauth4webapi's errors, which hold the detail. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 4; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
  }
  return chain;
}

/** The claim that differed, named in the `cause` of a claim-comparison error. */
function comparedClaim(error: unknown): unknown {
  return causes(error)
    .map((cause) => (cause as { claim?: unknown }).claim)
    .find((claim) => claim !== undefined);
}
