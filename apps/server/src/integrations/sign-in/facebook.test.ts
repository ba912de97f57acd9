import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyFacebookAccessToken } from './facebook.ts';
import { sendJson, startTestServer, type TestServer } from './test-http.ts';

const APP_ID = '1234567890';
const APP_SECRET = 'fb-app-secret';
const future = () => Math.floor(Date.now() / 1000) + 3600;

/** The Graph API's `debug_token` and `/me`, as documented, for a few known tokens. */
const tokens: Record<string, Record<string, unknown>> = {
  'good-token': { app_id: APP_ID, type: 'USER', application: 'Portal', is_valid: true, user_id: '10001', scopes: ['email'] },
  'other-app-token': { app_id: '999', type: 'USER', is_valid: true, user_id: '10002' },
  'expired-token': { app_id: APP_ID, type: 'USER', is_valid: true, user_id: '10003', expires_at: 1_000_000 },
  'liar-token': { app_id: APP_ID, type: 'USER', is_valid: true, user_id: '10004' },
};

describe('verifyFacebookAccessToken', () => {
  let graph: TestServer;
  const calls: string[] = [];

  beforeAll(async () => {
    graph = await startTestServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://graph.local');
      calls.push(url.pathname);
      if (url.pathname === '/v21.0/debug_token') {
        if (url.searchParams.get('access_token') !== `${APP_ID}|${APP_SECRET}`) {
          return sendJson(res, 400, { error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 } });
        }
        const input = url.searchParams.get('input_token') ?? '';
        const data = tokens[input];
        if (!data) {
          return sendJson(res, 200, {
            data: { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' }, scopes: [] },
          });
        }
        return sendJson(res, 200, { data: { expires_at: future(), data_access_expires_at: future(), ...data } });
      }
      if (url.pathname === '/v21.0/me') {
        const token = url.searchParams.get('access_token') ?? '';
        const proof = createHmac('sha256', APP_SECRET).update(token).digest('hex');
        if (url.searchParams.get('appsecret_proof') !== proof) {
          return sendJson(res, 400, { error: { message: 'Invalid appsecret_proof', code: 100 } });
        }
        expect(url.searchParams.get('fields')).toBe('id,name,email');
        const data = tokens[token];
        if (!data) return sendJson(res, 400, { error: { code: 190 } });
        const id = token === 'liar-token' ? '1' : data.user_id;
        return sendJson(res, 200, { id, name: 'Fiona Book', email: 'fiona@example.com' });
      }
      sendJson(res, 404, { error: { message: 'Unknown path' } });
    });
  });
  afterAll(() => graph.close());

  const options = () => ({ appId: APP_ID, appSecret: APP_SECRET, graphBaseUrl: `${graph.url}/v21.0/` });

  it('accepts a valid token of our app and reads the profile from Graph', async () => {
    await expect(verifyFacebookAccessToken('good-token', options())).resolves.toEqual({
      providerUserId: '10001',
      name: 'Fiona Book',
      email: 'fiona@example.com',
    });
    expect(calls.slice(-2)).toEqual(['/v21.0/debug_token', '/v21.0/me']);
  });

  it('refuses a token Facebook calls invalid', async () => {
    await expect(verifyFacebookAccessToken('forged-token', options())).rejects.toMatchObject({ reason: 'token_invalid', statusCode: 401 });
  });

  it('refuses a token of another app', async () => {
    await expect(verifyFacebookAccessToken('other-app-token', options())).rejects.toMatchObject({ reason: 'wrong_audience' });
  });

  it('refuses an expired token', async () => {
    await expect(verifyFacebookAccessToken('expired-token', options())).rejects.toMatchObject({ reason: 'token_expired' });
  });

  it('refuses when /me speaks of another user than debug_token', async () => {
    await expect(verifyFacebookAccessToken('liar-token', options())).rejects.toMatchObject({ reason: 'token_invalid' });
  });

  it("reports a wrong app secret as a provider error, not as the player's fault", async () => {
    await expect(verifyFacebookAccessToken('good-token', { ...options(), appSecret: 'wrong' })).rejects.toMatchObject({
      reason: 'provider_error',
    });
  });

  it('reports an unreachable Graph API as unavailable (502)', async () => {
    const closed = await startTestServer((_req, res) => res.end());
    await closed.close();
    await expect(verifyFacebookAccessToken('good-token', { ...options(), graphBaseUrl: closed.url })).rejects.toMatchObject({
      reason: 'provider_unavailable',
      statusCode: 502,
    });
  });
});
