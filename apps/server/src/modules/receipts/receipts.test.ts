import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADERS } from '@portal/contracts/http';
import { buildTestApp } from '../../../test/app.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { jobs, receipts } from '../../db/schema.ts';
import { extractPdfText } from '../../integrations/pdf/testing/extract-text.ts';
import { JobWorker } from '../../lib/jobs/queue.ts';
import { makePlayer, staffHeaders } from '../payments/testing/helpers.ts';
import { RECEIPT_JOB, RECEIPT_LINK_TTL_MS } from './service.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@portal.example', ADMIN_PASSWORD: 'admin-password-1' };

describe.each(backends)('receipts over $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let key: string;
  /** runs due receipt jobs now; the app's own worker is stopped so each step is deterministic */
  let runJobs: () => Promise<number>;
  let admin: Record<string, string>;

  type Player = Awaited<ReturnType<typeof makePlayer>>;
  const receiptJobs = async (paymentId: string) =>
    app.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, RECEIPT_JOB), sql`${jobs.payload}->>'paymentId' = ${paymentId}`));

  /** A game server creates a payment for the player, who pays it in the sandbox (YooKassa: roubles). */
  async function paidPayment(player: Player, priceId = 'ft-coins-100'): Promise<string> {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${key}` },
      payload: { userId: player.id, priceId },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { paymentId: string }).paymentId;
    expect((await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth })).statusCode).toBe(200);
    const paid = await app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${id}/complete`,
      headers: player.auth,
      payload: { outcome: 'paid' },
    });
    expect(paid.json()).toEqual({ data: { status: 'paid' } });
    return id;
  }
  const linkOf = (player: Player, id: string) =>
    app.inject({ url: `/api/user/get-receipt-link?privatePaymentId=${id}`, headers: player.auth });

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp({ ...ADMIN }, { database: testDb.database });
    await app.jobs.stop();
    const worker = new JobWorker({
      db: app.database.db,
      log: app.log,
      kinds: app.receipts.service.jobKinds(),
      pollIntervalMs: 60_000,
      leaseMs: 60_000,
    });
    runJobs = () => worker.runDue();
    admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    key = ((await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: admin })).json() as { key: string })
      .key;
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it.skipIf(backend.skip)(
    'a refund makes the receipt again: it shows each refund and the status partly refunded, then refunded',
    async () => {
      const player = await makePlayer(app, 'Refunded');
      const id = await paidPayment(player);
      await runJobs();
      const pdfText = async () => {
        const link = (await linkOf(player, id)).json<{ data: { result: string } }>().data.result;
        expect(link).not.toBe('');
        return (await extractPdfText((await app.inject({ url: link })).rawPayload)).replace(/\s+/g, ' ');
      };
      expect(await pdfText()).toContain('оплачен');
      const refund = (amountMinor: number) =>
        app.inject({
          method: 'POST',
          url: `/api/staff/money/payments/${id}/refunds`,
          headers: admin,
          payload: { amountMinor, reason: 'test' },
        });
      expect((await refund(2900)).statusCode).toBe(201);
      // Enqueued in the refund's transaction: the next run makes the new receipt.
      expect(await runJobs()).toBeGreaterThanOrEqual(1);
      const partly = await pdfText();
      expect(partly).toContain('частично возвращён');
      expect(partly).toMatch(/Возврат −29 ₽/);
      expect((await refund(5000)).statusCode).toBe(201);
      await runJobs();
      const whole = await pdfText();
      expect(whole).toContain('возвращён');
      expect(whole).not.toContain('частично');
      expect(whole).toMatch(/−50 ₽/);
    },
  );

  it.skipIf(backend.skip)('a paid payment enqueues its receipt; the owner gets a link to a PDF with the Cyrillic item title', async () => {
    const player = await makePlayer(app, 'Buyer');
    const id = await paidPayment(player);
    // Enqueued by the transaction that made the payment paid.
    expect(await receiptJobs(id)).toHaveLength(1);

    expect((await linkOf(player, id)).json()).toEqual({ data: { result: '' } });
    expect(await runJobs()).toBeGreaterThanOrEqual(1);
    const answer = await linkOf(player, id);
    expect(answer.statusCode).toBe(200);
    const link = (answer.json() as { data: { result: string } }).data.result;
    expect(link).toMatch(new RegExp(`^/api/user/receipts/${id}\\.pdf\\?t=\\d+\\.[\\w-]{43}$`));

    const pdf = await app.inject({ url: link });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="receipt-${id}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await extractPdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of ['Мешок монет', 'Семейный городок', 'ООО «ГеймПортал»', '79 ₽ (RUB)', id, 'оплачен', 'дебетовая карта'])
      expect(text).toContain(expected);
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);

    // The file name is the server's own, under DATA_DIR/receipts.
    const files = await readdir(path.join(app.config.DATA_DIR, 'receipts'));
    expect(files.filter((name) => name.startsWith(id))).toHaveLength(1);
    // A second run of the job (a retried lease) makes nothing new.
    expect(await app.receipts.service.generate(id)).toBe('exists');
  });

  it.skipIf(backend.skip)('another player, unpaid payments and bad ids get no receipt', async () => {
    const owner = await makePlayer(app);
    const stranger = await makePlayer(app);
    const id = await paidPayment(owner, 'ft-gems-50');
    expect((await linkOf(stranger, id)).statusCode).toBe(404);
    expect((await linkOf(stranger, 'not-a-uuid')).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/user/get-receipt-link?privatePaymentId=${id}` })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/user/get-receipt-link', headers: owner.auth })).statusCode).toBe(400);

    const unpaid = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${key}` },
      payload: { userId: owner.id, priceId: 'ft-coins-100' },
    });
    const unpaidId = (unpaid.json() as { paymentId: string }).paymentId;
    const notPaid = await linkOf(owner, unpaidId);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json()).toMatchObject({ code: 'PAYMENT_NOT_PAID' });
    expect(await receiptJobs(unpaidId)).toHaveLength(0);
  });

  it.skipIf(backend.skip)('links are bound to the owner and expire; forged, expired and other players’ links are refused', async () => {
    const owner = await makePlayer(app);
    const stranger = await makePlayer(app);
    const id = await paidPayment(owner);
    await runJobs();
    const service = app.receipts.service;
    const good = service.link(id, owner.id);
    expect((await app.inject({ url: good })).statusCode).toBe(200);

    // Valid for 2 minutes: a link asked for a minute ago opens, one past 2 minutes is gone.
    expect(RECEIPT_LINK_TTL_MS).toBe(2 * 60_000);
    expect((await app.inject({ url: service.link(id, owner.id, Date.now() - 60_000) })).statusCode).toBe(200);
    const expired = await app.inject({ url: service.link(id, owner.id, Date.now() - RECEIPT_LINK_TTL_MS - 1000) });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'RECEIPT_LINK_EXPIRED' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 + 1000 });
    try {
      expect((await app.inject({ url: good })).statusCode).toBe(410);
    } finally {
      vi.useRealTimers();
    }
    // A link made for someone else does not open the owner's receipt.
    expect((await app.inject({ url: service.link(id, stranger.id) })).statusCode).toBe(403);
    const [, token] = good.split('?t=') as [string, string];
    const [expires, mac] = token.split('.') as [string, string];
    // A later expiry with the old signature, a changed signature, none at all.
    expect((await app.inject({ url: `/api/user/receipts/${id}.pdf?t=${Number(expires) + 3_600_000}.${mac}` })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/user/receipts/${id}.pdf?t=${expires}.${mac.slice(0, -2)}AA` })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/user/receipts/${id}.pdf` })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/user/receipts/${id}.pdf?t=garbage` })).statusCode).toBe(403);
    // Another payment's id with this token; a path that is no receipt.
    expect((await app.inject({ url: `/api/user/receipts/00000000-0000-4000-8000-000000000000.pdf?t=${token}` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/user/receipts/..%2F..%2Fkeys.pdf?t=${token}` })).statusCode).toBe(400);
  });

  it.skipIf(backend.skip)('a paid payment without a receipt gets one lazily: "" first, one job however often it is asked', async () => {
    const player = await makePlayer(app);
    const id = await paidPayment(player);
    await runJobs();
    // Lost: the row and its file are gone (e.g. a DATA_DIR restored from an old backup).
    const [row] = await app.database.db.delete(receipts).where(eq(receipts.paymentId, id)).returning();
    await rm(path.join(app.config.DATA_DIR, 'receipts', row!.fileName));

    expect((await linkOf(player, id)).json()).toEqual({ data: { result: '' } });
    expect((await linkOf(player, id)).json()).toEqual({ data: { result: '' } });
    const waiting = (await receiptJobs(id)).filter((job) => job.doneAt === null);
    expect(waiting).toHaveLength(1);
    await runJobs();
    expect((await linkOf(player, id)).json()).toMatchObject({ data: { result: expect.stringMatching(/^\/api\/user\/receipts\//) } });
    const open = await app.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, RECEIPT_JOB), isNull(jobs.doneAt)));
    expect(open.filter((job) => job.payload.paymentId === id)).toHaveLength(0);
  });
});

/** The receipt letter after a purchase, through a real SMTP server. */
describe('receipt letters', () => {
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let key: string;
  let runJobs: () => Promise<number>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp({ ...ADMIN, SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@portal.example' });
    await app.jobs.stop();
    const worker = new JobWorker({
      db: app.database.db,
      log: app.log,
      kinds: app.receipts.service.jobKinds(),
      pollIntervalMs: 60_000,
      leaseMs: 60_000,
    });
    runJobs = () => worker.runDue();
    const admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    key = ((await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: admin })).json() as { key: string })
      .key;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('mails one letter in the language the player paid in, whose signed link opens the PDF for a month', async () => {
    const player = await makePlayer(app, 'Käufer');
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${key}` },
      payload: { userId: player.id, priceId: 'ft-coins-100' },
    });
    const id = (created.json() as { paymentId: string }).paymentId;
    await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: { ...player.auth, [HEADERS.language]: 'de' } });
    await app.inject({ method: 'POST', url: `/api/payments/sandbox/${id}/complete`, headers: player.auth, payload: { outcome: 'paid' } });
    await runJobs();
    await runJobs();
    const to = `${player.id.slice(0, 8)}@players.example`;
    const letters = smtp.received.filter((mail) => mail.to.includes(to));
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toBe('Familienstadt: Ihre Quittung');
    expect(letters[0]!.text).toContain('79 ₽');
    const link = /https?:\/\/\S+\/api\/user\/receipts\/\S+/.exec(letters[0]!.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    const expires = Number(/t=(\d+)\./.exec(url.search)?.[1]);
    expect(expires - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const pdf = await app.inject({ url: `${url.pathname}${url.search}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The job again (a retried lease) sends no second letter.
    expect(await app.receipts.service.mailOnce(id)).toBe('already');
  });
});
