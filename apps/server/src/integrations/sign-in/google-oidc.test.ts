import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleSignInProvider } from './google.ts';
import { createLocalOidcProvider, createLocalSignInProvider, localAccountId, type LocalOidc } from './local-oidc.ts';
import { beginSignIn, checkPendingSignIn, parseAuthorizationCallback, type PendingSignIn } from './state.ts';
import { cookieFetch, startTestServer, type TestServer } from './test-http.ts';
import { SignInError, type OAuthSignInProvider } from './types.ts';

const REDIRECT_URI = 'https://portal.test/passport/google/callback';
const MOUNT = '/local-oidc';

/**
 * Walks a person through the provider the way a browser does: follow redirects and
 * self-submitting forms, fill in the interaction page, stop at the redirect URI and hand
 * back its query. Pass one `browse` to several calls to reuse the browser's cookies.
 */
async function signInAsPerson(
  authorizationUrl: URL,
  person: { name: string; email: string } | 'cancel',
  { browse = cookieFetch(), redirectUri = REDIRECT_URI } = {},
): Promise<URLSearchParams> {
  let response = await browse(authorizationUrl);
  let here = authorizationUrl;
  for (let hop = 0; hop < 12; hop += 1) {
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      here = new URL(location, here);
      if (here.href.startsWith(redirectUri)) return here.searchParams;
      response = await browse(here);
      continue;
    }
    expect(response.status).toBe(200);
    const html = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(action).not.toBe('');
    let form: URLSearchParams;
    if (html.includes('<label for="email">E-mail</label>')) {
      expect(html).toContain('Continue');
      form = person === 'cancel' ? new URLSearchParams({ action: 'cancel' }) : new URLSearchParams({ ...person, action: 'continue' });
    } else {
      // oidc-provider's self-submitting form (ending the previous person's session): submit it as a browser would.
      form = new URLSearchParams(
        [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
      );
    }
    here = new URL(action, here);
    response = await browse(here, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
  }
  throw new Error('too many redirects');
}

function googleAgainst(issuer: string): OAuthSignInProvider {
  return createGoogleSignInProvider({
    clientId: 'google-client',
    clientSecret: 'google-secret',
    issuer,
    authorizationEndpoint: `${issuer}/auth`,
    tokenEndpoint: `${issuer}/token`,
    userinfoEndpoint: `${issuer}/me`,
    jwksUri: `${issuer}/jwks`,
    allowInsecureRequests: true,
  });
}

describe('Google code flow with PKCE against a real oidc-provider', () => {
  let server: TestServer;
  let local: LocalOidc;
  let issuer: string;
  let google: OAuthSignInProvider;
  // The accounts module keeps these in the database; a Map is enough here.
  const pending = new Map<string, PendingSignIn>();
  const take = async (state: string) => {
    const found = pending.get(state);
    pending.delete(state);
    return found;
  };

  beforeAll(async () => {
    // The port is only known once listening, and the issuer must name it: route through a box.
    const box: { handler?: LocalOidc['handler'] } = {};
    server = await startTestServer((req, res) => box.handler?.(req, res));
    issuer = `${server.url}${MOUNT}`;
    local = createLocalOidcProvider({
      issuer,
      clients: [
        { clientId: 'google-client', clientSecret: 'google-secret', redirectUris: [REDIRECT_URI], title: 'Google' },
        {
          clientId: 'vk-client',
          clientSecret: 'vk-secret',
          redirectUris: ['https://portal.test/passport/vkontakte/callback'],
          title: 'VK ID',
        },
      ],
      // Here it speaks for Google, which vouches for the addresses it hands out.
      vouchForEmail: true,
    });
    box.handler = local.handler;
    google = googleAgainst(issuer);
  });
  afterAll(() => server.close());

  async function start(now = Date.now()) {
    const begun = beginSignIn(google, { userAuthDataId: 'uad-1', session: 'sess-1', redirectUri: REDIRECT_URI, now });
    pending.set(begun.state, begun.pending);
    return begun;
  }

  it('builds an authorization URL with S256 PKCE, state and the exact redirect URI', async () => {
    const { url, state } = await start();
    expect(url.origin + url.pathname).toBe(`${issuer}/auth`);
    expect(url.searchParams.get('client_id')).toBe('google-client');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('signs a person in: interaction, code, token exchange, verified id token', async () => {
    const { url } = await start();
    const params = await signInAsPerson(url, { name: 'Ada Lovelace', email: 'Ada@Example.com' });
    const callback = parseAuthorizationCallback('google', params);
    expect(params.get('iss')).toBe(issuer);
    const spent = checkPendingSignIn('google', await take(callback.state), Date.now());
    expect(spent.userAuthDataId).toBe('uad-1');
    expect(spent.session).toBe('sess-1');

    const profile = await google.exchange({
      code: callback.code,
      codeVerifier: spent.codeVerifier,
      redirectUri: spent.redirectUri,
      callbackParams: params,
    });
    expect(profile).toEqual({
      providerUserId: localAccountId('ada@example.com'),
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      emailVerified: true,
    });

    // The state was spent: the same callback cannot be replayed.
    await expect(take(callback.state).then((found) => checkPendingSignIn('google', found, Date.now()))).rejects.toMatchObject({
      reason: 'state_mismatch',
    });
  });

  it('refuses a callback whose state was never issued', async () => {
    const { url } = await start();
    const params = await signInAsPerson(url, { name: 'Eve', email: 'eve@example.com' });
    params.set('state', 'forged-state');
    const callback = parseAuthorizationCallback('google', params);
    expect(() => checkPendingSignIn('google', pending.get(callback.state), Date.now())).toThrow(SignInError);
  });

  it('refuses a state issued for another provider or past its time', async () => {
    const { state } = await start(Date.now() - 11 * 60_000);
    const found = pending.get(state);
    expect(() => checkPendingSignIn('google', found, Date.now())).toThrow(/expired/);
    expect(() => checkPendingSignIn('yandex', found, Date.now() - 11 * 60_000)).toThrow(/another provider/);
  });

  it('refuses the code with a wrong PKCE verifier, and a replayed code', async () => {
    const { url, state } = await start();
    const params = await signInAsPerson(url, { name: 'Mallory', email: 'mallory@example.com' });
    const callback = parseAuthorizationCallback('google', params);
    const exchange = (codeVerifier: string) =>
      google.exchange({ code: callback.code, codeVerifier, redirectUri: REDIRECT_URI, callbackParams: params });
    await expect(exchange('A'.repeat(43))).rejects.toMatchObject({ reason: 'code_rejected', statusCode: 401 });
    const verifier = pending.get(state)?.codeVerifier ?? '';
    await expect(exchange(verifier)).resolves.toMatchObject({ email: 'mallory@example.com' });
    // A code is good once.
    await expect(exchange(verifier)).rejects.toMatchObject({ reason: 'code_rejected' });
  });

  it('refuses a redirect URI that is not registered exactly', async () => {
    const begun = beginSignIn(google, {
      userAuthDataId: 'uad-2',
      session: 'sess-2',
      redirectUri: `${REDIRECT_URI}/../evil`,
      now: Date.now(),
    });
    const response = await fetch(begun.url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('refuses an id token from another issuer (our client expects the real Google)', async () => {
    const strict = createGoogleSignInProvider({
      clientId: 'google-client',
      clientSecret: 'google-secret',
      tokenEndpoint: `${issuer}/token`,
      userinfoEndpoint: `${issuer}/me`,
      jwksUri: `${issuer}/jwks`,
      authorizationEndpoint: `${issuer}/auth`,
      allowInsecureRequests: true,
    });
    const begun = beginSignIn(strict, { userAuthDataId: 'u', session: 's', redirectUri: REDIRECT_URI, now: Date.now() });
    const params = await signInAsPerson(begun.url, { name: 'Bob', email: 'bob@example.com' });
    params.delete('iss');
    const code = params.get('code') ?? '';
    await expect(strict.exchange({ code, codeVerifier: begun.pending.codeVerifier, redirectUri: REDIRECT_URI })).rejects.toMatchObject({
      reason: 'wrong_issuer',
    });
  });

  it('reports "cancel" on the page as access_denied to our callback', async () => {
    const { url } = await start();
    const params = await signInAsPerson(url, 'cancel');
    expect(params.get('error')).toBe('access_denied');
    expect(() => parseAuthorizationCallback('google', params)).toThrow(/access_denied/);
  });

  it('re-renders the page with an accessible error for a bad e-mail', async () => {
    const { url } = await start();
    const browse = cookieFetch();
    let response = await browse(url);
    const interaction = new URL(response.headers.get('location') ?? '', url);
    response = await browse(interaction);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    response = await browse(interaction, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'X', email: 'not-an-email', action: 'continue' }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/id="email"[^>]*aria-invalid="true"/);
    expect(html).toContain('value="X"');
  });

  it('serves a second stand-in (VK) from the same provider with its own client', async () => {
    const vk = createLocalSignInProvider({ id: 'vkontakte', issuer, clientId: 'vk-client', clientSecret: 'vk-secret' });
    const redirectUri = 'https://portal.test/passport/vkontakte/callback';
    const begun = beginSignIn(vk, { userAuthDataId: 'u', session: 's', redirectUri, now: Date.now() });
    const browse = cookieFetch();
    let response = await browse(begun.url);
    response = await browse(new URL(response.headers.get('location') ?? '', begun.url));
    expect(await response.text()).toContain('Sign in with VK ID');

    // The whole flow, twice in one browser: the page is asked again, so a second person can sign in.
    for (const person of [
      { name: 'Vera', email: 'vera@example.ru' },
      { name: 'Vlad', email: 'vlad@example.ru' },
    ]) {
      const again = beginSignIn(vk, { userAuthDataId: 'u', session: 's', redirectUri, now: Date.now() });
      const params = await signInAsPerson(again.url, person, { browse, redirectUri });
      const profile = await vk.exchange({
        code: params.get('code') ?? '',
        codeVerifier: again.pending.codeVerifier,
        redirectUri,
        callbackParams: params,
      });
      expect(profile).toMatchObject({ email: person.email, name: person.name, providerUserId: localAccountId(person.email) });
    }
  });
});

describe('the local provider mounted in Fastify', () => {
  it('runs the whole flow under a path of a Fastify app', async () => {
    const app = Fastify();
    const box: { local?: LocalOidc } = {};
    // How the accounts module mounts it: hand the raw request over before Fastify reads the body.
    app.addHook('onRequest', (request, reply, done) => {
      if (box.local && (request.url === MOUNT || request.url.startsWith(`${MOUNT}/`))) {
        reply.hijack();
        box.local.handler(request.raw, reply.raw);
        return;
      }
      done();
    });
    app.get('/health', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const issuer = `http://127.0.0.1:${port}${MOUNT}`;
    box.local = createLocalOidcProvider({
      issuer,
      clients: [{ clientId: 'google-client', clientSecret: 'google-secret', redirectUris: [REDIRECT_URI], title: 'Google' }],
    });
    try {
      expect((await app.inject('/health')).json()).toEqual({ ok: true });
      const google = googleAgainst(issuer);
      const begun = beginSignIn(google, { userAuthDataId: 'u', session: 's', redirectUri: REDIRECT_URI, now: Date.now() });
      const params = await signInAsPerson(begun.url, { name: 'Grace', email: 'grace@example.com' });
      const profile = await google.exchange({
        code: params.get('code') ?? '',
        codeVerifier: begun.pending.codeVerifier,
        redirectUri: REDIRECT_URI,
        callbackParams: params,
      });
      expect(profile.email).toBe('grace@example.com');
      const discovery = await fetch(`${issuer}/.well-known/openid-configuration`).then((r) => r.json() as Promise<Record<string, unknown>>);
      expect(discovery.issuer).toBe(issuer);
      expect(discovery.token_endpoint).toBe(`${issuer}/token`);
      expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    } finally {
      await app.close();
    }
  });
});
