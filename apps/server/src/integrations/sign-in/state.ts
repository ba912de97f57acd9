import { createOneTimeState, createPkcePair } from './pkce.ts';
import { SignInError, type OAuthSignInProvider } from './types.ts';

/**
 * What the server remembers between sending the person to a provider and the callback.
 * It is bound to the opener's user-auth-data id and session, so the result can only be
 * picked up by the window that asked for it (`check-user-auth-state/{id}`).
 */
export interface PendingSignIn {
  provider: string;
  userAuthDataId: string;
  session: string;
  codeVerifier: string;
  redirectUri: string;
  /** Unix milliseconds after which the state is void. */
  expiresAt: number;
}

/** Stores a pending sign-in under its state value (the accounts module backs it with the database). */
export type SavePendingSignIn = (state: string, pending: PendingSignIn) => Promise<void>;

/**
 * Returns the pending sign-in of `state` and deletes it in the same step, so a state is
 * good for one callback only; `undefined` when unknown or already used.
 */
export type TakePendingSignIn = (state: string) => Promise<PendingSignIn | undefined>;

export const SIGN_IN_STATE_TTL_SECONDS = 600;

export interface BeginSignInInput {
  userAuthDataId: string;
  session: string;
  redirectUri: string;
  now: number;
  ttlSeconds?: number;
}

/** Makes the state, the PKCE pair and the provider URL for one sign-in attempt. */
export function beginSignIn(provider: OAuthSignInProvider, input: BeginSignInInput): { state: string; pending: PendingSignIn; url: URL } {
  const state = createOneTimeState();
  const { codeVerifier } = createPkcePair();
  const pending: PendingSignIn = {
    provider: provider.id,
    userAuthDataId: input.userAuthDataId,
    session: input.session,
    codeVerifier,
    redirectUri: input.redirectUri,
    expiresAt: input.now + (input.ttlSeconds ?? SIGN_IN_STATE_TTL_SECONDS) * 1000,
  };
  const url = provider.authorizationUrl({ state, codeVerifier, redirectUri: input.redirectUri });
  return { state, pending, url };
}

export interface AuthorizationCallback {
  code: string;
  state: string;
  params: URLSearchParams;
}

/**
 * Reads a provider's callback query. A provider-reported error (the person pressed
 * "cancel", for example) or a missing code/state is refused before any state is spent.
 */
export function parseAuthorizationCallback(provider: string, params: URLSearchParams): AuthorizationCallback {
  const error = params.get('error');
  if (error) {
    throw new SignInError(provider, 'provider_error', `The provider answered with an error: ${error}`);
  }
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) {
    throw new SignInError(provider, 'invalid_request', 'The callback has no code or no state');
  }
  return { code, state, params };
}

/**
 * Checks what `TakePendingSignIn` returned for a callback: the state must be known, unspent,
 * fresh and issued for this very provider.
 */
export function checkPendingSignIn(provider: string, pending: PendingSignIn | undefined, now: number): PendingSignIn {
  if (!pending) {
    throw new SignInError(provider, 'state_mismatch', 'Unknown or already used sign-in state');
  }
  if (pending.provider !== provider) {
    throw new SignInError(provider, 'state_mismatch', 'The sign-in state belongs to another provider');
  }
  if (now > pending.expiresAt) {
    throw new SignInError(provider, 'stale', 'The sign-in state has expired');
  }
  return pending;
}
