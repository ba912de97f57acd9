import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_HELP_REASONS } from '@portal/contracts/payment-help';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { paymentHelpRequests, users } from '../../db/schema.ts';
import { makePlayer, staffHeaders } from '../payments/testing/helpers.ts';
import { PaymentHelpService } from './service.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@portal.example', ADMIN_PASSWORD: 'admin-password-1' };
const SUPPORT = 'payments-help@portal.example';

describe.each(backends)('payment help over $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let key: string;
  type Player = Awaited<ReturnType<typeof makePlayer>>;

  const createPayment = async (player: Player) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${key}` },
      payload: { userId: player.id, priceId: 'ft-coins-100' },
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { paymentId: string }).paymentId;
  };
  const send = (player: Player | undefined, data: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/payments/send-letter-support', headers: player?.auth ?? {}, payload: { data } });
  const lettersTo = () => app.accounts.devMailbox!.list(SUPPORT);

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp({ ...ADMIN, SUPPORT_EMAIL: SUPPORT }, { database: testDb.database });
    const admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    key = ((await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: admin })).json() as { key: string })
      .key;
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it.skipIf(backend.skip)('mails SUPPORT_EMAIL a clear letter about the player’s own payment and keeps a record', async () => {
    const player = await makePlayer(app, 'Helga');
    const paymentId = await createPayment(player);
    const res = await send(player, {
      nickName: 'Helga',
      currentAuthType: 'email',
      email: ' Helga@Example.COM ',
      reason: PAYMENT_HELP_REASONS.dropNotCredited,
      paymentId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { result: true } });

    const letter = lettersTo().find((mail) => mail.text.includes(paymentId));
    expect(letter).toBeDefined();
    expect(letter!.subject).toContain(paymentId);
    for (const expected of [
      `Player ID: ${player.id}`,
      'Nickname: Helga',
      'Sign-in type: email',
      'Reply to (player e-mail): helga@example.com',
      `Payment ID: ${paymentId}`,
      'familytown',
      'Bag of coins / Мешок монет',
      'Amount: 79.00 RUB',
      'Status: none',
      'Не начислен дроп',
    ]) {
      expect(letter!.text).toContain(expected);
    }
    expect(letter!.html).toContain('helga@example.com');
    const [row] = await app.database.db.select().from(paymentHelpRequests).where(eq(paymentHelpRequests.paymentId, paymentId));
    expect(row).toMatchObject({
      userId: player.id,
      email: 'helga@example.com',
      reason: PAYMENT_HELP_REASONS.dropNotCredited,
      sentTo: SUPPORT,
    });
    expect(row!.messageId).toBe(letter!.id);
  });

  it.skipIf(backend.skip)(
    'refuses another player’s payment (404), bad reasons and e-mails (400) and guests (401); sends nothing',
    async () => {
      const owner = await makePlayer(app);
      const stranger = await makePlayer(app);
      const paymentId = await createPayment(owner);
      const before = lettersTo().length;
      const good = { email: 'a@example.com', reason: PAYMENT_HELP_REASONS.other, paymentId };
      const other = await send(stranger, good);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
      expect((await send(owner, { ...good, paymentId: 'nope' })).statusCode).toBe(404);
      for (const bad of [
        { ...good, reason: 'refund please' },
        { ...good, email: 'not-an-email' },
        { ...good, email: '' },
        { ...good, email: `${'a'.repeat(320)}@x.example` },
        { reason: good.reason, paymentId },
      ]) {
        const res = await send(owner, bad);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
      expect((await send(undefined, good)).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'POST', url: '/api/payments/send-letter-support', headers: owner.auth, payload: good })).statusCode,
      ).toBe(400);
      expect(lettersTo().length).toBe(before);
    },
  );

  it.skipIf(backend.skip)('limits letters per player (5 an hour, parallel requests included); others are not affected', async () => {
    const player = await makePlayer(app);
    const paymentId = await createPayment(player);
    const good = { email: 'limit@example.com', reason: PAYMENT_HELP_REASONS.other, paymentId };
    const answers = await Promise.all(Array.from({ length: 7 }, () => send(player, good)));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(answers.find((res) => res.statusCode === 429)!.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const someoneElse = await makePlayer(app);
    expect((await send(someoneElse, { ...good, paymentId: await createPayment(someoneElse) })).statusCode).toBe(200);
  });

  it.skipIf(backend.skip)('a letter the mailer could not send answers 502 and does not count', async () => {
    const player = await makePlayer(app);
    const paymentId = await createPayment(player);
    const [user] = await app.database.db.select().from(users).where(eq(users.id, player.id));
    const failing = new PaymentHelpService({
      db: app.database.db,
      mailer: { send: () => Promise.reject(new Error('smtp down')), close: async () => undefined },
      supportEmail: SUPPORT,
      log: app.log,
      limit: { max: 1, windowMs: 60_000 },
    });
    await expect(failing.send(user!, { email: 'x@example.com', reason: PAYMENT_HELP_REASONS.other, paymentId })).rejects.toMatchObject({
      code: 'MAIL_NOT_SENT',
      statusCode: 502,
    });
    expect(await app.database.db.select().from(paymentHelpRequests).where(eq(paymentHelpRequests.paymentId, paymentId))).toHaveLength(0);
  });
});
