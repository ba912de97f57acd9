import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAuditEntry } from '@portal/contracts/catalog-console';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { staffHeaders } from '../payments/testing/helpers.ts';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/** An admin runs the team: invites by e-mail, roles, sign-out everywhere; every change in the audit log. */
describe.each(backends)('staff team over $name', (backend) => {
  const ADMIN = { email: 'admin@team.example', password: 'admin-password-1' };
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let smtp: Smtp;
  let admin: Record<string, string>;

  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method: 'POST', url, headers, ...(payload && { payload }) });
  const linkTokenFor = (email: string): string => {
    const mail = [...smtp.received].reverse().find((m) => m.to.includes(email));
    const token = /\/staff\/set-password#([\w-]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no set-password link mailed to ${email}`);
    return token;
  };

  beforeAll(async () => {
    if (backend.skip) return;
    smtp = await startSmtpServer();
    testDb = await backend.open();
    app = await buildTestApp(
      { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: smtp.url, JOB_POLL_INTERVAL_MS: '3600000' },
      { database: testDb.database },
    );
    await app.ready();
    admin = await staffHeaders(app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    await smtp?.close();
  });

  describe.skipIf(backend.skip)('invites', () => {
    it('adds a member by e-mail who sets their password from the link, once', async () => {
      const created = await post('/api/staff/accounts', admin, { email: 'Finance@Team.example', role: 'finance' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ data: { email: 'finance@team.example', role: 'finance' } });
      const token = linkTokenFor('finance@team.example');
      expect(smtp.received.at(-1)?.text).toContain('http://localhost');

      expect((await post('/api/staff/set-password', {}, { token, password: 'short' })).statusCode).toBe(400);
      expect((await post('/api/staff/set-password', {}, { token, password: 'finance-password-1' })).statusCode).toBe(200);
      const reused = await post('/api/staff/set-password', {}, { token, password: 'finance-password-2' });
      expect(reused.json()).toMatchObject({ code: 'STAFF_LINK_INVALID' });
      expect((await post('/api/staff/set-password', {}, { token: 'x'.repeat(43), password: 'finance-password-2' })).statusCode).toBe(400);

      const finance = await staffHeaders(app, 'finance@team.example', 'finance-password-1');
      expect((await app.inject({ method: 'GET', url: '/api/staff/me', headers: finance })).json()).toMatchObject({
        data: { role: 'finance' },
      });
    });

    it('a new link ends the older one', async () => {
      const members = (await app.inject({ method: 'GET', url: '/api/staff/accounts', headers: admin })).json<{
        data: { id: string; email: string }[];
      }>();
      const member = members.data.find((m) => m.email === 'finance@team.example')!;
      expect((await post(`/api/staff/accounts/${member.id}/password-link`, admin)).statusCode).toBe(200);
      const first = linkTokenFor('finance@team.example');
      expect((await post(`/api/staff/accounts/${member.id}/password-link`, admin)).statusCode).toBe(200);
      const second = linkTokenFor('finance@team.example');
      expect((await post('/api/staff/set-password', {}, { token: first, password: 'finance-password-3' })).statusCode).toBe(400);
      expect((await post('/api/staff/set-password', {}, { token: second, password: 'finance-password-3' })).statusCode).toBe(200);
    });
  });

  describe.skipIf(backend.skip)('roles and sign-out', () => {
    it('changes another member role, never the admin own; signs a member out everywhere', async () => {
      const members = (await app.inject({ method: 'GET', url: '/api/staff/accounts', headers: admin })).json<{
        data: { id: string; email: string }[];
      }>();
      const member = members.data.find((m) => m.email === 'finance@team.example')!;
      const me = members.data.find((m) => m.email === ADMIN.email)!;
      const token = await staffHeaders(app, 'finance@team.example', 'finance-password-3');

      const changed = await app.inject({
        method: 'PATCH',
        url: `/api/staff/accounts/${member.id}`,
        headers: admin,
        payload: { role: 'catalog' },
      });
      expect(changed.json()).toMatchObject({ data: { role: 'catalog' } });
      const own = await app.inject({ method: 'PATCH', url: `/api/staff/accounts/${me.id}`, headers: admin, payload: { role: 'support' } });
      expect(own.json()).toMatchObject({ code: 'CANNOT_CHANGE_OWN_ROLE' });
      expect(
        (await app.inject({ method: 'PATCH', url: `/api/staff/accounts/${me.id}`, headers: token, payload: { role: 'admin' } })).statusCode,
      ).toBe(403);

      expect((await app.inject({ method: 'GET', url: '/api/staff/me', headers: token })).statusCode).toBe(200);
      expect((await post(`/api/staff/accounts/${member.id}/sign-out`, admin)).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/staff/me', headers: token })).statusCode).toBe(401);
    });

    it('writes every team change to the audit log with who did it', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/staff/audit?targetType=staff&limit=50', headers: admin });
      const entries = ZAuditEntry.array().parse(res.json<{ data: unknown }>().data);
      expect(entries.map((entry) => entry.action)).toEqual([
        'staff.signOut',
        'staff.role',
        'staff.setPassword',
        'staff.passwordLink',
        'staff.passwordLink',
        'staff.setPassword',
        'staff.passwordLink',
        'staff.create',
      ]);
      expect(entries[1]).toMatchObject({ staffEmail: ADMIN.email, before: { role: 'finance' }, after: { role: 'catalog' } });
      expect(JSON.stringify(entries)).not.toMatch(/password-1|passwordHash/);
    });
  });
});
