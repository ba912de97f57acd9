import { AppError } from '../../lib/app-error.ts';

/** What every outside sign-in yields: who the provider says the person is. */
export interface SignInProfile {
  /** The provider's stable id of the person (OIDC `sub`, VK `user_id`, Yandex `id`, ...). */
  providerUserId: string;
  email?: string;
  name?: string;
  /** Only set when the provider states it; absent means "not stated", not "false". */
  emailVerified?: boolean;
}

export interface AuthorizationUrlInput {
  /** One-time value from `createOneTimeState()`, echoed back on the callback. */
  state: string;
  /** From `createPkcePair()`; only its S256 challenge leaves the server. */
  codeVerifier: string;
  /** Must equal, byte for byte, a redirect URI registered with the provider. */
  redirectUri: string;
}

export interface ExchangeInput {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  /**
   * Every query parameter of the callback, when the caller has them: some providers need
   * more than `code` (VK ID's `device_id`, the RFC 9207 `iss` of OIDC servers).
   */
  callbackParams?: URLSearchParams;
}

/** An OAuth 2.0 / OIDC authorization-code provider with PKCE (S256). */
export interface OAuthSignInProvider {
  readonly id: string;
  authorizationUrl(input: AuthorizationUrlInput): URL;
  exchange(input: ExchangeInput): Promise<SignInProfile>;
}

/**
 * Why an outside sign-in failed. `reason` is for logs and tests; the answer to the browser
 * only carries the code, so nothing about the provider's internals leaks.
 */
export type SignInFailureReason =
  | 'invalid_request'
  | 'state_mismatch'
  | 'code_rejected'
  | 'token_invalid'
  | 'token_expired'
  | 'wrong_audience'
  | 'wrong_issuer'
  | 'signature_invalid'
  | 'stale'
  | 'provider_error'
  | 'provider_unavailable';

export class SignInError extends AppError {
  constructor(
    readonly provider: string,
    readonly reason: SignInFailureReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    const unavailable = reason === 'provider_unavailable';
    super(unavailable ? 'SIGN_IN_PROVIDER_UNAVAILABLE' : 'UNAUTHORIZED', unavailable ? 502 : 401, message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }

  override readonly publicMessage = 'The sign-in provider could not be reached. Try again in a moment.';
}

/** A `fetch` the adapters call; tests and proxies may pass their own. */
export type FetchLike = typeof fetch;
