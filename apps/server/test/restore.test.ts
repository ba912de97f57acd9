import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngHeader } from '../src/integrations/uploads/test-files.ts';
import { makePlayer, staffHeaders } from '../src/modules/payments/testing/helpers.ts';
import { buildTestApp, sharedKeys, supportMessageBody } from './app.ts';
import { createPostgresDatabase, SKIP_POSTGRES } from './databases.ts';

/**
 * The backup of docs/operations.md, restored as its "Restoring" section says: a portal on a
 * fresh PostgreSQL database takes a paid payment, its receipt and a support ticket with an
 * attachment; then `pg_dump -Fc` of its database and a copy of its file storage (DATA_DIR's
 * uploads and receipts; the keys come from the secret store, here the environment), `pg_restore`
 * into a new database, and a new portal on that and a new DATA_DIR reads everything back through
 * its HTTP API, attachment and receipt bytes included.
 */

const run = promisify(execFile);
const ADMIN = { ADMIN_EMAIL: 'admin@restore.example', ADMIN_PASSWORD: 'Admin-restore-1' };

/**
 * pg_dump or pg_restore of the server's own major version (Debian keeps each version's under
 * /usr/lib/postgresql/<major>/bin), else the one on PATH if it is not older than the server.
 */
async function postgresTool(name: 'pg_dump' | 'pg_restore', url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const major = await client
    .query<{ server_version_num: string }>('show server_version_num')
    .then(({ rows }) => Math.floor(Number(rows[0]!.server_version_num) / 10_000))
    .finally(() => client.end());
  const own = `/usr/lib/postgresql/${major}/bin/${name}`;
  const tool = existsSync(own) ? own : name;
  const { stdout } = await run(tool, ['--version']);
  const toolMajor = Number(/(\d+)(?:\.\d+)?/.exec(stdout)?.[1]);
  if (!(toolMajor >= major)) throw new Error(`${tool} is version ${toolMajor}, older than the server's ${major}`);
  return tool;
}

/** The pool of an app that opened its own database: quiet about the forced drop of its database. */
function quietPool(app: FastifyInstance) {
  const pool = (app.database.db as unknown as { $client?: { on?: (event: string, listener: () => void) => void } }).$client;
  pool?.on?.('error', () => undefined);
}

describe.skipIf(SKIP_POSTGRES)('a backup restores: pg_dump -Fc and the file storage, into a new database and DATA_DIR', () => {
  const keys = sharedKeys();
  const made: Array<{ drop(): Promise<void> }> = [];
  const folders: string[] = [];
  const apps: FastifyInstance[] = [];
  let restored: FastifyInstance;
  let dumpList = '';

  // What the first portal made and answered, to be read back from the restored one.
  let paymentId = '';
  let ticketId = '';
  let gameKey = '';
  let player: { id: string; auth: Record<string, string> };
  let before: { payment: unknown; staffPayment: unknown; history: unknown; ticket: unknown; receipt: Buffer };
  const attachment = Buffer.concat([pngHeader(), randomBytes(6000)]);
  const staffAttachment = Buffer.concat([pngHeader(), randomBytes(3000)]);

  const folder = async (name: string) => {
    const created = await mkdtemp(path.join(tmpdir(), `portal-restore-${name}-`));
    folders.push(created);
    return created;
  };
  const start = async (databaseUrl: string, dataDir: string) => {
    const app = await buildTestApp({ ...ADMIN, ...keys, DATA_DIR: dataDir, JOB_POLL_INTERVAL_MS: '50' }, { databaseUrl });
    apps.push(app);
    quietPool(app);
    return app;
  };
  const stop = async (app: FastifyInstance) => {
    apps.splice(apps.indexOf(app), 1);
    await app.close();
  };
  /** The ticket as its player reads it, links without their signatures (those are made per request). */
  const ticketOf = async (app: FastifyInstance) => {
    const res = await app.inject({ url: `/api/support/get-ticket?id=${ticketId}`, headers: player.auth });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = res.json<{ data: { messages: Array<{ image?: { path: string } }> } }>().data;
    const links = ticket.messages.flatMap((message) => (message.image ? [message.image.path] : []));
    const unsigned = JSON.parse(JSON.stringify(ticket).replace(/\?t=[\w.-]+/g, '')) as unknown;
    return { ticket: unsigned, links };
  };
  const bytesOf = async (app: FastifyInstance, link: string) => {
    const res = await app.inject({ url: link });
    expect(res.statusCode, `${link}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.rawPayload;
  };
  /** The receipt PDF of the payment, once the receipt job has made it. */
  const receiptOf = async (app: FastifyInstance) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await app.inject({ url: `/api/user/get-receipt-link?privatePaymentId=${paymentId}`, headers: player.auth });
      expect(res.statusCode, res.body).toBe(200);
      const link = res.json<{ data: { result: string } }>().data.result;
      if (link) return bytesOf(app, link);
      if (Date.now() > deadline) throw new Error('the receipt was not made within a minute');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const readBack = async (app: FastifyInstance, admin: Record<string, string>) => ({
    payment: (await app.inject({ url: `/api/v1/payments/${paymentId}`, headers: { authorization: `Bearer ${gameKey}` } })).json(),
    staffPayment: (await app.inject({ url: `/api/staff/payments/${paymentId}`, headers: admin })).json(),
    history: (await app.inject({ url: '/api/payments/get-user-payments', headers: player.auth })).json(),
  });

  beforeAll(async () => {
    // --- The portal in service, on a fresh database.
    const source = await createPostgresDatabase();
    made.push(source);
    const dataDir = await folder('data');
    const app = await start(source.url, dataDir);
    const admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const keyRes = await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: admin });
    expect(keyRes.statusCode, keyRes.body).toBe(201);
    gameKey = keyRes.json<{ key: string }>().key;
    player = await makePlayer(app, 'Restored');

    // A payment the game server creates and the player pays in the sandbox.
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${gameKey}` },
      payload: { userId: player.id, priceId: 'ft-coins-550', payload: 'restore-order-1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    paymentId = created.json<{ paymentId: string }>().paymentId;
    expect((await app.inject({ url: `/api/payments/stripe/create/${paymentId}`, headers: player.auth })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/payments/set-pending/${paymentId}`, headers: player.auth })).statusCode).toBe(200);
    const paid = await app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${paymentId}/complete`,
      headers: player.auth,
      payload: { outcome: 'paid' },
    });
    expect(paid.json()).toEqual({ data: { status: 'paid' } });

    // A support ticket with a screenshot, and a staff reply with one of its own.
    const ticketBody = await supportMessageBody({ title: 'Coins missing', text: '<p>I paid, where are my coins?</p>' }, attachment);
    const ticketRes = await app.inject({
      method: 'POST',
      url: '/api/support/create-ticket',
      payload: ticketBody.payload,
      headers: { ...player.auth, ...ticketBody.headers, project: 'familytown' },
    });
    expect(ticketRes.statusCode, ticketRes.body).toBe(200);
    ticketId = ticketRes.json<{ data: { id: string } }>().data.id;
    const replyBody = await supportMessageBody({ text: '<p>Found them: see the attached screen.</p>' }, staffAttachment);
    const reply = await app.inject({
      method: 'POST',
      url: `/api/staff/tickets/${ticketId}/messages`,
      payload: replyBody.payload,
      headers: { ...admin, ...replyBody.headers },
    });
    expect(reply.statusCode, reply.body).toBe(200);

    const receipt = await receiptOf(app);
    const { ticket, links } = await ticketOf(app);
    expect(links).toHaveLength(2);
    expect(await bytesOf(app, links[0]!)).toEqual(attachment);
    expect(await bytesOf(app, links[1]!)).toEqual(staffAttachment);
    before = { ...(await readBack(app, admin)), ticket, receipt };
    expect(before.payment).toMatchObject({ paymentId, status: 'paid', payload: 'restore-order-1' });
    await stop(app);

    // --- The backup: a logical dump of the database, a copy of the files. No keys in either.
    const backup = await folder('backup');
    const dump = path.join(backup, 'portal.dump');
    await run(await postgresTool('pg_dump', source.url), ['--format=custom', `--file=${dump}`, `--dbname=${source.url}`]);
    dumpList = (await run(await postgresTool('pg_restore', source.url), ['--list', dump])).stdout;
    const stored = (await readdir(dataDir)).sort();
    expect(stored).toEqual(expect.arrayContaining(['receipts', 'uploads']));
    expect(stored).not.toContain('keys');
    for (const entry of ['uploads', 'receipts'])
      await cp(path.join(dataDir, entry), path.join(backup, 'files', entry), { recursive: true });

    // --- The first portal's database and disk are lost.
    await source.drop();
    made.splice(made.indexOf(source), 1);
    await rm(dataDir, { recursive: true, force: true });

    // --- The restore: a new database from the dump, a new DATA_DIR from the copy, the same keys.
    const target = await createPostgresDatabase();
    made.push(target);
    const role = decodeURIComponent(new URL(target.url).username);
    await run(await postgresTool('pg_restore', target.url), [
      '--no-owner',
      `--role=${role}`,
      '--exit-on-error',
      `--dbname=${target.url}`,
      dump,
    ]);
    const restoredDir = await folder('restored');
    await cp(path.join(backup, 'files'), restoredDir, { recursive: true });
    restored = await start(target.url, restoredDir);
  }, 180_000);

  afterAll(async () => {
    for (const app of [...apps]) await app.close().catch(() => undefined);
    for (const database of made) await database.drop().catch(() => undefined);
    for (const created of folders) await rm(created, { recursive: true, force: true });
  });

  it('the dump holds the tables that matter, and the migrations already run', () => {
    for (const table of [
      'users',
      'sessions',
      'payments',
      'payment_attempts',
      'payment_refunds',
      'payment_events',
      'receipts',
      'tickets',
      'ticket_messages',
      'upload_ledger',
      'projects',
      'games',
      'prices',
      'project_api_keys',
      'project_webhooks',
      'staff_accounts',
      'jobs',
    ])
      expect(dumpList, table).toMatch(new RegExp(`TABLE DATA public ${table} `));
    expect(dumpList).toMatch(/TABLE DATA drizzle __drizzle_migrations /);
  });

  it(
    'the restored portal is ready and serves the paid payment to the game server, the staff and the player',
    { timeout: 120_000 },
    async () => {
      expect((await restored.inject({ url: '/health/ready' })).statusCode).toBe(200);
      // The staff sign in with the restored password, the game server with its restored key, the
      // player with a token signed before the backup (the JWT key came from the secret store).
      const admin = await staffHeaders(restored, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      const after = await readBack(restored, admin);
      expect(after.payment).toEqual(before.payment);
      expect(after.staffPayment).toEqual(before.staffPayment);
      expect(after.history).toEqual(before.history);
      expect(after.staffPayment).toMatchObject({ paymentId, status: 'paid' });
    },
  );

  it('the restored portal serves the ticket, its messages and both attachments byte for byte', { timeout: 120_000 }, async () => {
    const { ticket, links } = await ticketOf(restored);
    expect(ticket).toEqual(before.ticket);
    expect(ticket).toMatchObject({
      messages: expect.arrayContaining([
        expect.objectContaining({ author: 'user', text: '<p>I paid, where are my coins?</p>' }),
        expect.objectContaining({ author: 'staff', text: '<p>Found them: see the attached screen.</p>' }),
      ]),
    });
    expect(await bytesOf(restored, links[0]!)).toEqual(attachment);
    expect(await bytesOf(restored, links[1]!)).toEqual(staffAttachment);
  });

  it('the restored portal serves the receipt PDF it made before the backup', { timeout: 120_000 }, async () => {
    const receipt = await receiptOf(restored);
    expect(receipt.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(receipt).toEqual(before.receipt);
  });
});
