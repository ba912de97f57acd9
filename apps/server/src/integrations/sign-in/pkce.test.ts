import { describe, expect, it } from 'vitest';
import { codeChallengeS256, createOneTimeState, createPkcePair } from './pkce.ts';
import { beginSignIn, checkPendingSignIn, parseAuthorizationCallback, SIGN_IN_STATE_TTL_SECONDS } from './state.ts';
import type { OAuthSignInProvider } from './types.ts';

describe('PKCE and state', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', () => {
    expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers of 43 base64url characters and their challenge', () => {
    const pair = createPkcePair();
    expect(pair.codeVerifier).toMatch(/^[\w-]{43}$/);
    expect(pair.codeChallenge).toBe(codeChallengeS256(pair.codeVerifier));
    expect(createPkcePair().codeVerifier).not.toBe(pair.codeVerifier);
  });

  it('makes one-time states of 32 random bytes', () => {
    const state = createOneTimeState();
    expect(Buffer.from(state, 'base64url')).toHaveLength(32);
    expect(createOneTimeState()).not.toBe(state);
  });

  it('begins a sign-in bound to the opener and checks it back', () => {
    const seen: unknown[] = [];
    const provider: OAuthSignInProvider = {
      id: 'yandex',
      authorizationUrl: (input) => {
        seen.push(input);
        return new URL('https://oauth.example/authorize');
      },
      exchange: () => Promise.reject(new Error('unused')),
    };
    const now = 1_700_000_000_000;
    const begun = beginSignIn(provider, { userAuthDataId: 'uad', session: 'sess', redirectUri: 'https://p/cb', now });
    expect(seen).toEqual([{ state: begun.state, codeVerifier: begun.pending.codeVerifier, redirectUri: 'https://p/cb' }]);
    expect(begun.pending).toMatchObject({ provider: 'yandex', userAuthDataId: 'uad', session: 'sess', redirectUri: 'https://p/cb' });
    expect(begun.pending.expiresAt).toBe(now + SIGN_IN_STATE_TTL_SECONDS * 1000);
    expect(checkPendingSignIn('yandex', begun.pending, now + 1000)).toBe(begun.pending);
    expect(() => checkPendingSignIn('yandex', begun.pending, begun.pending.expiresAt + 1)).toThrow(/expired/);
    expect(() => checkPendingSignIn('google', begun.pending, now)).toThrow(/another provider/);
    expect(() => checkPendingSignIn('yandex', undefined, now)).toThrow(/Unknown or already used/);
  });

  it('parses callbacks and refuses provider errors or missing values', () => {
    expect(parseAuthorizationCallback('google', new URLSearchParams('code=c&state=s'))).toMatchObject({ code: 'c', state: 's' });
    expect(() => parseAuthorizationCallback('google', new URLSearchParams('error=access_denied&state=s'))).toThrow(/access_denied/);
    expect(() => parseAuthorizationCallback('google', new URLSearchParams('code=c'))).toThrow(/no code or no state/);
  });
});
