import { isRecord, optionalString, requestJson } from './http.ts';
import { SignInError, type FetchLike, type SignInProfile } from './types.ts';

export const GOOGLE_TOKENINFO_URL = 'https://oauth2.googleapis.com/tokeninfo';
export const GOOGLE_USERINFO_URL = 'https://openidconnect.googleapis.com/v1/userinfo';

export interface GoogleAccessTokenOptions {
  /** Our OAuth client ids (web, Android, iOS): the token's `aud` or `azp` must be one. */
  clientIds: readonly string[];
  tokeninfoUrl?: string;
  userinfoUrl?: string;
  fetch?: FetchLike;
  now?: Date;
}

const ID = 'google';

/**
 * Checks an access token a native Google sign-in handed to the app: Google's tokeninfo
 * endpoint must say it was issued to one of our clients and is unexpired; the profile is
 * then read from userinfo with that token, and must be about the same `sub`.
 */
export async function verifyGoogleAccessToken(accessToken: string, options: GoogleAccessTokenOptions): Promise<SignInProfile> {
  if (typeof accessToken !== 'string' || accessToken.length === 0 || accessToken.length > 4096) {
    throw new SignInError(ID, 'invalid_request', 'No usable Google access token');
  }
  const http = options.fetch ? { fetch: options.fetch } : {};

  const tokeninfoUrl = new URL(options.tokeninfoUrl ?? GOOGLE_TOKENINFO_URL);
  tokeninfoUrl.searchParams.set('access_token', accessToken);
  const info = await requestJson(ID, tokeninfoUrl, http);
  if (info.status === 400 || info.status === 401) {
    throw new SignInError(ID, 'token_invalid', 'Google says the token is not valid');
  }
  if (info.status !== 200 || !isRecord(info.body)) {
    throw new SignInError(ID, 'provider_error', `Google tokeninfo answered ${info.status}`);
  }
  const { aud, azp, sub, exp } = info.body;
  const ours = (value: unknown) => typeof value === 'string' && options.clientIds.includes(value);
  if (!ours(aud) && !ours(azp)) {
    throw new SignInError(ID, 'wrong_audience', 'The Google token was issued to another client');
  }
  const expiresAt = Number(exp);
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!Number.isFinite(expiresAt) || expiresAt <= nowSeconds) {
    throw new SignInError(ID, 'token_expired', 'The Google token has expired');
  }
  if (typeof sub !== 'string' || sub === '') throw new SignInError(ID, 'token_invalid', 'The Google token names no user');

  const user = await requestJson(ID, options.userinfoUrl ?? GOOGLE_USERINFO_URL, {
    ...http,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (user.status !== 200 || !isRecord(user.body)) {
    throw new SignInError(ID, 'provider_error', `Google userinfo answered ${user.status}`);
  }
  if (user.body.sub !== sub) throw new SignInError(ID, 'token_invalid', 'Google userinfo is about another user');
  const profile: SignInProfile = { providerUserId: sub };
  const email = optionalString(user.body.email);
  if (email) profile.email = email;
  const name = optionalString(user.body.name);
  if (name) profile.name = name;
  const verified = user.body.email_verified;
  if (typeof verified === 'boolean') profile.emailVerified = verified;
  else if (verified === 'true' || verified === 'false') profile.emailVerified = verified === 'true';
  return profile;
}
