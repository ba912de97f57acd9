import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../../../test/altcha.ts';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';

/**
 * The accounts flow over both database backends (PGlite and PostgreSQL), with the dev mailbox (no
 * SMTP_URL): register, read the code on /dev/mail, confirm, log in, log out.
 */
describe.each(backends)('accounts over $name', (backend) => {
  let testDb: TestDatabase | undefined;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', ALTCHA_MAX_NUMBER: '2000' }, { database: testDb.database });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it.skipIf(backend.skip)('registers through the dev mailbox, signs in and out', async () => {
    const email = `dev.${Date.now()}@example.com`;
    const post = (url: string, payload: object, token?: string) =>
      app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

    const started = await post('/api/auth/register-by-email', { email, password: 'Secret123', altcha: await solvedCaptcha(app) });
    expect(started.statusCode).toBe(200);
    const { flowToken } = (started.json() as { data: { flowToken: string } }).data;
    const page = await app.inject('/dev/mail');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(email);
    const list = (await app.inject(`/dev/mail.json?to=${encodeURIComponent(email)}`)).json() as {
      data: { to: string; subject: string; text: string }[];
    };
    expect(list.data).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(list.data[0]?.text ?? '')?.[1] ?? '';
    expect(page.body).toContain(code);

    const confirmed = (await post('/api/auth/send-verification-code', { email, code, flowToken })).json() as {
      data: { result: { jwt: string } };
    };
    const { jwt } = confirmed.data.result;
    const login = (await post('/api/auth/login-by-email', { email, password: 'Secret123' })).json() as {
      data: { result: { jwt: string } };
    };
    expect(login.data.result.jwt).not.toBe(jwt);
    expect((await post('/api/auth/logout', {}, jwt)).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user/get-profile', headers: { authorization: `Bearer ${jwt}` } })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/user/get-profile', headers: { authorization: `Bearer ${login.data.result.jwt}` } })).statusCode,
    ).toBe(200);
  });

  it.skipIf(backend.skip)('has no dev mailbox in production', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' }, { database: testDb!.database });
    try {
      expect((await production.inject('/dev/mail')).statusCode).toBe(404);
      expect((await production.inject('/dev/mail.json')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
