import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZStaffMe, ZStaffProjectName, ZStaffProjectSettings } from '@portal/contracts/staff';
import { TICKET_ACKNOWLEDGEMENT_TEXT, ZStaffTicket, ZStaffTicketListItem } from '@portal/contracts/support';
import { buildTestApp } from '../../../test/app.ts';
import { createTicketAs } from '../../../test/tickets.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { makePlayer, staffHeaders } from '../payments/testing/helpers.ts';

/** What the staff console (/staff) calls, through the real staff sign-in and roles. */
describe.each(backends)('staff console API over $name', (backend) => {
  const ADMIN = { email: 'admin@console.example', password: 'admin-password-1' };
  const AGENT = { email: 'agent@console.example', password: 'agent-password-1' };
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let agent: Record<string, string>;

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  const createTicket = (auth: Record<string, string>, project: string, title: string) => createTicketAs(app, auth, project, title);

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp(
      { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, JOB_POLL_INTERVAL_MS: '3600000' },
      { database: testDb.database },
    );
    await app.ready();
    await app.staff.service.createAccount(AGENT.email, AGENT.password, 'support');
    admin = await staffHeaders(app, ADMIN.email, ADMIN.password);
    agent = await staffHeaders(app, AGENT.email, AGENT.password);
  });
  afterAll(async () => {
    await app?.close();
    const pool = (testDb?.database.db as unknown as { $client?: { on?: (event: string, listener: () => void) => void } } | undefined)
      ?.$client;
    pool?.on?.('error', () => undefined);
    await testDb?.drop();
  });

  describe.skipIf(backend.skip)('roles', () => {
    it('answers who is signed in, with the role; no or a player token is 401', async () => {
      const me = await get('/api/staff/me', agent);
      expect(me.statusCode).toBe(200);
      expect(ZStaffMe.parse(me.json().data)).toMatchObject({ email: AGENT.email, role: 'support' });
      expect(ZStaffMe.parse((await get('/api/staff/me', admin)).json().data).role).toBe('admin');
      expect((await get('/api/staff/me')).statusCode).toBe(401);
      const player = await makePlayer(app);
      const asPlayer = await get('/api/staff/me', player.auth);
      expect(asPlayer.statusCode).toBe(401);
      expect(asPlayer.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('lists project names to any staff role; project settings and keys are admin only (403 for support)', async () => {
      const names = (await get('/api/staff/projects', agent)).json().data.map((row: unknown) => ZStaffProjectName.parse(row).name);
      expect(names).toEqual(expect.arrayContaining(['familytown', 'neuroarena', 'islandm3']));

      const forbidden = await get('/api/staff/projects/familytown', agent);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect((await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: agent })).statusCode).toBe(403);
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: '/api/staff/projects/familytown/webhook',
            headers: agent,
            payload: { url: 'https://game.example/hook' },
          })
        ).statusCode,
      ).toBe(403);

      const before = ZStaffProjectSettings.parse((await get('/api/staff/projects/islandm3', admin)).json().data);
      expect(before).toEqual({ name: 'islandm3', webhookUrl: null, activeApiKeys: 0, defaultKeyMode: 'test' });
      const key = await app.inject({ method: 'POST', url: '/api/staff/projects/islandm3/api-keys', headers: admin });
      expect(key.statusCode).toBe(201);
      const hook = await app.inject({
        method: 'PUT',
        url: '/api/staff/projects/islandm3/webhook',
        headers: admin,
        payload: { url: 'https://game.example/hook' },
      });
      expect(hook.statusCode).toBe(200);
      const after = (await get('/api/staff/projects/islandm3', admin)).json().data;
      // The page learns that a key and a hook exist, never the key or the secret again.
      expect(after).toEqual({ name: 'islandm3', webhookUrl: 'https://game.example/hook', activeApiKeys: 1, defaultKeyMode: 'test' });
      expect(JSON.stringify(after)).not.toContain(key.json().key);
      expect(JSON.stringify(after)).not.toContain(hook.json().secret);

      expect((await get('/api/staff/projects/nosuchgame', admin)).statusCode).toBe(404);
      expect((await get('/api/staff/projects/' + 'x'.repeat(300), admin)).statusCode).toBe(400);
    });
  });

  describe.skipIf(backend.skip)('staff accounts', () => {
    it('admins add staff members who then sign in with their role; support may not, a taken e-mail is 409', async () => {
      const body = { email: 'New.Agent@Console.example', password: 'new-agent-password', role: 'support' };
      expect((await app.inject({ method: 'POST', url: '/api/staff/accounts', headers: agent, payload: body })).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: '/api/staff/accounts', payload: body })).statusCode).toBe(401);
      const created = await app.inject({ method: 'POST', url: '/api/staff/accounts', headers: admin, payload: body });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ email: 'new.agent@console.example', role: 'support' });
      expect(JSON.stringify(created.json())).not.toContain('new-agent-password');
      const again = await app.inject({ method: 'POST', url: '/api/staff/accounts', headers: admin, payload: body });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'STAFF_EXISTS' });
      const newcomer = await staffHeaders(app, 'new.agent@console.example', 'new-agent-password');
      expect((await get('/api/staff/me', newcomer)).json().data.role).toBe('support');
      for (const payload of [
        { ...body, email: 'x@y.z', role: 'owner' },
        { ...body, email: 'other@console.example', password: 'short' },
        { ...body, email: 'not an email' },
      ]) {
        expect((await app.inject({ method: 'POST', url: '/api/staff/accounts', headers: admin, payload })).statusCode).toBe(400);
      }
    });
  });

  describe.skipIf(backend.skip)('inbox', () => {
    it('support staff list by project, unread first, and see the sign-in type, payments, acknowledgement; reply, close, reopen', async () => {
      const player = await makePlayer(app, 'Inboxer');
      const older = await createTicket(player.auth, 'neuroarena', 'Older question');
      const newer = await createTicket(player.auth, 'neuroarena', 'Newer question');
      const other = await createTicket(player.auth, 'familytown', 'Other project');

      // Reading the older one first leaves only the newer one unread.
      const opened = await get(`/api/staff/tickets/${older}`, agent);
      expect(opened.statusCode).toBe(200);
      const ticket = ZStaffTicket.parse(opened.json().data);
      expect(ticket.player).toMatchObject({ kind: 'user', id: player.id, nickName: 'Inboxer', currentAuthType: 'email' });
      expect(ticket.messages[0]).toMatchObject({ author: 'user', isUserMsg: true });
      expect(ticket.messages.some((message) => message.isAutomated && message.text === TICKET_ACKNOWLEDGEMENT_TEXT)).toBe(true);

      const list = (await get('/api/staff/tickets?status=open&project=neuroarena', agent))
        .json()
        .data.map((row: unknown) => ZStaffTicketListItem.parse(row));
      expect(list.map((row: { id: string }) => row.id)).toEqual([newer, older]);
      expect(list.every((row: { project: string }) => row.project === 'neuroarena')).toBe(true);
      expect(list[0]).toMatchObject({ title: 'Newer question', player: { kind: 'user', id: player.id } });
      expect(list[0].unreadMessageCount).toBeGreaterThan(0);
      expect(list[1].unreadMessageCount).toBe(0);
      const familytown = (await get('/api/staff/tickets?project=familytown', agent)).json().data;
      expect(familytown.map((row: { id: string }) => row.id)).toContain(other);
      expect(familytown.map((row: { id: string }) => row.id)).not.toContain(older);

      const payments = await get(`/api/staff/payments?userId=${player.id}`, agent);
      expect(payments.statusCode).toBe(200);
      expect(payments.json()).toEqual([]);

      const form = new FormData();
      form.append('data', JSON.stringify({ text: '<p><strong>Sent</strong> again</p>' }));
      const body = new Request('http://localhost/', { method: 'POST', body: form });
      const reply = await app.inject({
        method: 'POST',
        url: `/api/staff/tickets/${older}/messages`,
        payload: Buffer.from(await body.arrayBuffer()),
        headers: { ...agent, 'content-type': body.headers.get('content-type')! },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().data).toMatchObject({ author: 'staff', isUserMsg: false, text: '<p><strong>Sent</strong> again</p>' });

      expect((await app.inject({ method: 'POST', url: `/api/staff/tickets/${older}/close`, headers: agent })).json().data).toEqual({
        id: older,
        status: 'closed',
      });
      const closed = (await get('/api/staff/tickets?status=closed', agent)).json().data.map((row: { id: string }) => row.id);
      expect(closed).toContain(older);
      const reopened = await app.inject({ method: 'POST', url: `/api/staff/tickets/${older}/reopen`, headers: agent });
      expect(reopened.json().data).toEqual({ id: older, status: 'open' });

      expect((await get('/api/staff/tickets', player.auth)).statusCode).toBe(401);
      expect((await get('/api/staff/tickets?status=nope', agent)).statusCode).toBe(400);
    });
  });
});
