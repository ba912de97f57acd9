import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { tickets, uploadLedger } from '../../db/schema.ts';
import { pngHeader } from '../../integrations/uploads/test-files.ts';
import { AppError } from '../../lib/app-error.ts';
import type { StaffAuth } from '../../lib/staff-auth.ts';
import { createUploadQuota } from './upload-quota.ts';

/** Staff stand-in: `Bearer staff:<id>`. */
const fakeStaffAuth: StaffAuth = {
  requireStaff: () => async (request) => {
    if (!/^Bearer staff:\w+$/.test(request.headers.authorization ?? '')) throw new AppError('UNAUTHORIZED', 401, 'Staff sign-in required');
  },
  staffId: (request) => /^Bearer staff:(\w+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '',
  isStaff: async (request) => /^Bearer staff:\w+$/.test(request.headers.authorization ?? ''),
};

const OWNER_BYTES_DAY = 8000;
const IP_BYTES_DAY = 12_000;
const GIB = 1024 ** 3;
const DAY_MS = 24 * 60 * 60 * 1000;

type FilePart = { field: string; name: string; type: string; bytes: Buffer };
/** A PNG of exactly `total` bytes. */
const png = (total = 5000): FilePart => ({
  field: 'image',
  name: 'a.png',
  type: 'image/png',
  bytes: Buffer.concat([pngHeader(), Buffer.alloc(total - pngHeader().length)]),
});

async function multipartBody(data: unknown, files: FilePart[] = []) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

describe.each(backends)('support limits over $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let uploadsDir: string;
  /** What the data volume reports free; the watermark tests lower it. */
  let freeBytes = 100 * GIB;

  const guest = () => crypto.randomUUID();
  const create = async (guestId: string, address: string, files: FilePart[] = []) => {
    const body = await multipartBody({ title: 'Help', text: '<p>It broke</p>' }, files);
    return app.inject({
      method: 'POST',
      url: '/api/support/create-ticket',
      remoteAddress: address,
      payload: body.payload,
      headers: { 'temp-user-id': guestId, project: 'neuroarena', ...body.headers },
    });
  };
  const storedFiles = async () => (await readdir(uploadsDir).catch(() => [])).filter((name) => name !== '.tmp');
  const ticketsOf = async (guestId: string) =>
    (await testDb.database.db.select().from(tickets).where(eq(tickets.ownerTempUserId, guestId))).length;
  const ledgerOf = async (guestId: string) =>
    testDb.database.db
      .select()
      .from(uploadLedger)
      .where(eq(uploadLedger.ownerKey, `guest:${guestId}`));

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp(
      {
        UPLOAD_OWNER_BYTES_DAY: String(OWNER_BYTES_DAY),
        UPLOAD_IP_BYTES_DAY: String(IP_BYTES_DAY),
        UPLOAD_MIN_FREE_BYTES: String(GIB),
        SSE_MAX_PER_CLIENT: '2',
      },
      { database: testDb.database, supportStaffAuth: fakeStaffAuth, freeDiskBytes: async () => freeBytes },
    );
    uploadsDir = path.join(app.config.DATA_DIR, 'uploads');
  });
  afterAll(async () => {
    await app?.close();
    const pool = (testDb?.database.db as unknown as { $client?: { on?: (event: string, listener: () => void) => void } } | undefined)
      ?.$client;
    pool?.on?.('error', () => undefined);
    await testDb?.drop();
  });

  describe.skipIf(backend.skip)('uploads', () => {
    it("refuses an upload past the owner's daily bytes with 429 and stores nothing of it", async () => {
      const id = guest();
      expect((await create(id, '10.1.0.1', [png(5000)])).statusCode).toBe(200);
      expect((await ledgerOf(id)).map((row) => [row.bytes, row.address])).toEqual([[5000, '10.1.0.1']]);
      const files = await storedFiles();

      const over = await create(id, '10.1.0.1', [png(5000)]);
      expect(over.statusCode, over.body).toBe(429);
      expect(over.json()).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED' });
      // Room comes back when the first upload leaves the 24-hour window.
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(DAY_MS / 1000 - 120);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(DAY_MS / 1000);
      // No ticket, no file, no counted bytes of the refused upload.
      expect(await ticketsOf(id)).toBe(1);
      expect((await storedFiles()).sort()).toEqual(files.sort());
      expect(await ledgerOf(id)).toHaveLength(1);

      // What is left of the allowance still takes a smaller file, and another guest is not affected.
      expect((await create(id, '10.1.0.1', [png(2000)])).statusCode).toBe(200);
      expect((await create(guest(), '10.1.0.1', [png(5000)])).statusCode).toBe(200);
    });

    it('refuses a spent allowance before reading the file, yet a message without files still goes', async () => {
      const id = guest();
      await testDb.database.db.insert(uploadLedger).values({ ownerKey: `guest:${id}`, address: '10.2.0.1', bytes: OWNER_BYTES_DAY });
      const refused = await create(id, '10.2.0.9', [png(1000)]);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('UPLOAD_QUOTA_EXCEEDED');
      expect(await ticketsOf(id)).toBe(0);
      expect((await create(id, '10.2.0.9')).statusCode).toBe(200);
    });

    it('counts only the last 24 hours', async () => {
      const id = guest();
      const old = new Date(Date.now() - DAY_MS - 60_000);
      await testDb.database.db
        .insert(uploadLedger)
        .values({ ownerKey: `guest:${id}`, address: '10.3.0.1', bytes: 10 * OWNER_BYTES_DAY, createdAt: old });
      expect((await create(id, '10.3.0.1', [png(5000)])).statusCode).toBe(200);
    });

    it("refuses an upload past the address's daily bytes, whichever guest sends it", async () => {
      expect((await create(guest(), '10.4.0.1', [png(5000)])).statusCode).toBe(200);
      expect((await create(guest(), '10.4.0.1', [png(5000)])).statusCode).toBe(200);
      const id = guest();
      const over = await create(id, '10.4.0.1', [png(5000)]);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED' });
      expect(over.headers['retry-after']).toBeDefined();
      expect(await ticketsOf(id)).toBe(0);
      expect(await ledgerOf(id)).toHaveLength(0);
      // The same guest from another address is within both allowances.
      expect((await create(id, '10.4.0.2', [png(5000)])).statusCode).toBe(200);
    });

    it('stops uploads with 503 STORAGE_FULL while the data volume is nearly full', async () => {
      const id = guest();
      const files = await storedFiles();
      freeBytes = GIB - 1;
      try {
        const full = await create(id, '10.5.0.1', [png(5000)]);
        expect(full.statusCode).toBe(503);
        expect(full.json()).toMatchObject({ code: 'STORAGE_FULL' });
        expect(full.headers['retry-after']).toBe('600');
        expect(await ticketsOf(id)).toBe(0);
        expect(await storedFiles()).toEqual(files);
        expect(await ledgerOf(id)).toHaveLength(0);
        // A ticket without files still goes; staff replies with files stop too.
        const ticketId = (await create(id, '10.5.0.1')).json().data.id as string;
        const reply = await multipartBody({ text: '<p>Hi</p>' }, [png(2000)]);
        const staff = await app.inject({
          method: 'POST',
          url: `/api/staff/tickets/${ticketId}/messages`,
          payload: reply.payload,
          headers: { authorization: 'Bearer staff:agent1', ...reply.headers },
        });
        expect(staff.statusCode).toBe(503);
        expect(staff.json().code).toBe('STORAGE_FULL');
      } finally {
        freeBytes = 100 * GIB;
      }
      expect((await create(id, '10.5.0.1', [png(5000)])).statusCode).toBe(200);
    });

    it('prunes ledger rows older than two days', async () => {
      const id = guest();
      const quota = createUploadQuota(testDb.database.db, {
        ownerBytesDay: 1,
        addressBytesDay: 1,
        minFreeBytes: 0,
        dataDir: app.config.DATA_DIR,
      });
      await testDb.database.db.insert(uploadLedger).values([
        { ownerKey: `guest:${id}`, address: '10.6.0.1', bytes: 1, createdAt: new Date(Date.now() - 2 * DAY_MS - 60_000) },
        { ownerKey: `guest:${id}`, address: '10.6.0.1', bytes: 2, createdAt: new Date(Date.now() - DAY_MS - 60_000) },
      ]);
      await quota.sweep();
      expect((await ledgerOf(id)).map((row) => row.bytes)).toEqual([2]);
    });
  });

  describe.skipIf(backend.skip)('event streams', () => {
    it('caps the open streams of one client with 429 and Retry-After, and a closed stream frees its slot', async () => {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const id = guest();
      const url = `${address}/api/support/events?tempUserId=${id}`;
      const open: AbortController[] = [];
      const openStream = async () => {
        const controller = new AbortController();
        const res = await fetch(url, { signal: controller.signal });
        if (res.ok) open.push(controller);
        return res;
      };
      try {
        expect((await openStream()).status).toBe(200);
        expect((await openStream()).status).toBe(200);
        const refused = await openStream();
        expect(refused.status).toBe(429);
        expect(refused.headers.get('retry-after')).toBe('30');
        expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_STREAMS' });
        // Another client is not held up by this one's streams.
        const other = await fetch(`${address}/api/support/events?tempUserId=${guest()}`, { signal: AbortSignal.timeout(5000) });
        expect(other.status).toBe(200);
        await other.body?.cancel();

        open.shift()!.abort();
        let again = 429;
        for (let tries = 0; tries < 50 && again !== 200; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          again = (await openStream()).status;
        }
        expect(again).toBe(200);
      } finally {
        for (const controller of open) controller.abort();
      }
    });
  });
});
