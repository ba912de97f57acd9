import { createHmac } from 'node:crypto';
import { idString, isRecord, optionalString, requestJson } from './http.ts';
import { SignInError, type FetchLike, type SignInProfile } from './types.ts';

/** Unversioned Graph calls use the app's default API version set in Meta's dashboard. */
export const FACEBOOK_GRAPH_BASE_URL = 'https://graph.facebook.com';

export interface FacebookTokenOptions {
  appId: string;
  appSecret: string;
  graphBaseUrl?: string;
  fetch?: FetchLike;
  now?: Date;
}

const ID = 'facebook';

function graphUrl(base: string, path: string, query: Record<string, string>): URL {
  const url = new URL(`${base.replace(/\/+$/, '')}/${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url;
}

/**
 * Asks Facebook who an access token belongs to (`debug_token` with the app access token
 * `appId|appSecret`): it must be valid, issued to our app and unexpired; then reads the
 * profile with that token. A profile sent by the browser is never used.
 */
export async function verifyFacebookAccessToken(accessToken: string, options: FacebookTokenOptions): Promise<SignInProfile> {
  if (typeof accessToken !== 'string' || accessToken.length === 0 || accessToken.length > 4096) {
    throw new SignInError(ID, 'invalid_request', 'No usable Facebook access token');
  }
  const base = options.graphBaseUrl ?? FACEBOOK_GRAPH_BASE_URL;
  const http = options.fetch ? { fetch: options.fetch } : {};

  const debug = await requestJson(
    ID,
    graphUrl(base, 'debug_token', { input_token: accessToken, access_token: `${options.appId}|${options.appSecret}` }),
    http,
  );
  const data = isRecord(debug.body) && isRecord(debug.body.data) ? debug.body.data : undefined;
  if (debug.status !== 200 || !data) {
    throw new SignInError(ID, 'provider_error', `Facebook debug_token answered ${debug.status}`);
  }
  if (data.is_valid !== true) throw new SignInError(ID, 'token_invalid', 'Facebook says the token is not valid');
  if (idString(data.app_id) !== options.appId) {
    throw new SignInError(ID, 'wrong_audience', 'The Facebook token was issued to another app');
  }
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  // 0 means "never expires"; a user token normally has a time.
  if (typeof data.expires_at === 'number' && data.expires_at !== 0 && data.expires_at <= nowSeconds) {
    throw new SignInError(ID, 'token_expired', 'The Facebook token has expired');
  }
  const userId = idString(data.user_id);
  if (!userId) throw new SignInError(ID, 'token_invalid', 'The Facebook token belongs to no user');

  const me = await requestJson(
    ID,
    graphUrl(base, 'me', {
      fields: 'id,name,email',
      access_token: accessToken,
      // Graph's documented proof that the call comes from the app's server.
      appsecret_proof: createHmac('sha256', options.appSecret).update(accessToken).digest('hex'),
    }),
    http,
  );
  if (me.status !== 200 || !isRecord(me.body)) {
    throw new SignInError(ID, 'provider_error', `Facebook /me answered ${me.status}`);
  }
  if (idString(me.body.id) !== userId) {
    throw new SignInError(ID, 'token_invalid', 'Facebook /me is about another user');
  }
  const profile: SignInProfile = { providerUserId: userId };
  const email = optionalString(me.body.email);
  if (email) profile.email = email;
  const name = optionalString(me.body.name);
  if (name) profile.name = name;
  return profile;
}
