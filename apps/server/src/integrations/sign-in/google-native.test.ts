import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyGoogleAccessToken } from './google-native.ts';
import { sendJson, startTestServer, type TestServer } from './test-http.ts';

const future = () => String(Math.floor(Date.now() / 1000) + 3000);

/** Google's tokeninfo and userinfo endpoints, as documented, for a few known tokens. */
const tokens: Record<string, Record<string, string>> = {
  'ya29.good': { azp: 'android-client', aud: 'web-client', sub: '1100220033', scope: 'openid email profile' },
  'ya29.azp-only': { azp: 'ios-client', aud: 'someone-else', sub: '1100220034', scope: 'openid email' },
  'ya29.other-app': { azp: 'x-client', aud: 'x-client', sub: '1100220035', scope: 'openid' },
  'ya29.expired': { azp: 'web-client', aud: 'web-client', sub: '1100220036', exp: '1000000' },
};

describe('verifyGoogleAccessToken', () => {
  let google: TestServer;

  beforeAll(async () => {
    google = await startTestServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://google.local');
      if (url.pathname === '/tokeninfo') {
        const info = tokens[url.searchParams.get('access_token') ?? ''];
        if (!info) return sendJson(res, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
        return sendJson(res, 200, { exp: future(), expires_in: '3000', email: 'gina@example.com', email_verified: 'true', ...info });
      }
      if (url.pathname === '/v1/userinfo') {
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        const info = tokens[token];
        if (!info) return sendJson(res, 401, { error: 'invalid_request' });
        return sendJson(res, 200, { sub: info.sub, name: 'Gina Query', email: 'gina@example.com', email_verified: true });
      }
      sendJson(res, 404, {});
    });
  });
  afterAll(() => google.close());

  const options = () => ({
    clientIds: ['web-client', 'android-client', 'ios-client'],
    tokeninfoUrl: `${google.url}/tokeninfo`,
    userinfoUrl: `${google.url}/v1/userinfo`,
  });

  it('accepts a token issued to one of our clients and reads userinfo', async () => {
    await expect(verifyGoogleAccessToken('ya29.good', options())).resolves.toEqual({
      providerUserId: '1100220033',
      name: 'Gina Query',
      email: 'gina@example.com',
      emailVerified: true,
    });
  });

  it('accepts a token whose azp is ours', async () => {
    await expect(verifyGoogleAccessToken('ya29.azp-only', options())).resolves.toMatchObject({ providerUserId: '1100220034' });
  });

  it('refuses an invalid token', async () => {
    await expect(verifyGoogleAccessToken('ya29.forged', options())).rejects.toMatchObject({ reason: 'token_invalid', statusCode: 401 });
  });

  it('refuses a token of another app', async () => {
    await expect(verifyGoogleAccessToken('ya29.other-app', options())).rejects.toMatchObject({ reason: 'wrong_audience' });
  });

  it('refuses an expired token', async () => {
    await expect(verifyGoogleAccessToken('ya29.expired', options())).rejects.toMatchObject({ reason: 'token_expired' });
  });

  it('refuses an empty token without calling Google', async () => {
    await expect(verifyGoogleAccessToken('', options())).rejects.toMatchObject({ reason: 'invalid_request' });
  });
});
