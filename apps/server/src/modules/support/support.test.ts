import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMAGE_MAX_BYTES } from '@portal/contracts/validation';
import { TICKET_CLOSED_MESSAGE, ZStaffTicket, ZSupportEvent, ZTicket, type TSupportEvent } from '@portal/contracts/support';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { tickets } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { XSS_VECTORS } from '../../integrations/sanitize/xss-vectors.ts';
import { ftypHeader, pngHeader } from '../../integrations/uploads/test-files.ts';
import type { StaffAuth } from '../../lib/staff-auth.ts';

/** Staff stand-in (the staff module's own is tested there): `Bearer staff:<id>`. */
export const fakeStaffAuth: StaffAuth = {
  requireStaff: () => async (request: FastifyRequest) => {
    const match = /^Bearer staff:(\w+)$/.exec(request.headers.authorization ?? '');
    if (!match) throw new AppError('UNAUTHORIZED', 401, 'Staff sign-in required');
  },
  staffId: (request) => /^Bearer staff:(\w+)$/.exec(request.headers.authorization ?? '')![1]!,
  isStaff: async (request) => /^Bearer staff:\w+$/.test(request.headers.authorization ?? ''),
};
const STAFF = { authorization: 'Bearer staff:agent1' };

type Who = Record<string, string>;
type FilePart = { field: string; name: string; type: string; bytes: Buffer };

async function multipartBody(data: unknown, files: FilePart[] = []) {
  const form = new FormData();
  if (data !== undefined) form.append('data', typeof data === 'string' ? data : JSON.stringify(data));
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

const png = (size = 5000): FilePart => ({
  field: 'image',
  name: 'a.png',
  type: 'image/png',
  bytes: Buffer.concat([pngHeader(), Buffer.alloc(size)]),
});
const mp4 = (size = 9000): FilePart => ({
  field: 'video',
  name: 'b.mp4',
  type: 'video/mp4',
  bytes: Buffer.concat([ftypHeader('isom'), Buffer.alloc(size)]),
});

describe.each(backends)('support over $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let uploadsDir: string;

  const guest = (): Who => ({ 'temp-user-id': crypto.randomUUID() });
  const player = async (tempUserId?: string): Promise<Who & { userId: string }> => {
    const result = await app.accounts.service.signInWithIdentity('google', 'google', { providerUserId: crypto.randomUUID() }, tempUserId);
    return { authorization: `Bearer ${result.jwt}`, userId: result.userId };
  };
  const headersOf = (who: Who) => Object.fromEntries(Object.entries(who).filter(([key]) => key !== 'userId'));
  const get = (url: string, who: Who = {}) => app.inject({ method: 'GET', url, headers: headersOf(who) });
  const postForm = async (url: string, who: Who, data: unknown, files: FilePart[] = [], extra: Record<string, string> = {}) => {
    const body = await multipartBody(data, files);
    return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headersOf(who), ...body.headers, ...extra } });
  };
  const create = async (who: Who, data: unknown = { title: 'Help', text: '<p>It broke</p>' }, files: FilePart[] = []) => {
    const res = await postForm('/api/support/create-ticket', who, data, files, { project: 'neuroarena' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { id: string } }>().data.id;
  };
  const ticketOf = async (who: Who, id: string) => ZTicket.parse((await get(`/api/support/get-ticket?id=${id}`, who)).json().data);
  const unread = async (who: Who) => (await get('/api/support/get-support-unread-message-count', who)).json().data.count as number;
  const storedFiles = async () => (await readdir(uploadsDir).catch(() => [])).filter((name) => name !== '.tmp');
  const ticketCount = async () => (await testDb.database.db.select({ id: tickets.id }).from(tickets)).length;

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp({}, { database: testDb.database, supportStaffAuth: fakeStaffAuth });
    uploadsDir = path.join(app.config.DATA_DIR, 'uploads');
  });
  afterAll(async () => {
    await app?.close();
    // pg-pool's end() resolves before its idle clients have disconnected, and the forced
    // drop then kills them: without a listener that error would be uncaught.
    const pool = (testDb?.database.db as unknown as { $client?: { on?: (event: string, listener: () => void) => void } } | undefined)
      ?.$client;
    pool?.on?.('error', () => undefined);
    await testDb?.drop();
  });

  describe.skipIf(backend.skip)('player API', () => {
    it('refuses a request with neither token nor guest id', async () => {
      for (const url of ['/api/support/get-tickets', '/api/support/get-support-unread-message-count']) {
        expect((await get(url)).statusCode).toBe(401);
      }
      expect((await postForm('/api/support/create-ticket', {}, { title: 'x', text: 'y' })).statusCode).toBe(401);
    });

    it('creates a ticket with an image and a video, with the automated acknowledgement', async () => {
      const who = guest();
      const id = await create(who, { title: '', text: '<p>See <b>this</b></p>' }, [png(), mp4()]);
      const ticket = await ticketOf(who, id);
      expect(ticket.title).toBe('Support request neuroarena');
      expect(ticket.status).toBe('open');
      expect(ticket.messages).toHaveLength(2);
      const [mine, ack] = ticket.messages;
      expect(mine).toMatchObject({ isUserMsg: true, isAutomated: false, author: 'user', text: '<p>See <b>this</b></p>' });
      expect(ack).toMatchObject({ isUserMsg: false, isAutomated: true, author: 'system' });
      expect(mine!.image?.path).toMatch(/^\/api\/support\/files\/[0-9a-f]{32}\.png\?t=/);
      expect(mine!.video?.path).toMatch(/^\/api\/support\/files\/[0-9a-f]{32}\.mp4\?t=/);

      // The signed link works without headers (an <img> sends none), with the detected type.
      const image = await get(mine!.image!.path);
      expect(image.statusCode).toBe(200);
      expect(image.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
      expect(image.headers['content-disposition']).toMatch(/^inline/);
      expect(image.rawPayload.subarray(0, 8)).toEqual(pngHeader().subarray(0, 8));
      // Range for video players.
      const bare = mine!.video!.path.split('?')[0]!;
      const part = await app.inject({ url: bare, headers: { ...who, range: 'bytes=4-11' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toMatch(/^bytes 4-11\/\d+$/);
      expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
      expect((await app.inject({ url: bare, headers: { ...who, range: 'bytes=999999-' } })).statusCode).toBe(416);
      // Without the link: the owner and staff may, others get 404.
      expect((await get(bare, who)).statusCode).toBe(200);
      expect((await get(bare, STAFF)).statusCode).toBe(200);
      expect((await get(bare, guest())).statusCode).toBe(404);
      expect((await get(bare, await player())).statusCode).toBe(404);
      expect((await get(`${bare}?t=123.${'a'.repeat(43)}`)).statusCode).toBe(404);
      // A forged or another file's token opens nothing.
      const imageToken = mine!.image!.path.split('?t=')[1]!;
      expect((await get(`${bare}?t=${imageToken}`)).statusCode).toBe(404);
      const [expiry, mac] = imageToken.split('.') as [string, string];
      expect((await get(`${mine!.image!.path.split('?')[0]}?t=${Number(expiry) + 600_000}.${mac}`)).statusCode).toBe(404);
      expect((await get(`${mine!.image!.path.split('?')[0]}?t=${expiry}.${mac.slice(1)}A`)).statusCode).toBe(404);
      // Staff get links of their own, as headerless as the player's.
      const staffView = ZStaffTicket.parse((await get(`/api/staff/tickets/${id}`, STAFF)).json().data);
      const staffLink = staffView.messages[0]!.image!.path;
      expect(staffLink).not.toBe(mine!.image!.path);
      expect((await get(staffLink)).statusCode).toBe(200);
      // Links are short-lived: 10-minute windows, gone after at most 20 minutes.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 21 * 60_000 });
      try {
        expect((await get(mine!.image!.path)).statusCode).toBe(404);
        expect((await get(staffLink)).statusCode).toBe(404);
        // The refetched ticket hands out a fresh link.
        const fresh = (await ticketOf(who, id)).messages[0]!.image!.path;
        expect(fresh).not.toBe(mine!.image!.path);
        expect((await get(fresh)).statusCode).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });

    it('refuses oversize (413) and mislabelled (415) files, leaving no file and no ticket', async () => {
      const who = guest();
      const before = { files: await storedFiles(), tickets: await ticketCount() };
      const big = await postForm(
        '/api/support/create-ticket',
        who,
        { title: 't', text: 'x' },
        [png(), { ...png(IMAGE_MAX_BYTES), field: 'image' }].slice(1),
      );
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ code: 'FILE_TOO_LARGE', message: 'support.errorMessageSize' });
      // A good image first, then a PNG sent as video: the stored image is removed too.
      const fake = await postForm('/api/support/create-ticket', who, { title: 't', text: 'x' }, [
        png(),
        { field: 'video', name: 'clip.mp4', type: 'video/mp4', bytes: Buffer.concat([pngHeader(), Buffer.alloc(20_000)]) },
      ]);
      expect(fake.statusCode).toBe(415);
      expect(fake.json()).toEqual({ code: 'UNSUPPORTED_FILE_TYPE', message: 'support.unsupportedVideo' });
      const text = await postForm('/api/support/create-ticket', who, { text: 'x' }, [
        { field: 'image', name: 'a.png', type: 'image/png', bytes: Buffer.from('not an image at all'.repeat(100)) },
      ]);
      expect(text.statusCode).toBe(415);
      expect(await storedFiles()).toEqual(before.files);
      expect(await ticketCount()).toBe(before.tickets);
      expect((await get('/api/support/get-tickets', who)).json().data).toEqual([]);
    });

    it('answers 4xx to broken multipart and bad data, storing nothing', async () => {
      const who = guest();
      const before = { files: await storedFiles(), tickets: await ticketCount() };
      const body = await multipartBody({ title: 't', text: 'x' }, [png(200_000)]);
      const cut = await app.inject({
        method: 'POST',
        url: '/api/support/create-ticket',
        headers: { ...who, ...body.headers },
        payload: body.payload.subarray(0, 100_000),
      });
      expect(cut.statusCode).toBeGreaterThanOrEqual(400);
      expect(cut.statusCode).toBeLessThan(500);
      for (const data of ['{not json', undefined, { title: 5 }]) {
        const res = await postForm('/api/support/create-ticket', who, data, [png()]);
        expect(res.statusCode, JSON.stringify(data)).toBe(400);
      }
      const json = await app.inject({ method: 'POST', url: '/api/support/create-ticket', headers: who, payload: { data: {} } });
      expect(json.statusCode).toBe(415);
      const extra = await postForm('/api/support/create-ticket', who, { text: 'x' }, [{ ...png(), field: 'other' }]);
      expect(extra.statusCode).toBe(400);
      expect(await storedFiles()).toEqual(before.files);
      expect(await ticketCount()).toBe(before.tickets);
    });

    it('refuses an empty description without a file, accepts a file alone', async () => {
      const who = guest();
      for (const text of ['', '<p><br></p>', '<script>alert(1)</script>', '<p>&nbsp; </p>']) {
        const res = await postForm('/api/support/create-ticket', who, { title: 't', text });
        expect(res.statusCode, text).toBe(400);
        expect(res.json()).toEqual({ code: 'DESCRIPTION_EMPTY', message: 'support.descriptionEmptyWarning' });
      }
      const id = await create(who, { title: 'pic' }, [png()]);
      expect((await ticketOf(who, id)).messages[0]).toMatchObject({ text: '', image: { path: expect.any(String) } });
    });

    it('sanitizes script and event-handler markup away (OWASP vectors)', async () => {
      const who = guest();
      const id = await create(who, {
        title: 'xss',
        text: '<p onclick="x()">hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">l</a></p>',
      });
      const ticketId = id;
      let sent = 0;
      for (const vector of XSS_VECTORS) {
        const res = await postForm('/api/support/send-message', who, { ticketId, text: `<p>v</p>${vector.html}` });
        expect([200, 400], vector.name).toContain(res.statusCode);
        if (res.statusCode === 200) sent++;
      }
      expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
      const ticket = await ticketOf(who, id);
      expect(ticket.messages.length).toBe(2 + sent);
      expect(ticket.messages[0]!.text).toBe('<p>hi<a>l</a></p>');
      const allowed = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'a', 'pre', 'code']);
      for (const message of ticket.messages) {
        // Every tag left is on the editor's allowlist, with no attribute but a safe link.
        for (const [, name, attributes] of message.text.matchAll(/<\/?([a-z0-9]+)([^>]*)>/gi)) {
          expect(allowed.has(name!.toLowerCase()), message.text).toBe(true);
          for (const [, attribute, value] of attributes!.replace(/\s*\/$/, '').matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) {
            expect(['href', 'rel', 'target'], message.text).toContain(attribute);
            if (attribute === 'href') expect(value, message.text).toMatch(/^(https?:\/\/|mailto:)/i);
          }
        }
      }
    });

    it("answers 404 for another player's ticket and for a guest's ticket asked by another guest", async () => {
      const owner = await player();
      const id = await create(owner);
      for (const other of [await player(), guest()]) {
        expect((await get(`/api/support/get-ticket?id=${id}`, other)).statusCode).toBe(404);
        const send = await postForm('/api/support/send-message', other, { ticketId: id, text: 'hi' }, [png()]);
        expect(send.statusCode).toBe(404);
      }
      expect((await get(`/api/support/get-ticket?id=${crypto.randomUUID()}`, owner)).statusCode).toBe(404);
      expect((await get('/api/support/get-ticket?id=nope', owner)).statusCode).toBe(400);
    });

    it('keeps guest tickets by Temp-User-Id and merges them into the player', async () => {
      const who = guest();
      const first = await create(who, { title: 'one', text: 'a' });
      const second = await create(who, { title: 'two', text: 'b' }, [png()]);
      const guestLink = (await ticketOf(who, second)).messages[0]!.image!.path;
      expect((await get(guestLink)).statusCode).toBe(200);
      const listed = (await get('/api/support/get-tickets', who)).json().data as { id: string; title: string }[];
      expect(listed.map((t) => t.id)).toEqual([second, first]);
      const signedIn = await player();
      expect((await get('/api/support/get-tickets', signedIn)).json().data).toEqual([]);
      expect((await app.inject({ method: 'POST', url: '/api/support/merge-user-id', headers: who })).statusCode).toBe(401);
      const merged = await app.inject({ method: 'POST', url: '/api/support/merge-user-id', headers: { ...headersOf(signedIn), ...who } });
      expect(merged.json()).toEqual({ data: { result: true } });
      const mine = (await get('/api/support/get-tickets', signedIn)).json().data as { id: string }[];
      expect(mine.map((t) => t.id)).toEqual([second, first]);
      expect((await get('/api/support/get-tickets', who)).json().data).toEqual([]);
      expect((await get(`/api/support/get-ticket?id=${first}`, who)).statusCode).toBe(404);
      // The guest's links were bound to the guest: the merged ticket's player gets new ones.
      expect((await get(guestLink)).statusCode).toBe(404);
      expect((await get((await ticketOf(signedIn, second)).messages[0]!.image!.path)).statusCode).toBe(200);
      // A guest id recorded at sign-in (anonymous_merges) is merged as well.
      const later = guest();
      const third = await create(later, { title: 'three', text: 'c' });
      await app.accounts.service.users.recordMerge(later['temp-user-id']!, signedIn.userId);
      await app.inject({ method: 'POST', url: '/api/support/merge-user-id', headers: headersOf(signedIn) });
      expect(((await get('/api/support/get-tickets', signedIn)).json().data as { id: string }[])[0]!.id).toBe(third);
    });

    it('staff replies, unread counts on both sides, close answers TICKET_CLOSED, reopen', async () => {
      const who = await player();
      const id = await create(who);
      expect(await unread(who)).toBe(0);
      const inbox = (await get('/api/staff/tickets?status=open', STAFF)).json().data as { id: string; unreadMessageCount: number }[];
      expect(inbox.find((t) => t.id === id)?.unreadMessageCount).toBe(1);
      expect(inbox[0]!.unreadMessageCount).toBeGreaterThan(0);

      const view = ZStaffTicket.parse((await get(`/api/staff/tickets/${id}`, STAFF)).json().data);
      expect(view.player).toMatchObject({ kind: 'user', id: who.userId, currentAuthType: 'google' });
      expect(view.recentPayments).toEqual(expect.any(Array));
      expect(view.project).toBe('neuroarena');
      const after = (await get('/api/staff/tickets?status=open&project=neuroarena', STAFF)).json().data as {
        id: string;
        unreadMessageCount: number;
      }[];
      expect(after.find((t) => t.id === id)?.unreadMessageCount).toBe(0);

      const reply = await postForm(`/api/staff/tickets/${id}/messages`, STAFF, { text: '<p>Fixed <u>now</u></p><script>x</script>' }, [
        png(),
      ]);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(await unread(who)).toBe(1);
      expect(
        ((await get('/api/support/get-tickets', who)).json().data as { id: string; unreadMessageCount: number }[]).find((t) => t.id === id)
          ?.unreadMessageCount,
      ).toBe(1);
      const seen = await ticketOf(who, id);
      expect(seen.messages.at(-1)).toMatchObject({
        author: 'staff',
        isUserMsg: false,
        isAutomated: false,
        text: '<p>Fixed <u>now</u></p>',
      });
      expect(await unread(who)).toBe(0);
      // The staff's attachment is served to the player too.
      expect((await get(seen.messages.at(-1)!.image!.path.split('?')[0]!, who)).statusCode).toBe(200);

      await postForm('/api/support/send-message', who, { ticketId: id, text: 'thanks' });
      expect(
        ((await get('/api/staff/tickets', STAFF)).json().data as { id: string; unreadMessageCount: number }[]).find((t) => t.id === id)
          ?.unreadMessageCount,
      ).toBe(1);

      expect((await app.inject({ method: 'POST', url: `/api/staff/tickets/${id}/close`, headers: STAFF })).json()).toEqual({
        data: { id, status: 'closed' },
      });
      const before = await storedFiles();
      const closed = await postForm('/api/support/send-message', who, { ticketId: id, text: 'more' }, [png()]);
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toEqual({ code: 'TICKET_CLOSED', message: TICKET_CLOSED_MESSAGE });
      expect(await storedFiles()).toEqual(before);
      expect((await ticketOf(who, id)).status).toBe('closed');
      expect(((await get('/api/staff/tickets?status=closed', STAFF)).json().data as { id: string }[]).map((t) => t.id)).toContain(id);
      await app.inject({ method: 'POST', url: `/api/staff/tickets/${id}/reopen`, headers: STAFF });
      expect((await postForm('/api/support/send-message', who, { ticketId: id, text: 'again' })).statusCode).toBe(200);
    });

    it('refuses the staff routes without staff credentials', async () => {
      const who = await player();
      for (const headers of [{}, headersOf(who)]) {
        expect((await app.inject({ url: '/api/staff/tickets', headers })).statusCode).toBe(401);
      }
    });
  });

  describe.skipIf(backend.skip)('live updates', () => {
    it('delivers a staff reply to the player over SSE, and new messages to staff', async () => {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const who = await player();
      const id = await create(who);
      const controller = new AbortController();
      const open = async (url: string, headers: Record<string, string>) => {
        const res = await fetch(`${address}${url}`, { headers, signal: controller.signal });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/event-stream');
        const events: TSupportEvent[] = [];
        const waiters: (() => void)[] = [];
        void (async () => {
          const decoder = new TextDecoder();
          let buffer = '';
          for await (const chunk of res.body!) {
            buffer += decoder.decode(chunk as Uint8Array, { stream: true });
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const line = block.split('\n').find((l) => l.startsWith('data: '));
              if (line) events.push(ZSupportEvent.parse(JSON.parse(line.slice(6))));
              for (const wake of waiters.splice(0)) wake();
            }
          }
        })().catch(() => undefined);
        const next = async (type: TSupportEvent['type'], predicate: (e: TSupportEvent) => boolean = () => true) => {
          for (;;) {
            const index = events.findIndex((e) => e.type === type && predicate(e));
            if (index >= 0) return events.splice(index, 1)[0]!;
            await new Promise<void>((resolve, reject) => {
              waiters.push(resolve);
              setTimeout(() => reject(new Error(`no ${type} event`)), 5000).unref();
            });
          }
        };
        return next;
      };
      try {
        const token = who.authorization!.slice('Bearer '.length);
        const playerEvents = await open(`/api/support/events?jwt=${token}`, {});
        const staffEvents = await open('/api/staff/support/events', STAFF);
        await playerEvents('ready');
        await staffEvents('ready');
        await postForm('/api/support/send-message', who, { ticketId: id, text: '<p>hello staff</p>' });
        const toStaff = await staffEvents('message');
        expect(toStaff).toMatchObject({ ticketId: id, message: { text: '<p>hello staff</p>', author: 'user' } });

        await postForm(`/api/staff/tickets/${id}/messages`, STAFF, { text: '<p>hello player</p>' });
        const toPlayer = await playerEvents('message', (e) => e.type === 'message' && e.message.author === 'staff');
        expect(toPlayer).toMatchObject({ ticketId: id, message: { text: '<p>hello player</p>', isUserMsg: false } });
        expect(await playerEvents('unreadCount', (e) => e.type === 'unreadCount' && e.count === 1)).toBeTruthy();

        await app.inject({ method: 'POST', url: `/api/staff/tickets/${id}/close`, headers: STAFF });
        expect(await playerEvents('ticketStatus')).toEqual({ type: 'ticketStatus', ticketId: id, status: 'closed' });

        // Another player's stream hears nothing of this ticket; a stream needs a player.
        expect((await fetch(`${address}/api/support/events`)).status).toBe(401);
      } finally {
        controller.abort();
      }
    });
  });
});

describe('support staff routes behind the staff module', () => {
  it('admits a signed-in staff member and refuses a player token', async () => {
    const app = await buildTestApp({ ADMIN_EMAIL: 'admin@portal.test', ADMIN_PASSWORD: 'Admin12345' });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { email: 'admin@portal.test', password: 'Admin12345' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const body = login.json<{ token?: string; data?: { token: string } }>();
      const token = body.data?.token ?? body.token;
      const staff = { authorization: `Bearer ${token}` };
      const guestId = { 'temp-user-id': crypto.randomUUID() };
      const form = await multipartBody({ title: 'real staff', text: 'hi' });
      const created = await app.inject({
        method: 'POST',
        url: '/api/support/create-ticket',
        payload: form.payload,
        headers: { ...guestId, ...form.headers },
      });
      const id = created.json<{ data: { id: string } }>().data.id;
      const list = await app.inject({ url: '/api/staff/tickets?status=open', headers: staff });
      expect(list.statusCode).toBe(200);
      expect((list.json().data as { id: string }[]).map((t) => t.id)).toContain(id);
      const reply = await multipartBody({ text: 'answer' });
      const replied = await app.inject({
        method: 'POST',
        url: `/api/staff/tickets/${id}/messages`,
        payload: reply.payload,
        headers: { ...staff, ...reply.headers },
      });
      expect(replied.statusCode, replied.body).toBe(200);
      const view = await app.inject({ url: `/api/staff/tickets/${id}`, headers: staff });
      expect(view.json().data.messages.at(-1)).toMatchObject({ author: 'staff', text: 'answer' });
      expect(view.json().data.player).toMatchObject({ kind: 'guest', id: guestId['temp-user-id'], currentAuthType: 'guest' });
      const player = await app.accounts.service.signInWithIdentity('google', 'google', { providerUserId: crypto.randomUUID() });
      expect((await app.inject({ url: '/api/staff/tickets', headers: { authorization: `Bearer ${player.jwt}` } })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
