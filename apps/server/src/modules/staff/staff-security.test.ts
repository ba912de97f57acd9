import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZStaffAccount, ZStaffApiKey } from '@portal/contracts/staff';
import { buildTestApp } from '../../../test/app.ts';
import { solvedCaptcha } from '../../../test/altcha.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { rateEvents } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { makePlayer, staffHeaders } from '../payments/testing/helpers.ts';

/** Staff sign-in failures, robot check, lockout, sign-out, disabled members, revoked keys, ADMIN_PASSWORD. */
describe.each(backends)('staff security over $name', (backend) => {
  const ADMIN = { email: 'admin@security.example', password: 'admin-password-1' };
  // The per-IP minute limit is the rate-limit plugin's business; here only the guard decides.
  const env = { AUTH_RATE_LIMIT_MAX: '100000', ALTCHA_MAX_NUMBER: '1000', JOB_POLL_INTERVAL_MS: '3600000' };
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let ipCounter = 0;
  const newIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  const login = async (email: string, password: string, ip: string, options: { altcha?: boolean; url?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: options.url ?? '/api/staff/login',
      remoteAddress: ip,
      payload: { email, password, ...(options.altcha ? { altcha: await solvedCaptcha(app, ip) } : {}) },
    });
  const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string>, payload?: unknown) =>
    app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp({ ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { database: testDb.database });
    admin = await staffHeaders(app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  describe.skipIf(backend.skip)('sign-in guard', () => {
    it('asks for the robot check after 5 failures of an e-mail, and accepts a solved one', async () => {
      await app.staff.service.createAccount('captcha@security.example', 'right-password-1', 'support');
      for (let i = 0; i < 5; i += 1) {
        const wrong = await login('captcha@security.example', 'wrong-password', newIp());
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      }
      const blocked = await login('captcha@security.example', 'right-password-1', newIp());
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
      const bogus = await app.inject({
        method: 'POST',
        url: '/api/staff/login',
        remoteAddress: newIp(),
        payload: { email: 'captcha@security.example', password: 'right-password-1', altcha: 'bm9wZQ==' },
      });
      expect(bogus.statusCode).toBe(403);
      expect(bogus.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
      const solved = await login('captcha@security.example', 'right-password-1', newIp(), { altcha: true });
      expect(solved.statusCode, solved.body).toBe(200);
      // The success cleared the e-mail's count.
      expect((await login('captcha@security.example', 'right-password-1', newIp())).statusCode).toBe(200);
    });

    it('asks for the robot check after 5 failures from one address, whatever the e-mails', async () => {
      const ip = newIp();
      for (let i = 0; i < 5; i += 1) expect((await login(`nobody-${i}@security.example`, 'wrong-password', ip)).statusCode).toBe(401);
      const blocked = await login(ADMIN.email, ADMIN.password, ip);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
      expect((await login(ADMIN.email, ADMIN.password, newIp())).statusCode).toBe(200);
    });

    it('counts tries sent to the encoded path /%61pi/staff/login as the same sign-in', async () => {
      await app.staff.service.createAccount('encoded@security.example', 'right-password-1', 'support');
      for (let i = 0; i < 5; i += 1) {
        expect((await login('encoded@security.example', 'wrong-password', newIp(), { url: '/%61pi/staff/login' })).statusCode).toBe(401);
      }
      const plain = await login('encoded@security.example', 'right-password-1', newIp());
      expect(plain.statusCode).toBe(403);
      expect(plain.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
      const encoded = await login('encoded@security.example', 'right-password-1', newIp(), { url: '/%61pi/staff/login' });
      expect(encoded.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
    });

    it('never locks the right password out from an address that has not failed, whatever others send', async () => {
      const email = 'attacked@security.example';
      await app.staff.service.createAccount(email, 'right-password-1', 'admin');
      // Far past the old hard lock: 5 plain failures and 25 with cheap robot checks, each from an address of its own.
      for (let i = 0; i < 30; i += 1) {
        const wrong = await login(email, 'wrong-password', newIp(), { altcha: i >= 5 });
        expect(wrong.statusCode, `try ${i + 1}: ${wrong.body}`).toBe(401);
      }
      // The owner, from where they sign in, gets in: with the robot check the e-mail's failures ask for.
      const owner = newIp();
      const asked = await login(email, 'right-password-1', owner);
      expect(asked.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
      expect((await login(email, 'right-password-1', owner, { altcha: true })).statusCode).toBe(200);
    });

    it('locks an e-mail and address pair after 10 failures, the right password included, until they fade', async () => {
      const email = 'locked@security.example';
      await app.staff.service.createAccount(email, 'right-password-1', 'support');
      const attacker = newIp();
      let refused: Awaited<ReturnType<typeof login>> | undefined;
      for (let i = 0; i < 10; i += 1) {
        const wrong = await login(email, 'wrong-password', attacker, { altcha: i >= 5 });
        expect(wrong.statusCode, `try ${i + 1}: ${wrong.body}`).toBe(401);
      }
      for (const altcha of [true, false]) {
        refused = await login(email, 'right-password-1', attacker, { altcha });
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(15 * 60);
        expect(refused.json().retryAfter).toBe(retryAfter);
      }
      // The same member from another address, and other members from the attacker's, are not locked.
      expect((await login(email, 'right-password-1', newIp(), { altcha: true })).statusCode).toBe(200);
      expect((await login(ADMIN.email, ADMIN.password, attacker, { altcha: true })).statusCode).toBe(200);
      // Fifteen minutes later the failures have faded.
      await app.database.db
        .update(rateEvents)
        .set({ at: sql`${rateEvents.at} - interval '16 minutes'` })
        .where(like(rateEvents.key, `staff-fail:%`));
      expect((await login(email, 'right-password-1', attacker)).statusCode).toBe(200);
    });

    it('spaces out retries of a much-guessed e-mail from addresses that failed for it, with growing delays', async () => {
      const email = 'slowed@security.example';
      await app.staff.service.createAccount(email, 'right-password-1', 'support');
      const pool = Array.from({ length: 5 }, () => newIp());
      // Two rounds over five addresses: ten failures of the e-mail, two per address.
      for (let round = 0; round < 2; round += 1) {
        for (const ip of pool) expect((await login(email, 'wrong-password', ip, { altcha: true })).statusCode).toBe(401);
      }
      const delayed = await login(email, 'wrong-password', pool[0]!, { altcha: true });
      expect(delayed.statusCode).toBe(429);
      expect(delayed.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
      expect(Number(delayed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // A clean address is not slowed.
      expect((await login(email, 'wrong-password', newIp(), { altcha: true })).statusCode).toBe(401);
      // After the delay (the e-mail's last failure moved back in time), the next try is taken; the one after waits longer.
      const back = async (seconds: number) =>
        app.database.db
          .update(rateEvents)
          .set({ at: sql`${rateEvents.at} - make_interval(secs => ${seconds})` })
          .where(like(rateEvents.key, `staff-fail:%${email}`));
      await back(2);
      expect((await login(email, 'wrong-password', pool[1]!, { altcha: true })).statusCode).toBe(401);
      const longer = await login(email, 'wrong-password', pool[2]!, { altcha: true });
      expect(longer.statusCode).toBe(429);
      expect(Number(longer.headers['retry-after'])).toBeGreaterThanOrEqual(Number(delayed.headers['retry-after']));
      await back(8);
      expect((await login(email, 'right-password-1', pool[3]!, { altcha: true })).statusCode).toBe(200);
    });

    it('hashes through the bounded hash queue and answers 429 past it', async () => {
      const verify = vi.spyOn(app.accounts.hasher, 'verifyPassword');
      expect((await login(ADMIN.email, ADMIN.password, newIp())).statusCode).toBe(200);
      expect(verify).toHaveBeenCalled();
      verify.mockRestore();
      const full = vi.spyOn(app.accounts.hasher, 'assertCapacity').mockImplementation(() => {
        throw new AppError('RATE_LIMITED', 429, 'Too many sign-ins right now, retry in a moment');
      });
      const busy = await login(ADMIN.email, ADMIN.password, newIp());
      full.mockRestore();
      expect(busy.statusCode).toBe(429);
      expect(busy.json()).toMatchObject({ code: 'RATE_LIMITED' });
    });
  });

  describe.skipIf(backend.skip)('sessions and members', () => {
    it('signs out everywhere: every token issued before the sign-out answers 401', async () => {
      await app.staff.service.createAccount('logout@security.example', 'right-password-1', 'support');
      const first = await staffHeaders(app, 'logout@security.example', 'right-password-1');
      const second = await staffHeaders(app, 'logout@security.example', 'right-password-1');
      expect((await get('/api/staff/me', first)).statusCode).toBe(200);
      const out = await post('/api/staff/logout', first);
      expect(out.statusCode, out.body).toBe(200);
      expect(out.json()).toEqual({ data: { result: true } });
      for (const headers of [first, second]) {
        const me = await get('/api/staff/me', headers);
        expect(me.statusCode).toBe(401);
        expect(me.json()).toMatchObject({ code: 'UNAUTHORIZED' });
        expect((await get('/api/staff/tickets?status=open', headers)).statusCode).toBe(401);
      }
      expect((await post('/api/staff/logout', first)).statusCode).toBe(401);
      const again = await staffHeaders(app, 'logout@security.example', 'right-password-1');
      expect((await get('/api/staff/me', again)).statusCode).toBe(200);
    });

    it('ends an open staff event stream at its next event once the member signed out', async () => {
      await app.staff.service.createAccount('stream@security.example', 'right-password-1', 'support');
      const member = await staffHeaders(app, 'stream@security.example', 'right-password-1');
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const controller = new AbortController();
      try {
        const res = await fetch(`${address}/api/staff/support/events`, { headers: member, signal: controller.signal });
        expect(res.status).toBe(200);
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        let text = '';
        const readUntil = async (done: (text: string, ended: boolean) => boolean) => {
          const deadline = Date.now() + 5000;
          for (;;) {
            const chunk = await Promise.race([
              reader.read(),
              new Promise<never>((_, reject) =>
                setTimeout(() => reject(new Error(`stream so far: ${text}`)), deadline - Date.now()).unref(),
              ),
            ]);
            if (chunk.value) text += decoder.decode(chunk.value, { stream: true });
            if (done(text, chunk.done)) return chunk.done;
            if (chunk.done) throw new Error(`stream ended early: ${text}`);
          }
        };
        await readUntil((t) => t.includes('event: ready'));
        expect((await post('/api/staff/logout', member)).statusCode).toBe(200);

        const player = await makePlayer(app);
        const form = new FormData();
        form.append('data', JSON.stringify({ title: 'After sign-out', text: '<p>secret question</p>' }));
        const request = new Request('http://localhost/', { method: 'POST', body: form });
        const created = await app.inject({
          method: 'POST',
          url: '/api/support/create-ticket',
          payload: Buffer.from(await request.arrayBuffer()),
          headers: { ...player.auth, project: 'familytown', 'content-type': request.headers.get('content-type')! },
        });
        expect(created.statusCode, created.body).toBe(200);
        expect(await readUntil((_t, ended) => ended)).toBe(true);
        expect(text).not.toContain('secret question');
      } finally {
        controller.abort();
      }
    });

    it('lets an admin list, disable and enable members; a disabled member is 401 everywhere', async () => {
      const member = await app.staff.service.createAccount('disabled@security.example', 'right-password-1', 'support');
      const memberHeaders = await staffHeaders(app, 'disabled@security.example', 'right-password-1');
      expect((await get('/api/staff/accounts', memberHeaders)).statusCode).toBe(403);
      expect((await post(`/api/staff/accounts/${member.id}/disable`, memberHeaders)).statusCode).toBe(403);

      const list = await get('/api/staff/accounts', admin);
      expect(list.statusCode).toBe(200);
      const accounts = list.json<{ data: unknown[] }>().data.map((row) => ZStaffAccount.parse(row));
      expect(accounts.find((row) => row.email === 'disabled@security.example')).toMatchObject({
        id: member.id,
        role: 'support',
        disabledAt: null,
      });

      const disabled = await post(`/api/staff/accounts/${member.id}/disable`, admin);
      expect(disabled.statusCode, disabled.body).toBe(200);
      expect(ZStaffAccount.parse(disabled.json().data).disabledAt).not.toBeNull();
      expect((await get('/api/staff/me', memberHeaders)).statusCode).toBe(401);
      expect((await get('/api/staff/tickets?status=open', memberHeaders)).statusCode).toBe(401);
      const refused = await login('disabled@security.example', 'right-password-1', newIp());
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'STAFF_DISABLED' });

      const enabled = await post(`/api/staff/accounts/${member.id}/enable`, admin);
      expect(enabled.statusCode).toBe(200);
      expect(ZStaffAccount.parse(enabled.json().data).disabledAt).toBeNull();
      // Enabling does not bring the old token back; a new sign-in works.
      expect((await get('/api/staff/me', memberHeaders)).statusCode).toBe(401);
      expect((await get('/api/staff/me', await staffHeaders(app, 'disabled@security.example', 'right-password-1'))).statusCode).toBe(200);
    });

    it('refuses to disable yourself, unknown members and malformed ids', async () => {
      const me = (await get('/api/staff/me', admin)).json<{ data: { id: string } }>().data;
      const self = await post(`/api/staff/accounts/${me.id}/disable`, admin);
      expect(self.statusCode).toBe(409);
      expect(self.json()).toMatchObject({ code: 'CANNOT_DISABLE_SELF' });
      const unknown = await post('/api/staff/accounts/00000000-0000-4000-8000-000000000000/disable', admin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'STAFF_NOT_FOUND' });
      expect((await post('/api/staff/accounts/not-a-uuid/disable', admin)).statusCode).toBe(400);
      expect((await get('/api/staff/me', admin)).statusCode).toBe(200);
    });
  });

  describe.skipIf(backend.skip)('API keys', () => {
    it("lists a project's keys without the secret and revokes one: the game-server API answers 401 to it", async () => {
      const created = await post('/api/staff/projects/neuroarena/api-keys', admin);
      expect(created.statusCode).toBe(201);
      const key = created.json<{ key: string }>().key;
      const other = (await post('/api/staff/projects/neuroarena/api-keys', admin)).json<{ key: string }>().key;
      const game = (apiKey: string) => get('/api/v1/payments/00000000-0000-4000-8000-000000000000', { authorization: `Bearer ${apiKey}` });
      expect((await game(key)).statusCode).toBe(404);

      const listed = await get('/api/staff/projects/neuroarena/api-keys', admin);
      expect(listed.statusCode).toBe(200);
      expect(listed.body).not.toContain(key);
      const keys = listed.json<{ data: unknown[] }>().data.map((row) => ZStaffApiKey.parse(row));
      const row = keys.find((item) => key.startsWith(`ppk_${item.mode}_${item.prefix}_`));
      expect(row).toMatchObject({ revokedAt: null });
      expect(row?.lastUsedAt).not.toBeNull();

      expect((await post(`/api/staff/projects/familytown/api-keys/${row!.id}/revoke`, admin)).statusCode).toBe(404);
      const revoked = await post(`/api/staff/projects/neuroarena/api-keys/${row!.id}/revoke`, admin);
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(ZStaffApiKey.parse(revoked.json().data).revokedAt).not.toBeNull();
      const refused = await game(key);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      expect((await game(other)).statusCode).toBe(404);
      const settings = (await get('/api/staff/projects/neuroarena', admin)).json<{ data: { activeApiKeys: number } }>().data;
      expect(settings.activeApiKeys).toBe(1);

      const unknown = await post('/api/staff/projects/neuroarena/api-keys/00000000-0000-4000-8000-000000000000/revoke', admin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'API_KEY_NOT_FOUND' });
      expect((await post('/api/staff/projects/neuroarena/api-keys/nope/revoke', admin)).statusCode).toBe(400);
      expect((await get('/api/staff/projects/no-such-project/api-keys', admin)).statusCode).toBe(404);
    });
  });

  describe.skipIf(backend.skip)('ADMIN_PASSWORD', () => {
    it('applies a changed ADMIN_PASSWORD at start and ends the old sessions', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-admin-password-'));
      const email = 'rotated@security.example';
      const lines: string[] = [];
      const start = (password: string) =>
        buildTestApp(
          { ...env, DATA_DIR: dataDir, ADMIN_EMAIL: email, ADMIN_PASSWORD: password, LOG_LEVEL: 'info' },
          { database: testDb.database, logStream: { write: (line) => void lines.push(line) } },
        );
      const changed = () => lines.filter((line) => line.includes('admin password changed from ADMIN_PASSWORD')).length;

      let instance = await start('first-password-1');
      const oldToken = await staffHeaders(instance, email, 'first-password-1');
      await instance.close();

      instance = await start('second-password-2');
      try {
        expect(changed()).toBe(1);
        expect((await instance.inject({ method: 'GET', url: '/api/staff/me', headers: oldToken })).statusCode).toBe(401);
        const old = await instance.inject({
          method: 'POST',
          url: '/api/staff/login',
          remoteAddress: newIp(),
          payload: { email, password: 'first-password-1' },
        });
        expect(old.statusCode).toBe(401);
        const fresh = await staffHeaders(instance, email, 'second-password-2');
        await instance.close();

        instance = await start('second-password-2');
        expect(changed()).toBe(1);
        expect((await instance.inject({ method: 'GET', url: '/api/staff/me', headers: fresh })).statusCode).toBe(200);
      } finally {
        await instance.close();
      }
    });
  });
});
