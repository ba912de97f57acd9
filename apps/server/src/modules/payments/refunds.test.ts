import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMoneyPaymentDetail, ZRevenueReport } from '@portal/contracts/money-console';
import { ZGameServerPaymentDetail, ZPaymentHistoryItem, ZPaymentRefund, ZPaymentRefundedEvent } from '@portal/contracts/payments';
import { sandboxRefunds } from '../../db/schema.ts';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { makePlayer, staffHeaders, startWebhookReceiver, type WebhookReceiver } from './testing/helpers.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@refunds.example', ADMIN_PASSWORD: 'admin-password-1' };

/** Refunds from the console through the sandbox provider: money, events, the game-server API, the player's history, revenue. */
describe.each(backends)('refunds over $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let finance: Record<string, string>;
  let support: Record<string, string>;
  let catalogue: Record<string, string>;
  let receiver: WebhookReceiver;
  let key: string;
  let player: Awaited<ReturnType<typeof makePlayer>>;

  const newPayment = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${key}` },
      payload: { userId: player.id, priceId: 'ft-coins-100' },
    });
    return res.json<{ paymentId: string }>().paymentId;
  };
  const paidPayment = async () => {
    const id = await newPayment();
    await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth });
    const done = await app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${id}/complete`,
      headers: player.auth,
      payload: { outcome: 'paid' },
    });
    expect(done.statusCode, done.body).toBe(200);
    return id;
  };
  const refund = (id: string, amountMinor: number, headers = finance, reason = 'The player was charged twice') =>
    app.inject({ method: 'POST', url: `/api/staff/money/payments/${id}/refunds`, headers, payload: { amountMinor, reason } });
  const detail = async (id: string) =>
    ZMoneyPaymentDetail.parse(
      (await app.inject({ url: `/api/staff/money/payments/${id}`, headers: finance })).json<{ data: unknown }>().data,
    );
  const gameServer = async (id: string) =>
    ZGameServerPaymentDetail.parse(
      (await app.inject({ url: `/api/v1/payments/${id}`, headers: { authorization: `Bearer ${key}` } })).json(),
    );
  const refundedEvents = (id: string) =>
    receiver.received.filter((event) => event.type === 'payment.refunded' && event.data.paymentId === id);

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp({ ...ADMIN, JOB_POLL_INTERVAL_MS: '50' }, { database: testDb.database });
    await app.ready();
    admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    for (const [email, role] of [
      ['finance@refunds.example', 'finance'],
      ['support@refunds.example', 'support'],
      ['catalogue@refunds.example', 'catalog'],
    ] as const) {
      await app.staff.service.createAccount(email, 'staff-password-1', role);
    }
    finance = await staffHeaders(app, 'finance@refunds.example', 'staff-password-1');
    support = await staffHeaders(app, 'support@refunds.example', 'staff-password-1');
    catalogue = await staffHeaders(app, 'catalogue@refunds.example', 'staff-password-1');
    key = (await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: admin })).json<{ key: string }>()
      .key;
    receiver = await startWebhookReceiver();
    const hook = await app.inject({
      method: 'PUT',
      url: '/api/staff/projects/familytown/webhook',
      headers: admin,
      payload: { url: receiver.url },
    });
    receiver.secret = hook.json<{ secret: string }>().secret;
    player = await makePlayer(app);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await testDb?.drop();
  });

  describe.skipIf(backend.skip)('console, provider, game server and player', () => {
    it('refunds half and then the rest: two payment.refunded events with their own ids, the second one whole', async () => {
      const id = await paidPayment();
      const half = await refund(id, 3950);
      expect(half.statusCode, half.body).toBe(201);
      expect(ZPaymentRefund.parse(half.json<{ data: unknown }>().data)).toMatchObject({
        paymentId: id,
        status: 'succeeded',
        amountMinor: 3950,
        amount: '39.50',
        currency: 'RUB',
        source: 'staff',
      });
      const rest = await refund(id, 3950, admin);
      expect(rest.statusCode, rest.body).toBe(201);

      await expect.poll(() => refundedEvents(id).length, { timeout: 10_000 }).toBe(2);
      // Each job delivers on its own: the order of arrival is not the order of the refunds.
      const events = refundedEvents(id)
        .map((event) => ZPaymentRefundedEvent.parse(event))
        .sort((a, b) => a.data.refundedAmountMinor - b.data.refundedAmountMinor);
      expect(new Set(events.map((event) => event.id)).size).toBe(2);
      expect(events.map((event) => [event.data.refund.amountMinor, event.data.refund.whole, event.data.refundedAmountMinor])).toEqual([
        [3950, false, 3950],
        [3950, true, 7900],
      ]);
      expect(events[0]!.data).toMatchObject({ status: 'paid', amountMinor: 7900 });

      const read = await gameServer(id);
      expect(read).toMatchObject({ status: 'paid', refundedAmount: '79.00', refundedAmountMinor: 7900 });
      expect(read.refunds.map((row) => [row.status, row.amountMinor])).toEqual([
        ['succeeded', 3950],
        ['succeeded', 3950],
      ]);
      const shown = await detail(id);
      expect(shown.payment.refundedAmountMinor).toBe(7900);
      expect(shown.refunds).toHaveLength(2);
      expect(shown.webhookDeliveries?.filter((row) => row.eventType === 'payment.refunded' && row.ok)).toHaveLength(2);

      // Nothing is left: a third refund moves no money.
      const third = await refund(id, 1);
      expect(third.statusCode).toBe(409);
      expect(third.json()).toMatchObject({ code: 'REFUND_EXCEEDS_REMAINING' });
    });

    it('shows the player a partly and a fully refunded purchase in the history', async () => {
      const id = await paidPayment();
      await refund(id, 900);
      const history = await app.inject({ url: '/api/payments/get-user-payments', headers: player.auth });
      const items = ZPaymentHistoryItem.array().parse(history.json<{ data: unknown }>().data);
      expect(items.find((item) => item.uuid === id)).toMatchObject({ status: 'paid', refunded: 'partial', refundedPrice: 9 });
      expect(items.filter((item) => item.refunded === 'full').length).toBeGreaterThanOrEqual(1);
    });

    it('refuses a refund above what is left, of an unpaid payment, a bad amount or no reason; support and catalogue staff get 403', async () => {
      const id = await paidPayment();
      const over = await refund(id, 7901);
      expect(over.statusCode).toBe(409);
      expect(over.json<{ message: string }>()).toMatchObject({ code: 'REFUND_EXCEEDS_REMAINING' });
      expect(over.json<{ message: string }>().message).toContain('7900');

      const unpaid = await newPayment();
      expect((await refund(unpaid, 100)).json()).toMatchObject({ code: 'PAYMENT_NOT_PAID' });
      for (const payload of [
        { amountMinor: 0, reason: 'x' },
        { amountMinor: -5, reason: 'x' },
        { amountMinor: 1.5, reason: 'x' },
        { amountMinor: 10, reason: '  ' },
        { amountMinor: 10 },
      ]) {
        const res = await app.inject({ method: 'POST', url: `/api/staff/money/payments/${id}/refunds`, headers: finance, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
      expect((await refund(id, 100, support)).statusCode).toBe(403);
      expect((await refund(id, 100, catalogue)).statusCode).toBe(403);
      expect(
        (await app.inject({ method: 'POST', url: `/api/staff/money/payments/${id}/refunds`, payload: { amountMinor: 1, reason: 'x' } }))
          .statusCode,
      ).toBe(401);
      expect((await refund('00000000-0000-4000-8000-000000000000', 100)).statusCode).toBe(404);
      expect((await gameServer(id)).refunds).toEqual([]);
    });

    it('two refunds of the whole amount racing: one is made, the other refused; the provider refunds once', async () => {
      const id = await paidPayment();
      const answers = await Promise.all([refund(id, 7900), refund(id, 7900, admin), refund(id, 7900)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
      const attempt = (await detail(id)).attempts[0]!;
      const atProvider = await app.database.db.select().from(sandboxRefunds);
      expect(atProvider.filter((row) => row.providerRef === attempt.providerRef)).toHaveLength(1);
      await expect.poll(() => refundedEvents(id).length, { timeout: 10_000 }).toBe(1);
    });

    it('reports gross, refunds and net per day; both CSVs carry the refunds', async () => {
      const day = new Date().toISOString().slice(0, 10);
      // Keys made outside production are test keys: these are test payments, kept apart from live money.
      const live = ZRevenueReport.parse(
        (await app.inject({ url: `/api/staff/money/revenue?from=${day}&to=${day}&project=familytown`, headers: finance })).json<{
          data: unknown;
        }>().data,
      );
      expect(live.totals).toEqual([]);
      const res = await app.inject({
        url: `/api/staff/money/revenue?from=${day}&to=${day}&project=familytown&mode=test`,
        headers: finance,
      });
      const report = ZRevenueReport.parse(res.json<{ data: unknown }>().data);
      const total = report.totals.find((row) => row.currency === 'RUB')!;
      // Four payments of 79.00 were paid today; 79.00 + 9.00 + 79.00 were refunded.
      expect(total).toMatchObject({ payments: 4, amount: '316.00', refunds: '167.00', disputes: '0.00', net: '149.00', netMinor: 14_900 });

      const csv = await app.inject({ url: `/api/staff/money/revenue.csv?from=${day}&to=${day}&mode=test`, headers: finance });
      expect(csv.body.split('\r\n')[0]).toBe('day,project,currency,payments,amount,refunds,disputes,net');
      expect(csv.body).toContain(`${day},familytown,RUB,4,316.00,167.00,0.00,149.00`);

      const livePayments = await app.inject({ url: '/api/staff/money/payments.csv?project=familytown&status=paid', headers: finance });
      expect(livePayments.body.trim().split('\r\n')).toHaveLength(1);
      const perPayment = await app.inject({
        url: '/api/staff/money/payments.csv?project=familytown&status=paid&mode=test',
        headers: finance,
      });
      expect(perPayment.statusCode).toBe(200);
      expect(perPayment.headers['content-type']).toContain('text/csv');
      const lines = perPayment.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'payment_id,created_at,paid_at,project,user_id,player_email,item,price_id,status,provider,provider_ref,currency,amount,refunded,net',
      );
      expect(lines).toHaveLength(5);
      expect(lines.filter((line) => line.endsWith(',79.00,9.00,70.00'))).toHaveLength(1);
      expect(lines.filter((line) => line.endsWith(',79.00,79.00,0.00'))).toHaveLength(2);
      expect((await app.inject({ url: '/api/staff/money/payments.csv', headers: support })).statusCode).toBe(403);
    });
  });
});
