import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPkcePair, createOneTimeState } from './pkce.ts';
import { readBody, sendJson, startTestServer, type TestServer } from './test-http.ts';
import { SignInError } from './types.ts';
import { createVkontakteSignInProvider } from './vkontakte.ts';
import { createYandexSignInProvider } from './yandex.ts';

interface IssuedCode {
  challenge: string;
  redirectUri: string;
  clientId: string;
}

/**
 * A small authorization server speaking VK ID's and Yandex's documented calls: it issues a
 * code for an authorization URL (as if the person agreed), checks PKCE, the exact redirect
 * URI and the client on the token call, and answers the user-info calls.
 */
function fakeProvider() {
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, string>();
  const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

  const approve = (authorizationUrl: URL): string => {
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const code = randomBytes(12).toString('hex');
    codes.set(code, {
      challenge: authorizationUrl.searchParams.get('code_challenge') ?? '',
      redirectUri: authorizationUrl.searchParams.get('redirect_uri') ?? '',
      clientId: authorizationUrl.searchParams.get('client_id') ?? '',
    });
    return code;
  };

  const listener = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake.local');
    const form = new URLSearchParams(await readBody(req));
    const grant = () => {
      const issued = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!issued || issued.challenge !== s256(form.get('code_verifier') ?? '') || issued.redirectUri !== form.get('redirect_uri')) {
        return undefined;
      }
      return issued;
    };
    if (url.pathname === '/vk/oauth2/auth') {
      const issued = grant();
      if (!issued || !form.get('device_id') || form.get('client_id') !== issued.clientId) {
        return sendJson(res, 400, { error: 'invalid_grant', error_description: 'Invalid code', state: form.get('state') });
      }
      const token = `vk-${randomBytes(8).toString('hex')}`;
      accessTokens.set(token, '777');
      return sendJson(res, 200, {
        access_token: token,
        refresh_token: 'r',
        id_token: 'x.y.z',
        token_type: 'Bearer',
        expires_in: 3600,
        user_id: 777,
        state: form.get('state'),
        scope: 'vkid.personal_info email',
      });
    }
    if (url.pathname === '/vk/oauth2/user_info') {
      const userId = accessTokens.get(form.get('access_token') ?? '');
      if (!userId) return sendJson(res, 200, { error: 'invalid_token', error_description: 'bad token' });
      return sendJson(res, 200, {
        user: { user_id: userId, first_name: 'Vera', last_name: 'Kontakt', email: 'vera@example.ru', avatar: 'https://x' },
      });
    }
    if (url.pathname === '/ya/token') {
      const issued = grant();
      if (!issued || form.get('client_id') !== issued.clientId || form.get('client_secret') !== 'ya-secret') {
        return sendJson(res, 400, { error: 'invalid_grant', error_description: 'Code has expired' });
      }
      const token = `y0_${randomBytes(8).toString('hex')}`;
      accessTokens.set(token, '1130000012345678');
      return sendJson(res, 200, { token_type: 'bearer', access_token: token, expires_in: 31536000, refresh_token: 'r' });
    }
    if (url.pathname === '/ya/info') {
      expect(url.searchParams.get('format')).toBe('json');
      const id = accessTokens.get((req.headers.authorization ?? '').replace(/^OAuth /, ''));
      if (!id) return sendJson(res, 401, {});
      return sendJson(res, 200, {
        id,
        login: 'yan.dex',
        client_id: 'ya-client',
        display_name: 'Yan',
        real_name: 'Yan Dex',
        first_name: 'Yan',
        last_name: 'Dex',
        default_email: 'yan.dex@yandex.ru',
        emails: ['yan.dex@yandex.ru'],
      });
    }
    sendJson(res, 404, {});
  };
  return { approve, listener };
}

describe('VK ID and Yandex code flows with PKCE', () => {
  const fake = fakeProvider();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer((req, res) => void fake.listener(req, res));
  });
  afterAll(() => server.close());

  const vk = () =>
    createVkontakteSignInProvider({
      clientId: 'vk-client',
      tokenEndpoint: `${server.url}/vk/oauth2/auth`,
      userinfoEndpoint: `${server.url}/vk/oauth2/user_info`,
    });
  const yandex = () =>
    createYandexSignInProvider({
      clientId: 'ya-client',
      clientSecret: 'ya-secret',
      tokenEndpoint: `${server.url}/ya/token`,
      userinfoEndpoint: `${server.url}/ya/info`,
      allowInsecureRequests: true,
    });

  it('VK ID: documented authorization URL by default', () => {
    const { codeVerifier, codeChallenge } = createPkcePair();
    const url = vk().authorizationUrl({ state: 's1', codeVerifier, redirectUri: 'https://portal.test/passport/vkontakte/callback' });
    expect(url.origin + url.pathname).toBe('https://id.vk.com/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'vk-client',
      redirect_uri: 'https://portal.test/passport/vkontakte/callback',
      scope: 'vkid.personal_info email',
      state: 's1',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
  });

  it('VK ID: exchanges the code with verifier and device_id, then reads the user', async () => {
    const redirectUri = 'https://portal.test/passport/vkontakte/callback';
    const state = createOneTimeState();
    const { codeVerifier } = createPkcePair();
    const code = fake.approve(vk().authorizationUrl({ state, codeVerifier, redirectUri }));
    const callbackParams = new URLSearchParams({ code, state, device_id: 'dev-1', type: 'code_v2', expires_in: '600' });
    await expect(vk().exchange({ code, codeVerifier, redirectUri, callbackParams })).resolves.toEqual({
      providerUserId: '777',
      email: 'vera@example.ru',
      name: 'Vera Kontakt',
    });
  });

  it('VK ID: refuses a wrong verifier, and a callback without device_id', async () => {
    const redirectUri = 'https://portal.test/passport/vkontakte/callback';
    const { codeVerifier } = createPkcePair();
    const code = fake.approve(vk().authorizationUrl({ state: 's', codeVerifier, redirectUri }));
    const callbackParams = new URLSearchParams({ code, state: 's', device_id: 'dev-1' });
    await expect(vk().exchange({ code, codeVerifier: createPkcePair().codeVerifier, redirectUri, callbackParams })).rejects.toMatchObject({
      reason: 'code_rejected',
      statusCode: 401,
    });
    await expect(vk().exchange({ code, codeVerifier, redirectUri })).rejects.toMatchObject({ reason: 'invalid_request' });
  });

  it('Yandex: documented authorization URL by default', () => {
    const { codeVerifier, codeChallenge } = createPkcePair();
    const url = yandex().authorizationUrl({ state: 's2', codeVerifier, redirectUri: 'https://portal.test/passport/yandex/callback' });
    expect(url.origin + url.pathname).toBe('https://oauth.yandex.ru/authorize');
    expect(url.searchParams.get('code_challenge')).toBe(codeChallenge);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('client_id')).toBe('ya-client');
    expect(url.searchParams.get('redirect_uri')).toBe('https://portal.test/passport/yandex/callback');
    expect(url.searchParams.get('state')).toBe('s2');
  });

  it('Yandex: exchanges the code and reads login.yandex.ru/info', async () => {
    const redirectUri = 'https://portal.test/passport/yandex/callback';
    const { codeVerifier } = createPkcePair();
    const code = fake.approve(yandex().authorizationUrl({ state: 's', codeVerifier, redirectUri }));
    await expect(yandex().exchange({ code, codeVerifier, redirectUri })).resolves.toEqual({
      providerUserId: '1130000012345678',
      email: 'yan.dex@yandex.ru',
      name: 'Yan',
    });
  });

  it('Yandex: refuses a wrong verifier and another redirect URI', async () => {
    const redirectUri = 'https://portal.test/passport/yandex/callback';
    const { codeVerifier } = createPkcePair();
    const code = fake.approve(yandex().authorizationUrl({ state: 's', codeVerifier, redirectUri }));
    await expect(yandex().exchange({ code, codeVerifier: 'B'.repeat(43), redirectUri })).rejects.toMatchObject({
      reason: 'code_rejected',
    });
    const code2 = fake.approve(yandex().authorizationUrl({ state: 's', codeVerifier, redirectUri }));
    await expect(yandex().exchange({ code: code2, codeVerifier, redirectUri: `${redirectUri}x` })).rejects.toMatchObject({
      reason: 'code_rejected',
    });
  });

  it('Yandex: refuses plain http endpoints unless allowed', async () => {
    const strict = createYandexSignInProvider({
      clientId: 'ya-client',
      clientSecret: 'ya-secret',
      tokenEndpoint: `${server.url}/ya/token`,
    });
    const refused = await strict
      .exchange({ code: 'c', codeVerifier: 'v'.repeat(43), redirectUri: 'https://portal.test/cb' })
      .catch((error: unknown) => error);
    // Refused before any request leaves: the code is never sent over plain http.
    expect(refused).toBeInstanceOf(SignInError);
    expect(refused).toMatchObject({ provider: 'yandex', reason: 'code_rejected', statusCode: 401 });
    expect((refused as Error).message).toMatch(/only requests to HTTPS are allowed/);
  });
});
