import { createHash, createHmac, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Route } from '@playwright/test';

/**
 * Stand-ins for Sign in with Apple JS, the Telegram login widget and the Facebook SDK.
 *
 * - In the browser: `page.route` answers the providers' official script URLs (the product's
 *   defaults) with small scripts speaking each documented JS API (`AppleID.auth.init/signIn`,
 *   `Telegram.Login.auth`, `FB.init/login/api`), and answers the provider calls those scripts
 *   make. What each provider answers next is set per test (`outcome`).
 * - For the server: a node http server on 127.0.0.1 with Apple's JWKS (APPLE_JWKS_URL) and
 *   Facebook's Graph `debug_token` and `/me` (FACEBOOK_GRAPH_URL).
 */

export const APPLE_CLIENT_ID = 'com.portal.web';
export const TELEGRAM_BOT_TOKEN = '7000001:AAE-stand-in-bot-token-for-tests';
export const FACEBOOK_APP_ID = '4242424242';
export const FACEBOOK_APP_SECRET = 'stand-in-facebook-app-secret';

export const APPLE_SCRIPT = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';
export const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';
export const FACEBOOK_SCRIPT = 'https://connect.facebook.net/en_US/sdk.js';

export type AppleOutcome = 'ok' | 'closed' | 'error' | 'wrong-audience';
export type TelegramOutcome = 'ok' | 'refused' | 'bad-hash';
export type FacebookOutcome = 'ok' | 'cancelled' | 'invalid-token' | 'me-error';

export interface Outcomes {
  apple: AppleOutcome;
  telegram: TelegramOutcome;
  facebook: FacebookOutcome;
}

const APPLE_JS = `window.AppleID = { auth: {
  init: function (config) { window.__appleConfig = config; },
  signIn: function () {
    return fetch('https://appleid.apple.com/stand-in/authorize', { method: 'POST', body: JSON.stringify(window.__appleConfig) })
      .then(function (r) { return r.json().then(function (body) { if (!r.ok) throw body; return body; }); });
  }
} };`;

const TELEGRAM_JS = `window.Telegram = { Login: { auth: function (options, callback) {
  fetch('https://oauth.telegram.org/stand-in/auth?bot_id=' + encodeURIComponent(options.bot_id))
    .then(function (r) { return r.json(); })
    .then(function (body) { callback(body.user || false); }, function () { callback(false); });
} } };`;

const FACEBOOK_JS = `window.FB = {
  init: function (options) { window.__fbInit = options; },
  login: function (callback, options) {
    fetch('https://www.facebook.com/stand-in/login?app_id=' + encodeURIComponent(window.__fbInit.appId) + '&scope=' + encodeURIComponent(options.scope))
      .then(function (r) { return r.json(); })
      .then(function (body) { window.__fbToken = body.authResponse && body.authResponse.accessToken; callback(body); });
  },
  api: function (path, params, callback) {
    var query = new URLSearchParams(params); query.set('access_token', window.__fbToken || '');
    fetch('https://graph.facebook.com' + path + '?' + query).then(function (r) { return r.json(); }).then(callback);
  }
};`;

export interface SignInStandIns {
  /** Origin of the server-side stand-ins (JWKS, Graph API). */
  origin: string;
  /** The product's environment that points at the stand-ins. */
  env: Record<string, string>;
  outcome: Outcomes;
  /** Serves the provider scripts and their calls in `page`. */
  install(page: Page): Promise<void>;
  close(): Promise<void>;
}

function b64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function appleIdToken(key: KeyObject, kid: string, claims: Record<string, unknown>): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
  const payload = b64url(JSON.stringify(claims));
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/** The Telegram widget's hash: HMAC-SHA-256 of the sorted key=value lines under SHA-256(bot token). */
export function telegramHash(fields: Record<string, string | number>, botToken: string): string {
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  return createHmac('sha256', createHash('sha256').update(botToken).digest()).update(check).digest('hex');
}

export async function startSignInStandIns(): Promise<SignInStandIns> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'stand-in-key';
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const outcome: Outcomes = { apple: 'ok', telegram: 'ok', facebook: 'ok' };
  /** Facebook access tokens this stand-in issued -> the user they belong to. */
  const facebookTokens = new Map<string, { id: string; name: string; email: string }>();
  const facebookUser = { id: '10001', name: 'Stand-in Facebook Player', email: 'fb-player@example.test' };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/apple/keys') return json(200, { keys: [jwk] });
    if (url.pathname === '/facebook/debug_token') {
      if (url.searchParams.get('access_token') !== `${FACEBOOK_APP_ID}|${FACEBOOK_APP_SECRET}`)
        return json(400, { error: { message: 'bad app token' } });
      const user = facebookTokens.get(url.searchParams.get('input_token') ?? '');
      if (!user || outcome.facebook === 'invalid-token') return json(200, { data: { is_valid: false } });
      return json(200, {
        data: { is_valid: true, app_id: FACEBOOK_APP_ID, user_id: user.id, expires_at: Math.floor(Date.now() / 1000) + 3600 },
      });
    }
    if (url.pathname === '/facebook/me') {
      const token = url.searchParams.get('access_token') ?? '';
      const user = facebookTokens.get(token);
      const proof = createHmac('sha256', FACEBOOK_APP_SECRET).update(token).digest('hex');
      if (!user || url.searchParams.get('appsecret_proof') !== proof) return json(400, { error: { message: 'bad token' } });
      return json(200, user);
    }
    return json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const script = (body: string) => (route: Route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body, headers: { 'access-control-allow-origin': '*' } });
  const answer = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body), headers: { 'access-control-allow-origin': '*' } });

  return {
    origin,
    outcome,
    env: {
      APPLE_CLIENT_ID,
      APPLE_JWKS_URL: `${origin}/apple/keys`,
      TELEGRAM_BOT_TOKEN,
      FACEBOOK_CLIENT_ID: FACEBOOK_APP_ID,
      FACEBOOK_CLIENT_SECRET: FACEBOOK_APP_SECRET,
      FACEBOOK_GRAPH_URL: `${origin}/facebook`,
    },
    async install(page) {
      await page.route(APPLE_SCRIPT, script(APPLE_JS));
      await page.route(TELEGRAM_SCRIPT, script(TELEGRAM_JS));
      await page.route(FACEBOOK_SCRIPT, script(FACEBOOK_JS));
      await page.route('https://appleid.apple.com/stand-in/authorize', (route) => {
        const config = JSON.parse(route.request().postData() ?? '{}') as { clientId?: string; nonce?: string };
        if (outcome.apple === 'closed') return answer(route, 400, { error: 'popup_closed_by_user' });
        if (outcome.apple === 'error') return answer(route, 400, { error: 'invalid_client' });
        const now = Math.floor(Date.now() / 1000);
        const idToken = appleIdToken(privateKey, kid, {
          iss: 'https://appleid.apple.com',
          aud: outcome.apple === 'wrong-audience' ? 'com.someone.else' : config.clientId,
          sub: `001234.${randomUUID().replace(/-/g, '')}.0101`,
          email: 'apple-player@privaterelay.appleid.com',
          email_verified: true,
          nonce: config.nonce,
          iat: now,
          exp: now + 600,
        });
        return answer(route, 200, { authorization: { id_token: idToken, code: 'stand-in-code' } });
      });
      await page.route('https://oauth.telegram.org/stand-in/auth?*', (route) => {
        const botId = new URL(route.request().url()).searchParams.get('bot_id');
        if (outcome.telegram === 'refused' || botId !== TELEGRAM_BOT_TOKEN.split(':')[0]) return answer(route, 200, { user: false });
        const fields = { id: 5550001, first_name: 'Stand-in', username: 'standin_player', auth_date: Math.floor(Date.now() / 1000) };
        const hash = telegramHash(fields, outcome.telegram === 'bad-hash' ? 'another:bot-token' : TELEGRAM_BOT_TOKEN);
        return answer(route, 200, { user: { ...fields, hash } });
      });
      await page.route('https://www.facebook.com/stand-in/login?*', (route) => {
        const appId = new URL(route.request().url()).searchParams.get('app_id');
        if (outcome.facebook === 'cancelled' || appId !== FACEBOOK_APP_ID)
          return answer(route, 200, { status: 'unknown', authResponse: null });
        const accessToken = `EAAG${randomUUID().replace(/-/g, '')}`;
        facebookTokens.set(accessToken, facebookUser);
        return answer(route, 200, { status: 'connected', authResponse: { accessToken, userID: facebookUser.id } });
      });
      await page.route('https://graph.facebook.com/me?*', (route) => {
        const token = new URL(route.request().url()).searchParams.get('access_token') ?? '';
        const user = facebookTokens.get(token);
        if (outcome.facebook === 'me-error' || !user)
          return answer(route, 400, { error: { message: 'Error validating access token', code: 190 } });
        return answer(route, 200, { id: user.id, name: user.name });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
