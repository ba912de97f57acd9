import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/ports.ts';
import type { TCaptchaChallenge } from '@portal/contracts/auth';
import { solveAltcha } from '../test/altcha.ts';
import { startSmtpServer } from '../test/smtp.ts';
import { startYookassaFake, type YookassaFake } from './integrations/payments/testing/yookassa-fake.ts';
import { createLocalOidcProvider, type LocalOidc } from './integrations/sign-in/local-oidc.ts';
import { cookieFetch, startTestServer, type TestServer } from './integrations/sign-in/test-http.ts';

/**
 * The security review's critical and high findings, against the real server process started
 * as a deployment starts it: NODE_ENV=production, real SMTP, Google as a real OpenID Connect
 * provider on its own port, YooKassa as a local server speaking its protocol. Every call
 * goes over HTTP, as an attacker's would.
 */

const ADMIN = { email: 'admin@portal.example', password: 'Admin-production-1' };
const KASSA = { shopId: '70001', secretKey: 'test_kassa_production' };
const GOOGLE = { clientId: 'google-production-client', clientSecret: 'google-production-secret' };

describe('a production instance', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let kassa: YookassaFake;
  let googleServer: TestServer;
  let google: LocalOidc;
  let server: ChildProcess;
  let base: string;
  let dataDir: string;
  let log = '';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    kassa = await startYookassaFake(KASSA);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Google: a real OIDC provider (oidc-provider) on its own port, its client ours.
    const box: { handler?: LocalOidc['handler'] } = {};
    googleServer = await startTestServer((req, res) => box.handler?.(req, res));
    const issuer = `${googleServer.url}/google`;
    google = createLocalOidcProvider({
      issuer,
      clients: [{ ...GOOGLE, redirectUris: [`${base}/passport/google/callback`], title: 'Google' }],
    });
    box.handler = google.handler;
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-production-'));
    server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        SMTP_URL: smtp.url,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        AUTH_RATE_LIMIT_MAX: '20',
        // Production drains 10 s on SIGTERM for its load balancer; this test has none.
        SHUTDOWN_DRAIN_SECONDS: '1',
        ALTCHA_MAX_NUMBER: '2000',
        LOG_LEVEL: 'info',
        GOOGLE_CLIENT_ID: GOOGLE.clientId,
        GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
        GOOGLE_ISSUER: issuer,
        GOOGLE_AUTH_URL: `${issuer}/auth`,
        GOOGLE_TOKEN_URL: `${issuer}/token`,
        GOOGLE_USERINFO_URL: `${issuer}/me`,
        GOOGLE_JWKS_URL: `${issuer}/jwks`,
        YOOKASSA_SHOP_ID: KASSA.shopId,
        YOOKASSA_SECRET_KEY: KASSA.secretKey,
        YOOKASSA_API_BASE: kassa.apiBaseUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    // Started as a deployment starts: however long that takes on this machine.
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server stopped: ${log}`);
      const health = await fetch(`${base}/health`).catch(() => undefined);
      if (health?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A production database starts empty: the publisher makes its catalogue in the console.
    const empty = await fetch(`${base}/api/control/get-games-data`).then((response) => response.json() as Promise<{ data: unknown[] }>);
    expect(empty.data).toEqual([]);
    const staffLogin = await fetch(`${base}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    }).then((response) => response.json() as Promise<{ token: string }>);
    const console = (url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${staffLogin.token}` },
        body: JSON.stringify(body),
      }).then((response) => response.status);
    expect(
      await console('/api/staff/catalog/projects', {
        name: 'familytown',
        authMethods: ['google', 'google_adult', 'apple', 'vk', 'yandex', 'tg', 'facebook', 'mail'],
        paymentsMethods: ['stripe', 'yookassa', 'yandex-pay'],
      }),
    ).toBe(201);
    expect(
      await console('/api/staff/catalog/projects/familytown/prices', {
        id: 'ft-coins-100',
        titles: { en: 'Bag of coins', ru: 'Мешок монет' },
        ruValue: 79,
        enValue: 0.99,
      }),
    ).toBe(201);
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await Promise.all([smtp?.close(), kassa?.close(), googleServer?.close()]);
  });

  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${url}`, {
      method,
      redirect: 'manual',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      /* a page, not JSON */
    }
    return { status: response.status, json, text, location: response.headers.get('location') };
  };
  const solved = async () => solveAltcha((await call('GET', '/api/auth/captcha-challenge')).json as TCaptchaChallenge);
  let mailCounter = 0;
  const newEmail = () => `prod${++mailCounter}.${Date.now()}@example.com`;

  async function register(email: string, password: string) {
    const started = await call('POST', '/api/auth/register-by-email', { email, password, altcha: await solved() });
    expect(started.status).toBe(200);
    const done = await call('POST', '/api/auth/send-verification-code', {
      email,
      code: smtp.lastCode(email),
      flowToken: started.json.data.flowToken,
    });
    expect(done.status).toBe(200);
    return done.json.data.result as { jwt: string; userId: string };
  }

  it('starts with private files and tells what is unsafe about its setup', () => {
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      );
    const files = walk(dataDir);
    expect(files.some((file) => file.includes('pgdata'))).toBe(true);
    for (const file of files) expect(statSync(file).mode & 0o077, file).toBe(0);
    expect(log).toContain('embedded database');
    expect(log).toContain('TRUST_PROXY is unset');
  });

  it('mounts no stand-in: no local sign-in provider, no dev mailbox, no payment sandbox, no demo game server', async () => {
    expect((await call('GET', '/local-oidc/.well-known/openid-configuration')).status).toBe(404);
    expect((await call('GET', '/dev/mail')).status).toBe(404);
    expect((await call('GET', '/dev/mail.json')).status).toBe(404);
    const yandex = await call('GET', '/passport/yandex?state=attacker1:');
    expect(yandex.status).toBe(404);
    expect(yandex.json).toMatchObject({ code: 'PROVIDER_NOT_FOUND' });
    expect((await call('POST', '/demo-games/api/familytown/purchases', { priceId: 'ft-coins-100' })).status).toBe(404);
    expect(
      (
        await call('POST', '/api/payments/sandbox/order/complete', {
          order: 'sbx_yandex-pay_00000000-0000-4000-8000-000000000000',
          outcome: 'paid',
        })
      ).status,
    ).toBe(404);
    // Nor the demo games themselves.
    expect((await call('GET', '/demo-games/familytown/index.html')).status).toBe(404);
    // Only what has keys is offered: Google and e-mail, YooKassa.
    const config = await call('GET', '/api/control/get-initial-config?project=familytown');
    expect(config.json.data.projects.authMethods).toEqual(['google', 'mail']);
    expect(config.json.data.projects.paymentsMethods).toEqual(['yookassa']);
  });

  it('a live key cannot sell without live keys; a test key sells through the test shop only: no sandbox, and a provider without keys is not there', async () => {
    const player = await register(newEmail(), 'Secret123');
    const auth = { authorization: `Bearer ${player.jwt}` };
    const staff = await call('POST', '/api/staff/login', ADMIN);
    // Production's keys are live unless asked otherwise; this YooKassa shop is a test shop (test_ key).
    const live = (await call('POST', '/api/staff/projects/familytown/api-keys', undefined, { authorization: `Bearer ${staff.json.token}` }))
      .json.key as string;
    expect(live).toMatch(/^ppk_live_/);
    const refused = await call(
      'POST',
      '/api/v1/payments',
      { userId: player.userId, priceId: 'ft-coins-100' },
      { authorization: `Bearer ${live}` },
    );
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('PAYMENT_METHODS_NOT_SET');
    const key = (
      await call('POST', '/api/staff/projects/familytown/api-keys', { mode: 'test' }, { authorization: `Bearer ${staff.json.token}` })
    ).json.key as string;
    expect(key).toMatch(/^ppk_test_/);
    const created = await call(
      'POST',
      '/api/v1/payments',
      { userId: player.userId, priceId: 'ft-coins-100' },
      { authorization: `Bearer ${key}` },
    );
    expect(created.status).toBe(201);
    const id = created.json.paymentId as string;

    const process = await call('GET', `/api/payments/process/${id}`, undefined, auth);
    expect(process.json.data.providers.map((p: { id: string }) => p.id)).toEqual(['yookassa']);
    expect((await call('GET', `/api/payments/stripe/create/${id}`, undefined, auth)).json).toMatchObject({
      code: 'PAYMENT_METHOD_NOT_ALLOWED',
    });
    const kassaCreate = await call('GET', `/api/payments/yookassa/create/${id}`, undefined, auth);
    expect(kassaCreate.status).toBe(200);
    expect(kassaCreate.json.data.sandbox).toBe(false);
    const paid = await call('POST', `/api/payments/sandbox/${id}/complete`, { outcome: 'paid' }, auth);
    expect(paid.status).toBe(404);
    const status = await call('GET', `/api/payments/get/${id}`, undefined, auth);
    expect(status.json.data.status).not.toBe('paid');
  });

  it('an encoded path is limited like the plain one: 40 wrong admin passwords, then the right one, are refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push((await call('POST', '/%61pi/staff/login', { email: ADMIN.email, password: `wrong-guess-${i}` })).status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
    expect((await call('POST', '/%61pi/staff/login', ADMIN)).status).toBe(429);
  });

  it("an outside sign-in someone else started never hands them the victim's token", async () => {
    // An id of the attacker's own choosing starts nothing.
    const chosen = await call('GET', `/passport/google?state=${encodeURIComponent('attacker-chosen-id:')}`);
    expect(chosen.status).toBe(400);
    expect(chosen.location).toBeNull();

    // A real state the attacker made (holding its secret), opened by the victim.
    const id = `${Date.now()}-prodattack`;
    const state = await call('POST', '/api/auth/set-user-auth-state', { id, session: '' });
    const secret = state.json.data.secret as string;
    const browse = cookieFetch();
    let response = await browse(`${base}/passport/google?state=${encodeURIComponent(`${id}:`)}`);
    let here = new URL(`${base}/passport/google`);
    for (let hop = 0; hop < 12 && !here.pathname.endsWith('/callback'); hop += 1) {
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        here = new URL(location, here);
        response = await browse(here);
        continue;
      }
      const html = await response.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
      const form = html.includes('name="email"')
        ? new URLSearchParams({ name: 'Victim', email: 'victim@example.com', action: 'continue' })
        : new URLSearchParams(
            [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
          );
      here = new URL(action, here);
      response = await browse(here, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    }
    expect(here.pathname).toBe('/passport/google/callback');
    expect(response.status).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      const polled = await call('GET', `/api/auth/check-user-auth-state/${id}`, undefined, { 'auth-state-secret': secret });
      expect(polled.json.data.authData).toEqual({ result: null, waitingForHandoff: true });
    }
    expect((await call('GET', `/api/auth/check-user-auth-state/${id}`)).status).toBe(404);
  });

  it("a second registration of a waiting address does not set the owner's password", async () => {
    const email = newEmail();
    const owner = await call('POST', '/api/auth/register-by-email', { email, password: 'Owner1234', altcha: await solved() });
    const code = smtp.lastCode(email);
    const intruder = await call('POST', '/api/auth/register-by-email', { email, password: 'Attack123', altcha: await solved() });
    expect(intruder.status).toBe(200);
    await call('POST', '/api/auth/send-verification-code', { email, code, flowToken: owner.json.data.flowToken });
    expect((await call('POST', '/api/auth/login-by-email', { email, password: 'Attack123' })).json.data.warningMessage).toBe(
      'INVALID_PASSWORD_LOGIN_BY_EMAIL',
    );
    expect((await call('POST', '/api/auth/login-by-email', { email, password: 'Owner1234' })).json.data.result).toBeDefined();
  });

  it('after the owner proves the recovery code, nobody else can set the new password', async () => {
    const email = newEmail();
    await register(email, 'Secret123');
    const asked = await call('POST', '/api/auth/recovery-password', { email });
    const flowToken = asked.json.data.flowToken as string;
    const verified = await call('POST', '/api/auth/send-recovery-password-code', { email, code: smtp.lastCode(email), flowToken });
    expect(verified.json.data).toEqual({ result: true, validForSeconds: 600 });
    const hijack = await call('POST', '/api/auth/activate-new-password', { email, password: 'Attack123' });
    expect(hijack.status).toBe(400);
    const other = await call('POST', '/api/auth/recovery-password', { email });
    const stolen = await call('POST', '/api/auth/activate-new-password', {
      email,
      password: 'Attack123',
      flowToken: other.json.data.flowToken,
    });
    expect(stolen).toMatchObject({ status: 403, json: { code: 'RECOVERY_NOT_VERIFIED' } });
    expect((await call('POST', '/api/auth/activate-new-password', { email, password: 'Owners123', flowToken })).json).toEqual({
      data: { result: true },
    });
  });
});
