import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/ports.ts';
import { cookieFetch, sendJson, startTestServer, type TestServer } from '../../integrations/sign-in/test-http.ts';
import { buildTestApp } from '../../../test/app.ts';

const APPLE_CLIENT_ID = 'com.example.portal';
const APPLE_ISSUER = 'https://appleid.apple.com';
const BOT_TOKEN = '123456:test-bot-token';
const FB_APP_ID = '1234567890';
const FB_APP_SECRET = 'fb-app-secret';

/**
 * The /passport code flow against the product's own mounted local OIDC provider (a real
 * oidc-provider), walked like a browser: redirects, the interaction form, the callback.
 */
describe('outside sign-in', () => {
  let app: FastifyInstance;
  let base: string;
  let fakes: TestServer;
  let applePrivate: CryptoKey;
  let applePublic: JWK;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    applePrivate = pair.privateKey;
    applePublic = { ...(await exportJWK(pair.publicKey)), kid: 'apple-kid', alg: 'RS256', use: 'sig' };
    // Local fakes of Apple's keys and Facebook's Graph API, speaking their documented JSON.
    fakes = await startTestServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake.local');
      if (url.pathname === '/apple/auth/keys') return sendJson(res, 200, { keys: [applePublic] });
      if (url.pathname === '/graph/debug_token') {
        if (url.searchParams.get('access_token') !== `${FB_APP_ID}|${FB_APP_SECRET}`) return sendJson(res, 400, { error: { code: 190 } });
        const valid = url.searchParams.get('input_token') === 'fb-good-token';
        return sendJson(res, 200, {
          data: valid
            ? { app_id: FB_APP_ID, type: 'USER', is_valid: true, user_id: '10001', expires_at: Math.floor(Date.now() / 1000) + 3600 }
            : { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' } },
        });
      }
      if (url.pathname === '/graph/me') {
        const token = url.searchParams.get('access_token') ?? '';
        const proof = createHmac('sha256', FB_APP_SECRET).update(token).digest('hex');
        if (url.searchParams.get('appsecret_proof') !== proof) return sendJson(res, 400, { error: { code: 100 } });
        return sendJson(res, 200, { id: '10001', name: 'Fiona Book', email: 'fiona@example.com' });
      }
      sendJson(res, 404, { error: 'unknown' });
    });

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await buildTestApp({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      APPLE_CLIENT_ID,
      APPLE_JWKS_URL: `${fakes.url}/apple/auth/keys`,
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      FACEBOOK_CLIENT_ID: FB_APP_ID,
      FACEBOOK_CLIENT_SECRET: FB_APP_SECRET,
      FACEBOOK_GRAPH_URL: `${fakes.url}/graph`,
    });
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await fakes.close();
  });

  /** Walks the browser from /passport/{provider} to the callback page; returns that page's response. */
  async function signIn(provider: string, state: string, person: { name: string; email: string } | 'cancel', browse = cookieFetch()) {
    let here = new URL(`/passport/${provider}?state=${encodeURIComponent(state)}`, base);
    let response = await browse(here);
    expect(response.status).toBe(302);
    const authorization = new URL(response.headers.get('location') ?? '');
    expect(authorization.href.startsWith(`${base}/local-oidc/auth`)).toBe(true);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${base}/passport/${provider}/callback`);
    for (let hop = 0; hop < 12; hop += 1) {
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        here = new URL(location, here);
        response = await browse(here);
        continue;
      }
      if (here.pathname === `/passport/${provider}/callback`) return { response, callbackUrl: here };
      expect(response.status).toBe(200);
      const html = await response.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
      const form = html.includes('name="email"')
        ? person === 'cancel'
          ? new URLSearchParams({ action: 'cancel' })
          : new URLSearchParams({ ...person, action: 'continue' })
        : new URLSearchParams(
            [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
          );
      here = new URL(action, here);
      response = await browse(here, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    }
    throw new Error('too many redirects');
  }

  /** set-user-auth-state as the opener calls it: answers the state's secret. */
  const makeState = async (id: string, session = '') => {
    const set = await fetch(`${base}/api/auth/set-user-auth-state`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, session }),
    });
    expect(set.status).toBe(200);
    const body = (await set.json()) as { data: { result: true; secret: string } };
    expect(body.data).toEqual({ result: true, secret: expect.stringMatching(/^[\w-]{43}$/) });
    return body.data.secret;
  };

  /** check-user-auth-state with the opener's headers: status and the authData answer. */
  const claim = async (id: string, secret?: string, handoff?: string) => {
    const headers: Record<string, string> = {};
    if (secret) headers['auth-state-secret'] = secret;
    if (handoff) headers['auth-state-handoff'] = handoff;
    const response = await fetch(`${base}/api/auth/check-user-auth-state/${id}`, { headers });
    const body = (await response.json()) as {
      data?: { authData: { result: Record<string, string> | null; waitingForHandoff?: boolean; failed?: boolean } };
    };
    return { status: response.status, authData: body.data?.authData };
  };

  /** The one-time handoff the callback page posts to its opener. */
  const handoffOf = (page: string) => /data-handoff="([\w-]+)"/.exec(page)?.[1];

  it('runs the code flow with PKCE and a one-time state; the opener alone gets the auth result, once', async () => {
    const id = `${Date.now()}-a1b2c3d4`;
    const secret = await makeState(id, 'sess-1');
    expect(await claim(id, secret)).toEqual({ status: 200, authData: { result: null } });

    const { response, callbackUrl } = await signIn('google', `${id}:sess-1`, { name: 'Gina', email: 'gina@example.com' });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('window.opener.postMessage(m,location.origin)');
    expect(page).toContain('window.close()');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'sha256-");
    // the page carries a handoff, never the token
    const handoff = handoffOf(page);
    expect(handoff).toMatch(/^[\w-]{43}$/);
    expect(page).not.toMatch(/eyJ/);

    // the secret alone is not enough: the sign-in finished, the handoff has not come
    expect(await claim(id, secret)).toEqual({ status: 200, authData: { result: null, waitingForHandoff: true } });
    // nor is the handoff without the secret, or another secret
    expect((await claim(id, undefined, handoff)).status).toBe(404);
    expect((await claim(id, 'x'.repeat(43), handoff)).status).toBe(404);

    const { authData } = await claim(id, secret, handoff);
    const result = authData?.result;
    expect(result).toMatchObject({ currentAuthType: 'google', nickName: expect.stringMatching(/^Player-/), jwt: expect.any(String) });
    const me = await fetch(`${base}/api/user/me`, { headers: { authorization: `Bearer ${result?.jwt}` } });
    expect(((await me.json()) as { data: { userId: string } }).data.userId).toBe(result?.userId);
    // handed once
    expect((await claim(id, secret, handoff)).status).toBe(404);

    // the state was spent: replaying the callback changes nothing
    const replay = await fetch(callbackUrl);
    expect(replay.status).toBe(400);

    // the same person at another stand-in provider is found by the provider's own id
    const id2 = `${Date.now()}-e5f6a7b8`;
    const secret2 = await makeState(id2);
    const again = await signIn('google', `${id2}:`, { name: 'Gina', email: 'gina@example.com' });
    const second = await claim(id2, secret2, handoffOf(await again.response.text()));
    expect(second.authData?.result).toMatchObject({ userId: result?.userId, currentAuthType: 'google' });
  });

  it('a link with an id of its own starts nothing; a state made by someone else never yields the result to them', async () => {
    // 1. An id nobody made with set-user-auth-state: no provider redirect, nothing stored.
    const made = await fetch(`${base}/passport/yandex?state=${encodeURIComponent('attacker-chosen-id:')}`, { redirect: 'manual' });
    expect(made.status).toBe(400);
    expect(made.headers.get('location')).toBeNull();
    expect(await made.text()).toContain('was not started from the portal');

    // 2. The attacker makes a real state (and holds its secret), then has the victim open the link.
    const id = `${Date.now()}-attack01`;
    const attackerSecret = await makeState(id);
    const victim = await signIn('yandex', `${id}:`, { name: 'Victim', email: 'victim@example.com' });
    expect(victim.response.status).toBe(200);
    // the handoff went to the victim's page (its opener, if any, on our origin): the attacker polls in vain
    for (let i = 0; i < 3; i++) {
      expect(await claim(id, attackerSecret)).toEqual({ status: 200, authData: { result: null, waitingForHandoff: true } });
    }
    // guessing the handoff is 256 bits of luck; a wrong one changes nothing
    expect(await claim(id, attackerSecret, 'y'.repeat(43))).toEqual({ status: 200, authData: { result: null, waitingForHandoff: true } });

    // 3. A live state of one window cannot be taken over by another: set-user-auth-state refuses.
    const taken = await fetch(`${base}/api/auth/set-user-auth-state`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, session: '' }),
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'AUTH_STATE_TAKEN' });
  });

  it("the stand-in never vouches for an e-mail: typing a player's address does not reach their account", async () => {
    const email = `owner.${Date.now()}@example.com`;
    // an account of that address, as a password registration would have made it
    const owner = await app.accounts.service.users.create({ email, passwordHash: null, currentAuthType: 'email' });
    const id = `${Date.now()}-owner001`;
    const secret = await makeState(id);
    const { response } = await signIn('google', `${id}:`, { name: 'Intruder', email });
    const { authData } = await claim(id, secret, handoffOf(await response.text()));
    expect(authData?.result?.userId).toBeDefined();
    expect(authData?.result?.userId).not.toBe(owner.id);
  });

  it('a provider that vouches for an e-mail (email_verified) reaches the player of that address', async () => {
    const email = `linked.${Date.now()}@example.com`;
    const owner = await app.accounts.service.users.create({ email, passwordHash: null, currentAuthType: 'email' });
    const vouched = await app.accounts.service.signInWithIdentity('google', 'google', {
      providerUserId: `g-${Date.now()}`,
      email,
      emailVerified: true,
    });
    expect(vouched.userId).toBe(owner.id);
    const unverified = await app.accounts.service.signInWithIdentity('yandex', 'yandex', {
      providerUserId: `y-${Date.now()}`,
      email,
      emailVerified: false,
    });
    expect(unverified.userId).not.toBe(owner.id);
  });

  it('a cancelled sign-in stores no result', async () => {
    const id = `${Date.now()}-cancel01`;
    const secret = await makeState(id, 's');
    const { response } = await signIn('vkontakte', `${id}:s`, 'cancel');
    expect(response.status).toBe(400);
    expect(await claim(id, secret)).toEqual({ status: 200, authData: { result: null } });
  });

  it('a sign-in the provider fails (not a decline) is told to its opener once, as failed', async () => {
    // The OAuth state of a started sign-in, from the provider redirect.
    const started = async (id: string) => {
      const secret = await makeState(id, 's');
      const begin = await fetch(`${base}/passport/google?state=${encodeURIComponent(`${id}:s`)}`, { redirect: 'manual' });
      expect(begin.status).toBe(302);
      return { secret, state: new URL(begin.headers.get('location') ?? '').searchParams.get('state') ?? '' };
    };
    const errored = `${Date.now()}-fail0001`;
    const one = await started(errored);
    const callback = await fetch(`${base}/passport/google/callback?error=server_error&state=${encodeURIComponent(one.state)}`);
    expect(callback.status).toBe(400);
    expect(await claim(errored, one.secret)).toEqual({ status: 200, authData: { result: null, failed: true } });
    expect((await claim(errored, one.secret)).status).toBe(404);

    // A code the provider refuses at the token exchange.
    const refused = `${Date.now()}-fail0002`;
    const two = await started(refused);
    expect((await fetch(`${base}/passport/google/callback?code=forged-code&state=${encodeURIComponent(two.state)}`)).status).toBe(400);
    expect(await claim(refused, two.secret)).toEqual({ status: 200, authData: { result: null, failed: true } });

    // A decline stays a window the player closes.
    const declined = `${Date.now()}-fail0003`;
    const three = await started(declined);
    await fetch(`${base}/passport/google/callback?error=access_denied&state=${encodeURIComponent(three.state)}`);
    expect(await claim(declined, three.secret)).toEqual({ status: 200, authData: { result: null } });
  });

  it('refuses an unknown provider and a malformed state', async () => {
    expect((await fetch(`${base}/passport/myspace?state=abcdefgh:s`, { redirect: 'manual' })).status).toBe(404);
    const bad = await fetch(`${base}/passport/google?state=${encodeURIComponent('<script>:x')}`, { redirect: 'manual' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  const postJson = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { data?: { result?: Record<string, string> }; code?: string } };
  };

  const appleNonce = async () => {
    const answer = await postJson('/api/auth/sign-in-nonce', { provider: 'apple' });
    expect(answer.status).toBe(200);
    return (answer.body.data as unknown as { nonce: string }).nonce;
  };

  it('signs in with an Apple id token carrying a nonce it issued, once; refuses a foreign one and one without a nonce of ours', async () => {
    const token = (audience: string, nonce: string | undefined, key = applePrivate) =>
      new SignJWT({ email: 'apple.player@privaterelay.appleid.com', email_verified: 'true', ...(nonce !== undefined && { nonce }) })
        .setProtectedHeader({ alg: 'RS256', kid: 'apple-kid' })
        .setSubject('001234.apple.0001')
        .setIssuer(APPLE_ISSUER)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(key);
    const nonce = await appleNonce();
    expect(nonce).toMatch(/^[\w-]{43}$/);
    const first = await token(APPLE_CLIENT_ID, nonce);
    const ok = await postJson('/api/auth/apple-login', { idToken: first });
    expect(ok.status).toBe(200);
    expect(ok.body.data?.result).toMatchObject({ currentAuthType: 'apple' });
    // The same token again (a replay): its nonce is spent.
    expect(await postJson('/api/auth/apple-login', { idToken: first })).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    // A native app hands Apple the nonce's SHA-256: that is ours too.
    const native = await appleNonce();
    const again = await postJson('/api/auth/apple-login', {
      idToken: await token(APPLE_CLIENT_ID, createHash('sha256').update(native).digest('hex')),
    });
    expect(again.status).toBe(200);
    expect(again.body.data?.result?.userId).toBe(ok.body.data?.result?.userId);
    // No nonce, or one the portal never issued.
    expect((await postJson('/api/auth/apple-login', { idToken: await token(APPLE_CLIENT_ID, undefined) })).status).toBe(401);
    expect(
      (await postJson('/api/auth/apple-login', { idToken: await token(APPLE_CLIENT_ID, 'made-up-nonce-of-the-attacker') })).status,
    ).toBe(401);
    expect((await postJson('/api/auth/apple-login', { idToken: await token('com.other.app', await appleNonce()) })).status).toBe(401);
    const otherKey = (await generateKeyPair('RS256')).privateKey;
    expect((await postJson('/api/auth/apple-login', { idToken: await token(APPLE_CLIENT_ID, await appleNonce(), otherKey) })).status).toBe(
      401,
    );
    expect(await postJson('/api/auth/sign-in-nonce', { provider: 'google' })).toMatchObject({ status: 400 });
  });

  it('signs in with Telegram widget data hashed by the test, once and within five minutes; refuses a forged hash', async () => {
    const signed = (fields: Record<string, string | number>) => {
      const check = Object.entries(fields)
        .map(([k, v]) => `${k}=${v}`)
        .sort()
        .join('\n');
      return { ...fields, hash: createHmac('sha256', createHash('sha256').update(BOT_TOKEN).digest()).update(check).digest('hex') };
    };
    const fields = { id: 424242, first_name: 'Tim', username: 'tim', auth_date: Math.floor(Date.now() / 1000) };
    const data = signed(fields);
    const ok = await postJson('/api/auth/telegram-login', { userData: data });
    expect(ok.status).toBe(200);
    expect(ok.body.data?.result).toMatchObject({ currentAuthType: 'telegram' });
    // The same data again (a replay) signs in nobody.
    expect(await postJson('/api/auth/telegram-login', { userData: data })).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    const forged = await postJson('/api/auth/telegram-login', { userData: { ...fields, first_name: 'Eve', hash: data.hash } });
    expect(forged).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    // Six minutes old: stale, though signed.
    const old = signed({ ...fields, auth_date: Math.floor(Date.now() / 1000) - 360 });
    expect(await postJson('/api/auth/telegram-login', { userData: old })).toMatchObject({ status: 401 });
  });

  it('signs in with a Facebook access token checked with Graph; the browser profile is ignored', async () => {
    const ok = await postJson('/api/auth/facebook-login', { profile: { accessToken: 'fb-good-token', id: '1', name: 'Liar' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data?.result).toMatchObject({ currentAuthType: 'facebook' });
    expect((await postJson('/api/auth/facebook-login', { profile: { accessToken: 'fb-bad-token' } })).status).toBe(401);
  });

  it('answers PROVIDER_NOT_CONFIGURED for google-login-native without keys', async () => {
    expect(await postJson('/api/auth/google-login-native', { accessToken: 'x' })).toMatchObject({
      status: 400,
      body: { code: 'PROVIDER_NOT_CONFIGURED' },
    });
  });
});
