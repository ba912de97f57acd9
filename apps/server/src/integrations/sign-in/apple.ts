import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { SignInError, type SignInFailureReason, type SignInProfile } from './types.ts';

export const APPLE_ISSUER = 'https://appleid.apple.com';
export const APPLE_JWKS_URL = 'https://appleid.apple.com/auth/keys';

export interface AppleIdTokenOptions {
  /** Our Services ID / bundle id(s): the token's `aud` must be one of them. */
  clientId: string | readonly string[];
  /** Apple's published keys (default `https://appleid.apple.com/auth/keys`). */
  jwksUrl?: string;
  /** Fixed keys instead of a URL (tests, or keys mirrored locally). */
  keys?: JSONWebKeySet;
  issuer?: string;
  /** When the sign-in request carried a nonce, the token must carry the same one. */
  nonce?: string;
  /**
   * Spends the nonce the token carries (one the portal issued, once): with it a token without a
   * nonce, or with one unknown, expired or spent, is refused, so a token seen elsewhere cannot be
   * replayed here.
   */
  spendNonce?: (nonce: string) => Promise<boolean>;
  /** Current time, for tests. */
  now?: Date;
}

export interface AppleProfile extends SignInProfile {
  /** Apple's relay address (`...@privaterelay.appleid.com`) instead of the real one. */
  isPrivateEmail?: boolean;
}

// One key set per URL, so Apple's keys are fetched once and refreshed by jose on a new kid.
const remoteKeySets = new Map<string, JWTVerifyGetKey>();

function keySet(options: AppleIdTokenOptions): JWTVerifyGetKey {
  if (options.keys) return createLocalJWKSet(options.keys);
  const url = options.jwksUrl ?? APPLE_JWKS_URL;
  let set = remoteKeySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    remoteKeySets.set(url, set);
  }
  return set;
}

/** Verifies a Sign in with Apple id token: signature (Apple's keys), `iss`, `aud`, `exp`. */
export async function verifyAppleIdToken(idToken: string, options: AppleIdTokenOptions): Promise<AppleProfile> {
  if (typeof idToken !== 'string' || idToken.length === 0 || idToken.length > 8192) {
    throw new SignInError('apple', 'invalid_request', 'No usable Apple id token');
  }
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, keySet(options), {
      issuer: options.issuer ?? APPLE_ISSUER,
      audience: typeof options.clientId === 'string' ? options.clientId : [...options.clientId],
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      ...(options.now ? { currentDate: options.now } : {}),
    }));
  } catch (error) {
    throw new SignInError('apple', joseReason(error), `Apple id token refused: ${(error as Error).message}`, { cause: error });
  }
  if (options.nonce !== undefined && payload.nonce !== options.nonce) {
    throw new SignInError('apple', 'token_invalid', 'Apple id token nonce does not match');
  }
  if (options.spendNonce) {
    if (typeof payload.nonce !== 'string' || payload.nonce === '')
      throw new SignInError('apple', 'token_invalid', 'Apple id token carries no nonce');
    if (!(await options.spendNonce(payload.nonce))) {
      throw new SignInError('apple', 'token_invalid', 'Apple id token nonce is not one we issued, or it expired or was used');
    }
  }
  const profile: AppleProfile = { providerUserId: String(payload.sub) };
  if (typeof payload.email === 'string') profile.email = payload.email;
  // Apple sends these booleans as strings in some tokens.
  const verified = payload.email_verified;
  if (verified === true || verified === 'true') profile.emailVerified = true;
  else if (verified === false || verified === 'false') profile.emailVerified = false;
  const isPrivate = payload.is_private_email;
  if (isPrivate === true || isPrivate === 'true') profile.isPrivateEmail = true;
  return profile;
}

export function joseReason(error: unknown): SignInFailureReason {
  if (error instanceof errors.JWTExpired) return 'token_expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'wrong_audience';
    if (error.claim === 'iss') return 'wrong_issuer';
    return 'token_invalid';
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed) {
    return 'signature_invalid';
  }
  if (error instanceof errors.JWKSTimeout || (error instanceof Error && error.message === 'fetch failed')) {
    return 'provider_unavailable';
  }
  return 'token_invalid';
}
