import { createHash, randomBytes } from 'node:crypto';

export interface PkcePair {
  /** 43 characters of base64url (RFC 7636 allows 43 to 128). Stays on the server. */
  codeVerifier: string;
  /** BASE64URL(SHA-256(codeVerifier)): sent with `code_challenge_method=S256`. */
  codeChallenge: string;
}

export function codeChallengeS256(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

export function createPkcePair(): PkcePair {
  const codeVerifier = randomBytes(32).toString('base64url');
  return { codeVerifier, codeChallenge: codeChallengeS256(codeVerifier) };
}

/** A one-time `state`: 32 random bytes, base64url. */
export function createOneTimeState(): string {
  return randomBytes(32).toString('base64url');
}
