import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMoneyPaymentDetail, ZMoneyPaymentsPage, ZRevenueReport } from '@portal/contracts/money-console';
import { paymentAttempts, payments, webhookDeliveries, type PaymentRow } from '../../db/schema.ts';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { makePlayer, staffHeaders } from '../payments/testing/helpers.ts';

/** The console's money pages over payments as the payment flow leaves them in the table. */
describe.each(backends)('money pages over $name', (backend) => {
  const ADMIN = { email: 'admin@money.example', password: 'admin-password-1' };
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let finance: Record<string, string>;
  let agent: Record<string, string>;
  let alice: { id: string; email: string };
  const ids: string[] = [];

  const get = (url: string, headers = finance) => app.inject({ method: 'GET', url, headers });
  const search = async (query: string) => {
    const res = await get(`/api/staff/money/payments?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZMoneyPaymentsPage.parse(res.json<{ data: unknown }>().data);
  };

  async function addPayment(userId: string, fields: Partial<PaymentRow>): Promise<string> {
    const id = randomUUID();
    await app.database.db.insert(payments).values({
      id,
      project: 'familytown',
      userId,
      priceId: 'ft-coins-100',
      titleRu: 'Монеты',
      titleEn: 'Coins',
      ruAmountMinor: 9900,
      enAmountMinor: 199,
      amountMinor: 9900,
      currency: 'RUB',
      ...fields,
    });
    ids.push(id);
    return id;
  }

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp(
      { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, JOB_POLL_INTERVAL_MS: '3600000' },
      { database: testDb.database },
    );
    await app.ready();
    await app.staff.service.createAccount('finance@money.example', 'finance-password-1', 'finance');
    await app.staff.service.createAccount('agent@money.example', 'agent-password-1', 'support');
    finance = await staffHeaders(app, 'finance@money.example', 'finance-password-1');
    agent = await staffHeaders(app, 'agent@money.example', 'agent-password-1');
    const player = await makePlayer(app, 'Alice');
    alice = { id: player.id, email: `${player.id.slice(0, 8)}@players.example` };
    const day = (date: string) => new Date(`${date}Z`);
    const paid = await addPayment(alice.id, {
      status: 'paid',
      provider: 'yookassa',
      createdAt: day('2026-03-01T10:00:00'),
      paidAt: day('2026-03-01T10:05:00'),
    });
    await app.database.db
      .insert(paymentAttempts)
      .values({ paymentId: paid, provider: 'yookassa', providerRef: 'yk-1', amountMinor: 9900, currency: 'RUB' });
    await addPayment(alice.id, {
      status: 'paid',
      provider: 'yookassa',
      createdAt: day('2026-03-01T23:59:00'),
      paidAt: day('2026-03-02T00:01:00'),
    });
    await addPayment('other-player', {
      status: 'paid',
      provider: 'stripe',
      project: 'neuroarena',
      currency: 'USD',
      amountMinor: 499,
      createdAt: day('2026-03-02T08:00:00'),
      paidAt: day('2026-03-02T08:01:00'),
    });
    await addPayment('other-player', { status: 'fail', provider: 'stripe', createdAt: day('2026-03-03T08:00:00') });
    await addPayment(alice.id, { status: 'none', createdAt: day('2026-04-01T08:00:00') });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  describe.skipIf(backend.skip)('payments', () => {
    it('finds payments by payment id, player id or e-mail', async () => {
      expect((await search(`q=${ids[0]}`)).items.map((item) => item.paymentId)).toEqual([ids[0]]);
      expect((await search(`q=${alice.id}`)).total).toBe(3);
      expect((await search(`q=${encodeURIComponent(alice.email.toUpperCase())}`)).total).toBe(3);
      expect((await search('q=nobody@players.example')).total).toBe(0);
    });

    it('filters by project, status, provider and days, sorts and pages on the server', async () => {
      expect((await search('status=paid')).total).toBe(3);
      expect((await search('provider=stripe')).items.map((item) => item.status).sort()).toEqual(['fail', 'paid']);
      expect((await search('project=neuroarena')).total).toBe(1);
      expect((await search('from=2026-03-02&to=2026-03-03')).total).toBe(2);
      const sorted = await search('sort=amount&order=asc&pageSize=2');
      expect(sorted.total).toBe(5);
      expect(sorted.items.map((item) => item.amountMinor)).toEqual([499, 9900]);
      const second = await search('sort=createdAt&order=desc&pageSize=2&page=2');
      expect(second.items.map((item) => item.paymentId)).toEqual([ids[2], ids[1]]);
      expect((await get('/api/staff/money/payments?status=refunded')).statusCode).toBe(400);
    });

    it('shows a payment with its provider attempts and the player e-mail', async () => {
      const res = await get(`/api/staff/money/payments/${ids[0]}`);
      const detail = ZMoneyPaymentDetail.parse(res.json<{ data: unknown }>().data);
      expect(detail.playerEmail).toBe(alice.email);
      expect(detail.attempts).toMatchObject([{ provider: 'yookassa', providerRef: 'yk-1', amountMinor: 9900 }]);
      expect((await get(`/api/staff/money/payments/${randomUUID()}`)).json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
    });

    it('lists the payment’s webhook deliveries to the game server, oldest first, and only its own', async () => {
      const at = (time: string) => new Date(`2026-03-01T${time}Z`);
      const delivery = (paymentId: string | null, fields: Partial<typeof webhookDeliveries.$inferInsert>) => ({
        project: 'familytown',
        paymentId,
        eventId: `evt-${randomUUID()}`,
        eventType: 'payment.paid',
        event: { secret: 'never-on-the-wire' },
        url: 'https://game.example/hooks',
        ok: false,
        durationMs: 120,
        attempt: 1,
        ...fields,
      });
      await app.database.db.insert(webhookDeliveries).values([
        delivery(ids[0]!, { responseStatus: 503, attempt: 1, nextRetryAt: at('10:06:00'), createdAt: at('10:05:00') }),
        delivery(ids[1]!, { responseStatus: 200, ok: true, createdAt: at('10:05:30') }),
        delivery(null, { eventType: 'webhook.test', responseStatus: 200, ok: true, attempt: 0, createdAt: at('10:05:40') }),
        delivery(ids[0]!, {
          responseStatus: null,
          error: 'timed out',
          durationMs: 10_000,
          attempt: 2,
          nextRetryAt: at('10:08:00'),
          createdAt: at('10:06:00'),
        }),
        delivery(ids[0]!, { responseStatus: 200, ok: true, durationMs: 85, attempt: 3, createdAt: at('10:08:00') }),
      ]);
      const res = await get(`/api/staff/money/payments/${ids[0]}`);
      expect(res.statusCode, res.body).toBe(200);
      const detail = ZMoneyPaymentDetail.parse(res.json<{ data: unknown }>().data);
      expect(detail.webhookDeliveries).toEqual([
        expect.objectContaining({
          paymentId: ids[0],
          eventType: 'payment.paid',
          ok: false,
          responseStatus: 503,
          attempt: 1,
          nextRetryAt: '2026-03-01T10:06:00.000Z',
        }),
        expect.objectContaining({ ok: false, responseStatus: null, error: 'timed out', durationMs: 10_000, attempt: 2 }),
        expect.objectContaining({
          ok: true,
          responseStatus: 200,
          durationMs: 85,
          attempt: 3,
          nextRetryAt: null,
          createdAt: '2026-03-01T10:08:00.000Z',
        }),
      ]);
      expect(res.body).not.toContain('never-on-the-wire');
      const other = ZMoneyPaymentDetail.parse((await get(`/api/staff/money/payments/${ids[2]}`)).json<{ data: unknown }>().data);
      expect(other.webhookDeliveries).toEqual([]);
      expect((await get(`/api/staff/money/payments/${ids[0]}`, agent)).statusCode).toBe(403);
    });
  });

  describe.skipIf(backend.skip)('revenue', () => {
    it('sums paid payments per UTC day, project and currency, never adding currencies', async () => {
      const res = await get('/api/staff/money/revenue?from=2026-03-01&to=2026-03-31');
      const report = ZRevenueReport.parse(res.json<{ data: unknown }>().data);
      expect(report.rows).toEqual([
        {
          day: '2026-03-01',
          project: 'familytown',
          currency: 'RUB',
          payments: 1,
          amountMinor: 9900,
          amount: '99.00',
          refundsMinor: 0,
          refunds: '0.00',
          disputesMinor: 0,
          disputes: '0.00',
          netMinor: 9900,
          net: '99.00',
        },
        {
          day: '2026-03-02',
          project: 'familytown',
          currency: 'RUB',
          payments: 1,
          amountMinor: 9900,
          amount: '99.00',
          refundsMinor: 0,
          refunds: '0.00',
          disputesMinor: 0,
          disputes: '0.00',
          netMinor: 9900,
          net: '99.00',
        },
        {
          day: '2026-03-02',
          project: 'neuroarena',
          currency: 'USD',
          payments: 1,
          amountMinor: 499,
          amount: '4.99',
          refundsMinor: 0,
          refunds: '0.00',
          disputesMinor: 0,
          disputes: '0.00',
          netMinor: 499,
          net: '4.99',
        },
      ]);
      expect(report.totals).toEqual(
        expect.arrayContaining([
          {
            currency: 'RUB',
            payments: 2,
            amountMinor: 19800,
            amount: '198.00',
            refundsMinor: 0,
            refunds: '0.00',
            disputesMinor: 0,
            disputes: '0.00',
            netMinor: 19800,
            net: '198.00',
          },
          {
            currency: 'USD',
            payments: 1,
            amountMinor: 499,
            amount: '4.99',
            refundsMinor: 0,
            refunds: '0.00',
            disputesMinor: 0,
            disputes: '0.00',
            netMinor: 499,
            net: '4.99',
          },
        ]),
      );
      const rubOnly = ZRevenueReport.parse(
        (await get('/api/staff/money/revenue?from=2026-03-02&to=2026-03-02&currency=RUB')).json<{ data: unknown }>().data,
      );
      expect(rubOnly.rows.map((row) => row.amountMinor)).toEqual([9900]);
    });

    it('exports the same report as CSV', async () => {
      const res = await get('/api/staff/money/revenue.csv?from=2026-03-01&to=2026-03-31&project=familytown');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="revenue-2026-03-01-2026-03-31.csv"');
      expect(res.body.split('\r\n')).toEqual([
        'day,project,currency,payments,amount,refunds,disputes,net',
        '2026-03-01,familytown,RUB,1,99.00,0.00,0.00,99.00',
        '2026-03-02,familytown,RUB,1,99.00,0.00,0.00,99.00',
        'total,,RUB,2,198.00,0.00,0.00,198.00',
        '',
      ]);
    });

    it('refuses a backwards or too long range, and staff who do not read money', async () => {
      expect((await get('/api/staff/money/revenue?from=2026-03-05&to=2026-03-01')).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect((await get('/api/staff/money/revenue?from=2024-01-01&to=2026-03-01')).statusCode).toBe(400);
      expect((await get('/api/staff/money/revenue?from=2026-13-01&to=2026-03-01')).statusCode).toBe(400);
      for (const url of [
        '/api/staff/money/payments',
        `/api/staff/money/payments/${ids[0]}`,
        '/api/staff/money/revenue.csv?from=2026-03-01&to=2026-03-02',
      ]) {
        expect((await get(url, agent)).statusCode, url).toBe(403);
        expect((await get(url, {})).statusCode, url).toBe(401);
      }
    });
  });
});
