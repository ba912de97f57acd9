import { ZGameServerPayment, ZPaymentProcessResponse } from '@portal/contracts/payments';
import type { FastifyInstance } from 'fastify';
import { jwtVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZStaffTicket } from '@portal/contracts/support';
import { users } from '../../db/schema.ts';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { createTableSandboxStore } from './sandbox-store.ts';
import { makePlayer, staffHeaders, startWebhookReceiver, type WebhookReceiver } from './testing/helpers.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@portal.example', ADMIN_PASSWORD: 'admin-password-1' };

describe.each(backends)('payments over $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let key: string;
  let receiver: WebhookReceiver;
  const game = () => ({ authorization: `Bearer ${key}` });

  const create = (body: Record<string, unknown>, headers: Record<string, string> = game()) =>
    app.inject({ method: 'POST', url: '/api/v1/payments', headers, payload: body });

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    app = await buildTestApp({ ...ADMIN, JOB_POLL_INTERVAL_MS: '50' }, { database: testDb.database });
    admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const keyRes = await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: admin });
    expect(keyRes.statusCode).toBe(201);
    key = (keyRes.json() as { key: string }).key;
    receiver = await startWebhookReceiver();
    const hook = await app.inject({
      method: 'PUT',
      url: '/api/staff/projects/familytown/webhook',
      headers: admin,
      payload: { url: receiver.url },
    });
    expect(hook.statusCode).toBe(200);
    receiver.secret = (hook.json() as { secret: string }).secret;
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await testDb?.drop();
  });

  describe.skipIf(backend.skip)('staff', () => {
    it('the admin of ADMIN_EMAIL exists once; wrong passwords and player tokens are refused', async () => {
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { email: ADMIN.ADMIN_EMAIL, password: 'nope-nope-1' },
      });
      expect(wrong.statusCode).toBe(401);
      const unknown = await app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { email: 'who@x.example', password: 'nope-nope-1' },
      });
      expect(unknown.statusCode).toBe(401);
      expect(await app.staff.service.ensureAdmin(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).toBe('unchanged');
      const player = await makePlayer(app);
      const asPlayer = await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: player.auth });
      expect(asPlayer.statusCode).toBe(401);
      const none = await app.inject({ method: 'GET', url: '/api/staff/payments' });
      expect(none.statusCode).toBe(401);
    });

    it('a support member may look up payments but not create keys', async () => {
      await app.staff.service.createAccount('agent@portal.example', 'agent-password-1', 'support');
      const agent = await staffHeaders(app, 'agent@portal.example', 'agent-password-1');
      expect((await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: agent })).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/staff/payments?project=familytown', headers: agent })).statusCode).toBe(200);
    });

    it('keys and webhooks need a known project', async () => {
      expect((await app.inject({ method: 'POST', url: '/api/staff/projects/nosuch/api-keys', headers: admin })).statusCode).toBe(404);
      const bad = await app.inject({
        method: 'PUT',
        url: '/api/staff/projects/familytown/webhook',
        headers: admin,
        payload: { url: 'ftp://x' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe.skipIf(backend.skip)('game-server API', () => {
    // userId is a portal player's id.
    const players: Record<string, string> = {};
    beforeAll(async () => {
      if (backend.skip) return;
      for (const name of ['u-1', 'u-2', 'u-3', 'u', 'u-9']) players[name] = (await makePlayer(app, name)).id;
    });

    it('creates from the price list and reads it back', async () => {
      const res = await create({ userId: players['u-1'], priceId: 'ft-coins-100', payload: 'order-1' });
      expect(res.statusCode).toBe(201);
      const body = res.json() as { paymentId: string; paymentUrl: string; status: string };
      expect(body.status).toBe('none');
      expect(body.paymentUrl).toBe(`http://localhost:8080/payments/process/${body.paymentId}`);
      const got = await app.inject({ url: `/api/v1/payments/${body.paymentId}`, headers: game() });
      expect(got.statusCode).toBe(200);
      const payment = ZGameServerPayment.parse(got.json());
      expect(payment).toMatchObject({
        project: 'familytown',
        userId: players['u-1'],
        priceId: 'ft-coins-100',
        amount: '79.00',
        amountMinor: 7900,
        currency: 'RUB',
        payload: 'order-1',
      });
    });

    it('the same idempotency key gives the same payment; another body under it is a conflict', async () => {
      const a = await create({ userId: players['u-2'], priceId: 'ft-gems-50', idempotencyKey: 'k-1' });
      const b = await create({ userId: players['u-2'], priceId: 'ft-gems-50', idempotencyKey: 'k-1' });
      expect(a.statusCode).toBe(201);
      expect(b.statusCode).toBe(201);
      expect(b.json()).toEqual(a.json());
      const [c, d] = await Promise.all([
        create({ userId: players['u-2'], priceId: 'ft-gems-50', idempotencyKey: 'k-2' }),
        create({ userId: players['u-2'], priceId: 'ft-gems-50', idempotencyKey: 'k-2' }),
      ]);
      expect(c.json()).toEqual(d.json());
      expect((await create({ userId: players['u-3'], priceId: 'ft-gems-50', idempotencyKey: 'k-1' })).statusCode).toBe(409);
    });

    it('refuses bad keys, unknown or foreign prices and a caller amount', async () => {
      expect((await create({ userId: players['u'], priceId: 'ft-coins-100' }, {})).statusCode).toBe(401);
      expect(
        (
          await create(
            { userId: players['u'], priceId: 'ft-coins-100' },
            { authorization: 'Bearer ppk_000000000000_xxxxxxxxxxxxxxxxxxxxxxxxxxxx' },
          )
        ).statusCode,
      ).toBe(401);
      expect((await create({ userId: players['u'], priceId: 'ft-coins-100' }, { authorization: `Bearer ${key}x` })).statusCode).toBe(401);
      expect((await create({ userId: players['u'], priceId: 'no-such-price' })).statusCode).toBe(404);
      expect((await create({ userId: players['u'], priceId: 'na-gems-80' })).statusCode).toBe(404);
      const amount = await create({ userId: players['u'], priceId: 'ft-coins-100', amount: 1 });
      expect(amount.statusCode).toBe(400);
    });

    it('refuses a userId that is no player of the portal with 404 USER_NOT_FOUND', async () => {
      for (const userId of ['u-unknown', '00000000-0000-4000-8000-000000000000']) {
        const res = await create({ userId, priceId: 'ft-coins-100' });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND', message: expect.any(String) });
      }
      const gone = await makePlayer(app, 'Gone');
      await app.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
      expect((await create({ userId: gone.id, priceId: 'ft-coins-100' })).json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    });

    it('another project cannot read the payment', async () => {
      const other = await app.inject({ method: 'POST', url: '/api/staff/projects/neuroarena/api-keys', headers: admin });
      const otherKey = (other.json() as { key: string }).key;
      const res = await create({ userId: players['u-9'], priceId: 'ft-coins-100' });
      const id = (res.json() as { paymentId: string }).paymentId;
      expect((await app.inject({ url: `/api/v1/payments/${id}`, headers: { authorization: `Bearer ${otherKey}` } })).statusCode).toBe(404);
    });
  });

  describe.skipIf(backend.skip)('player and sandbox', () => {
    it('pays through the sandbox: process, create, pending, paid, token, history, signed webhook', async () => {
      const player = await makePlayer(app, 'Farmer');
      const stranger = await makePlayer(app, 'Other');
      const res = await create({ userId: player.id, priceId: 'ft-coins-550', payload: 'p-42' });
      const id = (res.json() as { paymentId: string }).paymentId;

      expect((await app.inject({ url: `/api/payments/process/${id}` })).statusCode).toBe(401);
      expect((await app.inject({ url: `/api/payments/process/${id}`, headers: stranger.auth })).statusCode).toBe(404);
      expect((await app.inject({ url: `/api/payments/get/${id}`, headers: stranger.auth })).statusCode).toBe(404);

      const processRes = await app.inject({ url: `/api/payments/process/${id}`, headers: player.auth });
      expect(processRes.statusCode).toBe(200);
      const processed = ZPaymentProcessResponse.parse((processRes.json() as { data: unknown }).data);
      expect(processed.paymentData).toMatchObject({
        projectName: 'Family Town',
        ruName: 'Сундук монет',
        enName: 'Chest of coins',
        ruPrice: 349,
        enPrice: 4.99,
      });
      expect(processed.providers.map((p) => p.id)).toEqual(['stripe', 'yookassa', 'yandex-pay']);
      expect(processed.profileData.nickName).toBe('Farmer');

      const mail = await app.inject({
        method: 'POST',
        url: '/api/payments/update-mail-to-receive-check',
        headers: player.auth,
        payload: { email: 'Receipts@Example.com' },
      });
      expect(mail.statusCode).toBe(200);
      const badMail = await app.inject({
        method: 'POST',
        url: '/api/payments/update-mail-to-receive-check',
        headers: player.auth,
        payload: { email: 'nope' },
      });
      expect(badMail.statusCode).toBe(400);

      const stripe = await app.inject({ url: `/api/payments/stripe/create/${id}`, headers: player.auth });
      expect(stripe.statusCode).toBe(200);
      expect((stripe.json() as { data: { sandbox: boolean } }).data.sandbox).toBe(true);
      expect((await app.inject({ url: `/api/payments/set-pending/${id}`, headers: player.auth })).json()).toEqual({
        data: { status: 'pending' },
      });
      const strangerPays = await app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${id}/complete`,
        headers: stranger.auth,
        payload: { outcome: 'paid' },
      });
      expect(strangerPays.statusCode).toBe(404);
      const paid = await app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${id}/complete`,
        headers: player.auth,
        payload: { outcome: 'paid' },
      });
      expect(paid.json()).toEqual({ data: { status: 'paid' } });
      // Forward only: a later cancel changes nothing.
      await app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${id}/complete`,
        headers: player.auth,
        payload: { outcome: 'canceled' },
      });

      const got = (await app.inject({ url: `/api/payments/get/${id}`, headers: player.auth })).json() as {
        data: { status: string; payload: string; token: string };
      };
      expect(got.data).toMatchObject({ status: 'paid', payload: 'p-42', finished: true });
      const jwks = (await app.inject({ url: '/.well-known/jwks.json' })).json() as JSONWebKeySet;
      const { payload } = await jwtVerify(got.data.token, createLocalJWKSet(jwks), { audience: 'familytown' });
      expect(payload).toMatchObject({ paymentId: id, status: 'paid', sub: player.id, amountMinor: 499, currency: 'USD' });

      const history = (await app.inject({ url: '/api/payments/get-user-payments', headers: player.auth })).json() as {
        data: Array<{ uuid: string }>;
      };
      expect(history.data.map((item) => item.uuid)).toEqual([id]);
      expect((await app.inject({ url: `/api/payments/get-user-payment?paymentId=${id}`, headers: stranger.auth })).json()).toEqual({
        data: { result: null },
      });
      const one = (await app.inject({ url: `/api/payments/get-user-payment?paymentId=${id}`, headers: player.auth })).json() as {
        data: { result: unknown };
      };
      expect(one.data.result).toMatchObject({
        uuid: id,
        title: 'Chest of coins',
        price: 4.99,
        currency: 'USD',
        status: 'paid',
        projectName: 'Family Town',
      });

      await expect.poll(() => receiver.received.filter((e) => e.data.paymentId === id), { timeout: 5000 }).toHaveLength(1);
      expect(receiver.received.find((e) => e.data.paymentId === id)).toMatchObject({
        type: 'payment.paid',
        data: { status: 'paid', amount: '4.99' },
      });
      expect(receiver.received.find((e) => e.data.paymentId === id)?.id).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(receiver.attempts.find((attempt) => attempt.paymentId === id)?.eventId).toBe(
        receiver.received.find((e) => e.data.paymentId === id)?.id,
      );
      expect(receiver.forged).toBe(0);

      const staffView = await app.inject({ url: `/api/staff/payments/${id}`, headers: admin });
      expect(staffView.json()).toMatchObject({ paymentId: id, status: 'paid', receiptEmail: 'receipts@example.com', provider: 'stripe' });
      const byUser = (await app.inject({ url: `/api/staff/payments?userId=${player.id}`, headers: admin })).json() as unknown[];
      expect(byUser).toHaveLength(1);
    });

    it("the sandbox's payment window pays the order its URL names, with no session", async () => {
      const player = await makePlayer(app, 'Windowed');
      const id = (await create({ userId: player.id, priceId: 'ft-coins-100' })).json<{ paymentId: string }>().paymentId;
      const made = await app.inject({
        method: 'POST',
        url: '/api/payments/yandex-pay/create',
        headers: player.auth,
        payload: { paymentId: id },
      });
      const paymentUrl = new URL(made.json<{ data: { paymentUrl: string } }>().data.paymentUrl, 'http://localhost');
      expect(paymentUrl.searchParams.get('checkout')).toBe('sandbox');
      const order = paymentUrl.searchParams.get('order')!;
      expect(order).toMatch(/^sbx_yandex-pay_[0-9a-f-]{36}$/);
      const complete = (body: object) => app.inject({ method: 'POST', url: '/api/payments/sandbox/order/complete', payload: body });
      expect((await complete({ order: 'sbx_yandex-pay_00000000-0000-4000-8000-000000000000', outcome: 'paid' })).statusCode).toBe(404);
      expect((await complete({ order: 'not-an-order', outcome: 'paid' })).statusCode).toBe(400);
      expect((await complete({ order, outcome: 'paid' })).json()).toEqual({ data: { status: 'paid' } });
      expect((await app.inject({ url: `/api/payments/get/${id}`, headers: player.auth })).json()).toMatchObject({
        data: { status: 'paid' },
      });
    });

    it('switching sandbox providers cancels the abandoned sandbox payment without ending the payment; switching back starts afresh', async () => {
      const player = await makePlayer(app);
      const id = ((await create({ userId: player.id, priceId: 'ft-coins-100' })).json() as { paymentId: string }).paymentId;
      expect((await app.inject({ url: `/api/payments/stripe/create/${id}`, headers: player.auth })).statusCode).toBe(200);
      const first = await app.payments.service.find(id);
      expect((await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth })).statusCode).toBe(200);
      expect(await app.payments.service.providers.get('stripe').getPayment(first?.providerRef as string)).toMatchObject({
        status: 'canceled',
      });
      expect(await app.payments.service.find(id)).toMatchObject({
        status: 'none',
        finishedAt: null,
        provider: 'yookassa',
        currency: 'RUB',
      });
      expect((await app.inject({ url: `/api/payments/stripe/create/${id}`, headers: player.auth })).statusCode).toBe(200);
      const back = await app.payments.service.find(id);
      expect(back?.providerRef).not.toBe(first?.providerRef);
      expect((await app.payments.service.attempts(id)).map((attempt) => attempt.provider)).toEqual(['stripe', 'yookassa', 'stripe']);
      const paid = await app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${id}/complete`,
        headers: player.auth,
        payload: { outcome: 'paid' },
      });
      expect(paid.json()).toEqual({ data: { status: 'paid' } });
      await expect
        .poll(() => receiver.received.filter((e) => e.data.paymentId === id).map((e) => e.type), { timeout: 5000 })
        .toEqual(['payment.paid']);
      expect(receiver.received.find((e) => e.data.paymentId === id)?.data).toMatchObject({
        provider: 'stripe',
        currency: 'USD',
        amountMinor: 99,
      });
    });

    it('a completion retried after the process died between the sandbox and the payment catches the payment up', async () => {
      const player = await makePlayer(app);
      const id = ((await create({ userId: player.id, priceId: 'ft-coins-100' })).json() as { paymentId: string }).paymentId;
      expect((await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth })).statusCode).toBe(200);
      const opened = await app.payments.service.find(id);
      // The sandbox recorded the payment as paid, and the process died before applying it.
      expect(
        await createTableSandboxStore(testDb.database.db).transition(opened?.providerRef as string, 'pending', 'paid', new Date()),
      ).toBe(true);
      expect(await app.payments.service.find(id)).toMatchObject({ status: 'none', finishedAt: null });
      const retried = await app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${id}/complete`,
        headers: player.auth,
        payload: { outcome: 'paid' },
      });
      expect(retried.json()).toEqual({ data: { status: 'paid' } });
      await expect
        .poll(() => receiver.received.filter((e) => e.data.paymentId === id).map((e) => e.type), { timeout: 5000 })
        .toEqual(['payment.paid']);
    });

    it("the staff ticket view lists the player's recent payments without internal columns", async () => {
      const player = await makePlayer(app, 'Asker');
      await app.inject({
        method: 'POST',
        url: '/api/payments/update-mail-to-receive-check',
        headers: player.auth,
        payload: { email: 'asker@example.com' },
      });
      const id = (
        (await create({ userId: player.id, priceId: 'ft-gems-50', idempotencyKey: 'ticket-view-1', payload: 'order-t' })).json() as {
          paymentId: string;
        }
      ).paymentId;
      expect((await app.inject({ url: `/api/payments/stripe/create/${id}`, headers: player.auth })).statusCode).toBe(200);
      const form = new FormData();
      form.append('data', JSON.stringify({ title: 'Coins missing', text: '<p>Paid, no gems</p>' }));
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const ticket = await app.inject({
        method: 'POST',
        url: '/api/support/create-ticket',
        headers: { ...player.auth, 'content-type': request.headers.get('content-type') ?? '' },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(ticket.statusCode, ticket.body).toBe(200);
      const ticketId = (ticket.json() as { data: { id: string } }).data.id;
      const view = await app.inject({ url: `/api/staff/tickets/${ticketId}`, headers: admin });
      expect(view.statusCode, view.body).toBe(200);
      const { recentPayments } = ZStaffTicket.parse((view.json() as { data: unknown }).data);
      expect(recentPayments).toEqual([
        {
          paymentId: id,
          project: 'familytown',
          priceId: 'ft-gems-50',
          titleEn: 'Handful of gems',
          titleRu: 'Горсть самоцветов',
          status: 'none',
          amount: '1.99',
          currency: 'USD',
          provider: 'stripe',
          createdAt: expect.any(String),
          paidAt: null,
        },
      ]);
      const raw = JSON.stringify((view.json() as { data: { recentPayments: unknown } }).data.recentPayments);
      for (const internal of [
        'idempotency',
        'providerRef',
        'provider_ref',
        'receipt',
        'asker@example.com',
        'ticket-view-1',
        'Minor',
        '_minor',
        'payload',
      ])
        expect(raw).not.toContain(internal);
    });

    it('history and payment screen speak the interface language: the game by its name, the title whatever the currency', async () => {
      const player = await makePlayer(app, 'Rouble');
      const id = ((await create({ userId: player.id, priceId: 'ft-coins-550' })).json() as { paymentId: string }).paymentId;
      await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth });
      await app.inject({ method: 'POST', url: `/api/payments/sandbox/${id}/complete`, headers: player.auth, payload: { outcome: 'paid' } });
      const inLanguage = (language: string) => ({ ...player.auth, 'frontend-language': language });
      const historyIn = async (language: string) =>
        (
          (await app.inject({ url: '/api/payments/get-user-payments', headers: inLanguage(language) })).json() as {
            data: Array<{ uuid: string }>;
          }
        ).data.find((item) => item.uuid === id);

      expect(await historyIn('en')).toMatchObject({ title: 'Chest of coins', price: 349, currency: 'RUB', projectName: 'Family Town' });
      expect(await historyIn('ru')).toMatchObject({ title: 'Сундук монет', price: 349, currency: 'RUB', projectName: 'Семейный городок' });
      expect(await historyIn('de')).toMatchObject({ title: 'Chest of coins', projectName: 'Familienstadt' });
      const one = (await app.inject({ url: `/api/payments/get-user-payment?paymentId=${id}`, headers: inLanguage('en') })).json() as {
        data: { result: unknown };
      };
      expect(one.data.result).toMatchObject({ title: 'Chest of coins', projectName: 'Family Town' });
      const processed = (await app.inject({ url: `/api/payments/process/${id}`, headers: inLanguage('ru') })).json() as {
        data: { paymentData: { projectName: string } };
      };
      expect(processed.data.paymentData.projectName).toBe('Семейный городок');
    });

    it('purchase history leaves out payments the player never started', async () => {
      const player = await makePlayer(app);
      const newId = async () => ((await create({ userId: player.id, priceId: 'ft-energy-10' })).json() as { paymentId: string }).paymentId;
      const offer = await newId();
      const chosen = await newId();
      const paid = await newId();
      expect((await app.inject({ url: `/api/payments/yookassa/create/${chosen}`, headers: player.auth })).statusCode).toBe(200);
      await app.inject({ url: `/api/payments/stripe/create/${paid}`, headers: player.auth });
      await app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${paid}/complete`,
        headers: player.auth,
        payload: { outcome: 'paid' },
      });
      const history = (await app.inject({ url: '/api/payments/get-user-payments', headers: player.auth })).json() as {
        data: Array<{ uuid: string; status: string }>;
      };
      expect(history.data.map((item) => [item.uuid, item.status]).sort()).toEqual(
        [
          [paid, 'paid'],
          [chosen, 'none'],
        ].sort(),
      );
      expect(history.data.map((item) => item.uuid)).not.toContain(offer);
      // The offer is still there to pay.
      expect((await app.inject({ url: `/api/payments/process/${offer}`, headers: player.auth })).statusCode).toBe(200);
    });

    it('a cancelled and a failed sandbox payment send payment.canceled and payment.failed', async () => {
      const player = await makePlayer(app);
      const ids: string[] = [];
      for (const [provider, outcome] of [
        ['yookassa', 'canceled'],
        ['yandex-pay', 'fail'],
      ] as const) {
        const id = ((await create({ userId: player.id, priceId: 'ft-energy-10' })).json() as { paymentId: string }).paymentId;
        ids.push(id);
        const started =
          provider === 'yookassa'
            ? await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth })
            : await app.inject({
                method: 'POST',
                url: '/api/payments/yandex-pay/create',
                headers: player.auth,
                payload: { paymentId: id },
              });
        expect(started.statusCode).toBe(200);
        const done = await app.inject({
          method: 'POST',
          url: `/api/payments/sandbox/${id}/complete`,
          headers: player.auth,
          payload: { outcome },
        });
        expect(done.json()).toEqual({ data: { status: outcome === 'fail' ? 'fail' : 'none' } });
        // Finished: a new provider payment is refused.
        expect((await app.inject({ url: `/api/payments/stripe/create/${id}`, headers: player.auth })).statusCode).toBe(409);
      }
      await expect
        .poll(
          () =>
            receiver.received
              .filter((e) => ids.includes(e.data.paymentId))
              .map((e) => e.type)
              .sort(),
          { timeout: 5000 },
        )
        .toEqual(['payment.canceled', 'payment.failed']);
    });
  });
});
