import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { signStripeWebhook, startStripeFake, type StripeFake } from '../../integrations/payments/testing/stripe-fake.ts';
import { startYandexPayFake, type YandexPayFake } from '../../integrations/payments/testing/yandex-pay-fake.ts';
import { startYookassaFake, type YookassaFake } from '../../integrations/payments/testing/yookassa-fake.ts';
import { RECONCILE_JOB } from './service.ts';
import { makePlayer, staffHeaders, startWebhookReceiver, type WebhookReceiver } from './testing/helpers.ts';

/**
 * "No paid payment is ever lost": a player who switches providers on the payment
 * screen leaves the first provider's payment behind; if that one is paid after all, it pays
 * the payment. Real adapters against the local protocol servers, over both databases.
 */
const STRIPE = { secretKey: 'sk_test_attempts', webhookSecret: 'whsec_attempts' };
const KASSA = { shopId: '65432', secretKey: 'test_kassa_attempts' };
const YANDEX = { merchantId: 'merchant-attempts', apiKey: 'merchant-attempts' };
const ADMIN = { ADMIN_EMAIL: 'admin@portal.example', ADMIN_PASSWORD: 'admin-password-1' };

describe.each(backends)('provider attempts over $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let stripe: StripeFake;
  let kassa: YookassaFake;
  let yandex: YandexPayFake;
  let receiver: WebhookReceiver;
  let key: string;
  let player: Awaited<ReturnType<typeof makePlayer>>;

  const newPayment = async (priceId = 'ft-coins-100') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${key}` },
      payload: { userId: player.id, priceId },
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { paymentId: string }).paymentId;
  };
  const gameServerView = async (id: string) =>
    (await app.inject({ url: `/api/v1/payments/${id}`, headers: { authorization: `Bearer ${key}` } })).json() as Record<string, unknown>;
  const postWebhook = (provider: string, body: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/payments/webhooks/${provider}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  const deliveredFor = (id: string) => receiver.received.filter((event) => event.data.paymentId === id);
  const kassaRefOf = (id: string) => [...kassa.payments.entries()].find(([, p]) => p.metadata.paymentId === id)?.[0] as string;
  const stripeCreate = async (id: string) =>
    ((await app.inject({ url: `/api/payments/stripe/create/${id}`, headers: player.auth })).json() as { data: { id: string } }).data.id;

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    stripe = await startStripeFake({ secretKey: STRIPE.secretKey });
    kassa = await startYookassaFake(KASSA);
    yandex = await startYandexPayFake(YANDEX);
    app = await buildTestApp(
      {
        ...ADMIN,
        JOB_POLL_INTERVAL_MS: '50',
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        STRIPE_API_BASE: stripe.url,
        YOOKASSA_SHOP_ID: KASSA.shopId,
        YOOKASSA_SECRET_KEY: KASSA.secretKey,
        YOOKASSA_API_BASE: kassa.apiBaseUrl,
        YANDEX_PAY_MERCHANT_ID: YANDEX.merchantId,
        YANDEX_PAY_API_KEY: YANDEX.apiKey,
        YANDEX_PAY_API_BASE: yandex.url,
        YANDEX_PAY_JWKS_URL: yandex.jwksUrl,
      },
      { database: testDb.database },
    );
    const admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    key = ((await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: admin })).json() as { key: string })
      .key;
    receiver = await startWebhookReceiver();
    const hook = await app.inject({
      method: 'PUT',
      url: '/api/staff/projects/familytown/webhook',
      headers: admin,
      payload: { url: receiver.url },
    });
    receiver.secret = (hook.json() as { secret: string }).secret;
    player = await makePlayer(app);
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([stripe?.close(), kassa?.close(), yandex?.close(), receiver?.close()]);
    await testDb?.drop();
  });

  it.skipIf(backend.skip)(
    'switched from YooKassa to Stripe: the YooKassa payment, paid late, pays the payment once and tells the game server',
    async () => {
      const id = await newPayment();
      await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth });
      const kassaRef = kassaRefOf(id);
      const intent = await stripeCreate(id);
      expect(await gameServerView(id)).toMatchObject({ provider: 'stripe', currency: 'USD', status: 'none' });
      // YooKassa cannot cancel an unpaid payment: the widget left open confirms after all.
      kassa.succeed(kassaRef);
      const notification = kassa.notificationFor(kassaRef, 'payment.succeeded');
      expect((await postWebhook('yookassa', notification)).json()).toMatchObject({ outcome: 'applied' });
      expect(await gameServerView(id)).toMatchObject({
        status: 'paid',
        provider: 'yookassa',
        amount: '79.00',
        amountMinor: 7900,
        currency: 'RUB',
      });
      await expect.poll(() => deliveredFor(id).map((event) => event.type), { timeout: 5000 }).toEqual(['payment.paid']);
      expect(deliveredFor(id)[0]?.data).toMatchObject({ provider: 'yookassa', amountMinor: 7900, currency: 'RUB' });

      // The notification again, and the Stripe intent paid too late, change nothing.
      expect((await postWebhook('yookassa', notification)).json()).toMatchObject({ outcome: 'unchanged' });
      stripe.succeed(intent);
      const late = stripe.eventFor(intent, 'payment_intent.succeeded');
      expect(
        (await postWebhook('stripe', late, { 'stripe-signature': signStripeWebhook(late, STRIPE.webhookSecret) })).json(),
      ).toMatchObject({ outcome: 'unchanged' });
      expect(
        (await postWebhook('stripe', late, { 'stripe-signature': signStripeWebhook(late, STRIPE.webhookSecret) })).json(),
      ).toMatchObject({ outcome: 'replayed' });
      expect(await gameServerView(id)).toMatchObject({ status: 'paid', provider: 'yookassa', currency: 'RUB' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(deliveredFor(id).map((event) => event.type)).toEqual(['payment.paid']);
    },
  );

  it.skipIf(backend.skip)(
    'switched from Stripe to YooKassa: the Stripe intent is cancelled, its cancellation does not end the payment, a replayed success pays once',
    async () => {
      const id = await newPayment();
      const intent = await stripeCreate(id);
      await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth });
      expect(stripe.intents.get(intent)?.status).toBe('canceled');
      const canceled = stripe.eventFor(intent, 'payment_intent.canceled');
      expect(
        (await postWebhook('stripe', canceled, { 'stripe-signature': signStripeWebhook(canceled, STRIPE.webhookSecret) })).json(),
      ).toMatchObject({ outcome: 'unchanged' });
      expect(await gameServerView(id)).toMatchObject({ status: 'none', provider: 'yookassa' });

      // Back to Stripe: a fresh intent (the old one is cancelled), and the YooKassa payment is kept.
      const again = await stripeCreate(id);
      expect(again).not.toBe(intent);
      expect(stripe.intents.get(again)?.status).not.toBe('canceled');
      // The reconciliation of the newest attempt re-reads the YooKassa one too.
      kassa.succeed(kassaRefOf(id));
      const reconcile = app.payments.service.jobKinds()[RECONCILE_JOB];
      await reconcile?.handler({ paymentId: id, providerRef: again }, { id: 0, attempt: 1, log: app.log });
      expect(await gameServerView(id)).toMatchObject({ status: 'paid', provider: 'yookassa' });
      await expect.poll(() => deliveredFor(id).map((event) => event.type), { timeout: 5000 }).toEqual(['payment.paid']);
    },
  );

  it.skipIf(backend.skip)('another amount reported for the earlier attempt changes nothing', async () => {
    const id = await newPayment('ft-gems-50');
    await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth });
    const kassaRef = kassaRefOf(id);
    await stripeCreate(id);
    const fake = kassa.payments.get(kassaRef);
    if (!fake) throw new Error('no YooKassa payment');
    fake.amount = { value: '1.00', currency: 'RUB' };
    kassa.succeed(kassaRef);
    expect((await postWebhook('yookassa', kassa.notificationFor(kassaRef, 'payment.succeeded'))).json()).toMatchObject({
      outcome: 'mismatch',
    });
    // In USD, as the Stripe attempt, it is no better.
    fake.amount = { value: '1.99', currency: 'USD' };
    expect((await postWebhook('yookassa', kassa.notificationFor(kassaRef, 'payment.succeeded'))).json()).toMatchObject({
      outcome: 'mismatch',
    });
    expect(await gameServerView(id)).toMatchObject({ status: 'none', provider: 'stripe' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveredFor(id)).toEqual([]);
  });
});
