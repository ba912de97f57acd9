import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleSignInProvider } from './google.ts';
import { createPkcePair, createOneTimeState } from './pkce.ts';
import { cookieFetch, readBody, startTestServer, type TestServer } from './test-http.ts';
import type { FetchLike } from './types.ts';

const REDIRECT_URI = 'https://portal.test/passport/google_adult/callback';

/**
 * A bare oidc-provider standing in for Google, with the two interaction steps a real
 * provider has (log in, then consent) answered by this test as a person would.
 */
describe('OIDC code flow through separate login and consent steps', () => {
  let server: TestServer;
  let issuer: string;

  beforeAll(async () => {
    const box: { provider?: Provider } = {};
    server = await startTestServer((req, res) => {
      const provider = box.provider;
      if (!provider) return void res.writeHead(503).end();
      const match = /^\/interaction\/([\w-]+)(\/login|\/confirm)?$/.exec(req.url ?? '');
      if (!match) return void provider.callback()(req, res);
      void (async () => {
        const details = await provider.interactionDetails(req, res);
        if (!match[2]) {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ prompt: details.prompt.name }));
        } else if (match[2] === '/login') {
          const form = new URLSearchParams(await readBody(req));
          await provider.interactionFinished(req, res, { login: { accountId: form.get('login') ?? '' } });
        } else {
          const grant = new provider.Grant({ accountId: details.session?.accountId ?? '', clientId: String(details.params.client_id) });
          grant.addOIDCScope(String(details.params.scope));
          await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
        }
      })().catch((error: unknown) => res.writeHead(500).end(String(error)));
    });
    issuer = server.url;
    box.provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'google-adult-client',
          client_secret: 'adult-secret',
          redirect_uris: [REDIRECT_URI],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      pkce: { required: () => true },
      cookies: { keys: ['test-cookie-key'] },
      jwks: { keys: [{ ...(await exportJWK((await generateKeyPair('RS256', { extractable: true })).privateKey)), kid: 'k1', use: 'sig' }] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      // Everything in the id token, so this run needs no userinfo call.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      findAccount: async (_ctx, sub) => ({
        accountId: sub,
        claims: () => ({ sub, email: `${sub}@example.com`, email_verified: true, name: 'Adult Player' }),
      }),
      ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    });
  });
  afterAll(() => server.close());

  const provider = (fetchImpl?: FetchLike) =>
    createGoogleSignInProvider({
      id: 'google_adult',
      clientId: 'google-adult-client',
      clientSecret: 'adult-secret',
      issuer,
      authorizationEndpoint: `${issuer}/auth`,
      tokenEndpoint: `${issuer}/token`,
      jwksUri: `${issuer}/jwks`,
      allowInsecureRequests: true,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });

  async function codeFor(url: URL): Promise<URLSearchParams> {
    const browse = cookieFetch();
    let response = await browse(url);
    const prompts: string[] = [];
    for (let hop = 0; hop < 10; hop += 1) {
      const next = new URL(response.headers.get('location') ?? '', url);
      if (next.href.startsWith(REDIRECT_URI)) {
        expect(prompts).toEqual(['login', 'consent']);
        return next.searchParams;
      }
      response = await browse(next);
      if (response.status === 200) {
        const { prompt } = (await response.json()) as { prompt: string };
        prompts.push(prompt);
        response = await browse(`${next.href}/${prompt === 'login' ? 'login' : 'confirm'}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ login: 'acc-42' }),
        });
      }
    }
    throw new Error('no code reached the redirect URI');
  }

  it('logs in, consents, exchanges the code and verifies the id token', async () => {
    const google = provider();
    const { codeVerifier } = createPkcePair();
    const params = await codeFor(google.authorizationUrl({ state: createOneTimeState(), codeVerifier, redirectUri: REDIRECT_URI }));
    await expect(
      google.exchange({ code: params.get('code') ?? '', codeVerifier, redirectUri: REDIRECT_URI, callbackParams: params }),
    ).resolves.toEqual({ providerUserId: 'acc-42', email: 'acc-42@example.com', name: 'Adult Player', emailVerified: true });
  });

  it('refuses an id token whose signature does not verify with the published keys', async () => {
    const { publicKey } = await generateKeyPair('RS256');
    const impostorKeys = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', use: 'sig', alg: 'RS256' }] };
    // The same server, but the keys we fetch are not the ones that signed the token.
    const swapKeys: FetchLike = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/jwks')) {
        return new Response(JSON.stringify(impostorKeys), { headers: { 'content-type': 'application/json' } });
      }
      return fetch(input, init);
    };
    const google = provider(swapKeys);
    const { codeVerifier } = createPkcePair();
    const params = await codeFor(google.authorizationUrl({ state: createOneTimeState(), codeVerifier, redirectUri: REDIRECT_URI }));
    await expect(
      google.exchange({ code: params.get('code') ?? '', codeVerifier, redirectUri: REDIRECT_URI, callbackParams: params }),
    ).rejects.toMatchObject({ reason: 'signature_invalid', statusCode: 401 });
  });

  it('refuses a callback whose iss names another server (RFC 9207 mix-up)', async () => {
    const google = provider();
    const { codeVerifier } = createPkcePair();
    const params = await codeFor(google.authorizationUrl({ state: createOneTimeState(), codeVerifier, redirectUri: REDIRECT_URI }));
    params.set('iss', 'https://evil.example');
    await expect(
      google.exchange({ code: params.get('code') ?? '', codeVerifier, redirectUri: REDIRECT_URI, callbackParams: params }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });
});
