import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZRevenueReport } from '@portal/contracts/money-console';
import { buildTestApp } from '../../../test/app.ts';
import { signStripeWebhook, startStripeFake, type StripeFake } from '../../integrations/payments/testing/stripe-fake.ts';
import { makePlayer, staffHeaders, startWebhookReceiver, type WebhookReceiver } from './testing/helpers.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@modes.example', ADMIN_PASSWORD: 'admin-password-1' };
/** Stripe with live keys (a local Stripe); YooKassa and Yandex Pay are this deployment's sandbox. */
const STRIPE = { secretKey: 'sk_live_modes', webhookSecret: 'whsec_modes' };

/** Test and live kept apart: keys, payments, providers, webhooks, revenue. */
describe('test and live', () => {
  let app: FastifyInstance;
  let stripe: StripeFake;
  let receiver: WebhookReceiver;
  let admin: Record<string, string>;
  let player: Awaited<ReturnType<typeof makePlayer>>;
  const keys = { test: '', live: '' };

  const create = (key: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${key}` },
      payload: { userId: player.id, priceId: 'ft-coins-100' },
    });
  const methods = async (id: string) =>
    (await app.inject({ url: `/api/payments/process/${id}`, headers: player.auth }))
      .json<{ data: { providers: Array<{ id: string }> } }>()
      .data.providers.map((p) => p.id);

  beforeAll(async () => {
    stripe = await startStripeFake({ secretKey: STRIPE.secretKey });
    app = await buildTestApp({
      ...ADMIN,
      JOB_POLL_INTERVAL_MS: '50',
      STRIPE_SECRET_KEY: STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    });
    admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    for (const mode of ['test', 'live'] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: admin, payload: { mode } });
      expect(res.json()).toMatchObject({ mode });
      keys[mode] = res.json<{ key: string }>().key;
      expect(keys[mode]).toMatch(new RegExp(`^ppk_${mode}_[0-9a-f]{12}_`));
    }
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
    await Promise.all([stripe?.close(), receiver?.close()]);
  });

  it('a live key never reaches the sandbox; a test key cannot sell for real; each key reads its own mode only', async () => {
    const live = (await create(keys.live)).json<{ paymentId: string }>().paymentId;
    expect(await methods(live)).toEqual(['stripe']);
    expect((await app.inject({ url: `/api/payments/yookassa/create/${live}`, headers: player.auth })).json()).toMatchObject({
      code: 'PAYMENT_METHOD_NOT_ALLOWED',
    });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/payments/sandbox/${live}/complete`,
          headers: player.auth,
          payload: { outcome: 'paid' },
        })
      ).statusCode,
    ).toBe(409);

    const test = (await create(keys.test)).json<{ paymentId: string }>().paymentId;
    expect(await methods(test)).toEqual(['yookassa', 'yandex-pay']);
    expect((await app.inject({ url: `/api/payments/stripe/create/${test}`, headers: player.auth })).json()).toMatchObject({
      code: 'PAYMENT_METHOD_NOT_ALLOWED',
    });

    const read = (id: string, key: string) => app.inject({ url: `/api/v1/payments/${id}`, headers: { authorization: `Bearer ${key}` } });
    expect((await read(live, keys.live)).json()).toMatchObject({ paymentId: live, livemode: true });
    expect((await read(test, keys.test)).json()).toMatchObject({ paymentId: test, livemode: false });
    expect((await read(live, keys.test)).statusCode).toBe(404);
    expect((await read(test, keys.live)).statusCode).toBe(404);
    // A key whose mode was edited in its text is no key.
    expect((await create(keys.test.replace('ppk_test_', 'ppk_live_'))).statusCode).toBe(401);
  });

  it('webhooks carry livemode; revenue shows live money by default and test payments only when asked', async () => {
    const live = (await create(keys.live)).json<{ paymentId: string }>().paymentId;
    const { data } = (await app.inject({ url: `/api/payments/stripe/create/${live}`, headers: player.auth })).json<{
      data: { id: string };
    }>();
    stripe.succeed(data.id);
    const paid = stripe.eventFor(data.id, 'payment_intent.succeeded');
    await app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signStripeWebhook(paid, STRIPE.webhookSecret) },
      payload: paid,
    });
    const test = (await create(keys.test)).json<{ paymentId: string }>().paymentId;
    await app.inject({ url: `/api/payments/yookassa/create/${test}`, headers: player.auth });
    await app.inject({ method: 'POST', url: `/api/payments/sandbox/${test}/complete`, headers: player.auth, payload: { outcome: 'paid' } });

    await expect.poll(() => receiver.received.filter((event) => event.type === 'payment.paid').length, { timeout: 10_000 }).toBe(2);
    const modes = Object.fromEntries(
      receiver.received.map((event) => [
        event.data.paymentId,
        (event as unknown as { livemode: boolean; data: { livemode: boolean } }).livemode,
      ]),
    );
    expect(modes).toEqual({ [live]: true, [test]: false });

    const day = new Date().toISOString().slice(0, 10);
    const revenue = async (query = '') =>
      ZRevenueReport.parse(
        (await app.inject({ url: `/api/staff/money/revenue?from=${day}&to=${day}${query}`, headers: admin })).json<{ data: unknown }>()
          .data,
      ).totals.map((total) => [total.currency, total.payments, total.amount]);
    expect(await revenue()).toEqual([['USD', 1, '0.99']]);
    expect(await revenue('&mode=test')).toEqual([['RUB', 1, '79.00']]);
    const search = async (query = '') =>
      (await app.inject({ url: `/api/staff/money/payments?status=paid${query}`, headers: admin }))
        .json<{ data: { items: Array<{ paymentId: string }> } }>()
        .data.items.map((item) => item.paymentId);
    expect(await search()).toEqual([live]);
    expect(await search('&mode=test')).toEqual([test]);
  });
});
