import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { signStripeWebhook, startStripeFake, type StripeFake } from '../../integrations/payments/testing/stripe-fake.ts';
import { startYandexPayFake, type YandexPayFake } from '../../integrations/payments/testing/yandex-pay-fake.ts';
import { startYookassaFake, type YookassaFake } from '../../integrations/payments/testing/yookassa-fake.ts';
import { RECONCILE_JOB } from './service.ts';
import { makePlayer, staffHeaders, startWebhookReceiver, type WebhookReceiver } from './testing/helpers.ts';

/** Each real adapter wired through the module, against the local server speaking its protocol. */
const STRIPE = { secretKey: 'sk_test_module', webhookSecret: 'whsec_module' };
const KASSA = { shopId: '54321', secretKey: 'test_kassa_secret' };
const YANDEX = { merchantId: 'merchant-module', apiKey: 'merchant-module' };
const ADMIN = { ADMIN_EMAIL: 'admin@portal.example', ADMIN_PASSWORD: 'admin-password-1' };

describe('payments with the real provider adapters', () => {
  let app: FastifyInstance;
  let stripe: StripeFake;
  let kassa: YookassaFake;
  let yandex: YandexPayFake;
  let receiver: WebhookReceiver;
  let key: string;
  let player: Awaited<ReturnType<typeof makePlayer>>;
  let admin: Record<string, string>;

  const newPayment = async (priceId = 'ft-coins-100') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${key}` },
      payload: { userId: player.id, priceId },
    });
    return (res.json() as { paymentId: string }).paymentId;
  };
  const status = async (id: string) =>
    ((await app.inject({ url: `/api/payments/get/${id}`, headers: player.auth })).json() as { data: { status: string } }).data.status;
  const postWebhook = (provider: string, body: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/payments/webhooks/${provider}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  const deliveredFor = (id: string) => receiver.received.filter((event) => event.data.paymentId === id).map((event) => event.type);

  beforeAll(async () => {
    stripe = await startStripeFake({ secretKey: STRIPE.secretKey });
    kassa = await startYookassaFake(KASSA);
    yandex = await startYandexPayFake(YANDEX);
    app = await buildTestApp({
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
    });
    admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
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
  });

  it('Stripe: PaymentIntent in USD, signed webhook pays once; replayed, tampered and older events change nothing', async () => {
    const id = await newPayment();
    const created = await app.inject({ url: `/api/payments/stripe/create/${id}`, headers: player.auth });
    const { data } = created.json() as { data: { clientSecret: string; id: string; sandbox: boolean } };
    expect(data.sandbox).toBe(false);
    expect(data.clientSecret).toContain(data.id);
    expect(stripe.intents.get(data.id)).toMatchObject({ amount: 99, currency: 'usd' });
    // Asking again gives the same intent (idempotency key per payment and provider).
    const again = (await app.inject({ url: `/api/payments/stripe/create/${id}`, headers: player.auth })).json() as { data: { id: string } };
    expect(again.data.id).toBe(data.id);

    const older = stripe.eventFor(data.id, 'payment_intent.created');
    stripe.succeed(data.id);
    const paid = stripe.eventFor(data.id, 'payment_intent.succeeded');
    const tampered = paid.replace('"amount":99', '"amount":1');
    expect((await postWebhook('stripe', tampered, { 'stripe-signature': signStripeWebhook(paid, STRIPE.webhookSecret) })).statusCode).toBe(
      400,
    );
    expect((await postWebhook('stripe', paid, { 'stripe-signature': signStripeWebhook(paid, 'whsec_forger') })).statusCode).toBe(400);
    expect(await status(id)).toBe('none');

    const first = await postWebhook('stripe', paid, { 'stripe-signature': signStripeWebhook(paid, STRIPE.webhookSecret) });
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    const replay = await postWebhook('stripe', paid, { 'stripe-signature': signStripeWebhook(paid, STRIPE.webhookSecret) });
    expect(replay.json()).toEqual({ received: true, outcome: 'replayed' });
    const late = await postWebhook('stripe', older, { 'stripe-signature': signStripeWebhook(older, STRIPE.webhookSecret) });
    expect(late.statusCode).toBe(200);
    expect(await status(id)).toBe('paid');
    await expect.poll(() => deliveredFor(id), { timeout: 5000 }).toEqual(['payment.paid']);
  });

  it('Stripe: cancellation from the screen ends as none; a declined card keeps the payment open for another try', async () => {
    const id = await newPayment();
    const { data } = (await app.inject({ url: `/api/payments/stripe/create/${id}`, headers: player.auth })).json() as {
      data: { id: string };
    };
    const wrongRef = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/cancellation-payment',
      headers: player.auth,
      payload: { stripePaymentId: 'pi_other', paymentId: id },
    });
    expect(wrongRef.statusCode).toBe(404);
    const cancel = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/cancellation-payment',
      headers: player.auth,
      payload: { stripePaymentId: data.id, paymentId: id },
    });
    expect(cancel.json()).toEqual({ data: { status: 'none' } });
    expect(stripe.intents.get(data.id)?.status).toBe('canceled');
    await expect.poll(() => deliveredFor(id), { timeout: 5000 }).toEqual(['payment.canceled']);

    const declinedId = await newPayment();
    const declined = (await app.inject({ url: `/api/payments/stripe/create/${declinedId}`, headers: player.auth })).json() as {
      data: { id: string };
    };
    stripe.decline(declined.data.id);
    const body = stripe.eventFor(declined.data.id, 'payment_intent.payment_failed');
    await postWebhook('stripe', body, { 'stripe-signature': signStripeWebhook(body, STRIPE.webhookSecret) });
    expect(await status(declinedId)).toBe('pending');
    // The player tries another card in the same Payment Element and pays.
    stripe.succeed(declined.data.id);
    const paid = stripe.eventFor(declined.data.id, 'payment_intent.succeeded');
    await postWebhook('stripe', paid, { 'stripe-signature': signStripeWebhook(paid, STRIPE.webhookSecret) });
    expect(await status(declinedId)).toBe('paid');
  });

  it('YooKassa: embedded confirmation in RUB; a notification is trusted only after re-reading the payment', async () => {
    const id = await newPayment('ft-gems-50');
    const { data } = (await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth })).json() as {
      data: { confirmationToken: string };
    };
    expect(data.confirmationToken).toBeTruthy();
    const [ref, fakePayment] = [...kassa.payments.entries()].find(([, p]) => p.metadata.paymentId === id) ?? [];
    expect(fakePayment?.amount).toEqual({ value: '149.00', currency: 'RUB' });
    expect((await app.inject({ url: `/api/payments/set-pending/${id}`, headers: player.auth })).json()).toEqual({
      data: { status: 'pending' },
    });

    // A forged "succeeded" while YooKassa says pending changes nothing.
    const forged = kassa.notificationFor(ref as string, 'payment.succeeded', { status: 'succeeded', paid: true });
    expect((await postWebhook('yookassa', forged)).json()).toMatchObject({ outcome: 'unchanged' });
    expect(await status(id)).toBe('pending');
    // The modal closes: YooKassa is asked, still pending.
    expect((await app.inject({ url: `/api/payments/yookassa/modal-close/${id}`, headers: player.auth })).json()).toEqual({
      data: { status: 'pending' },
    });

    kassa.succeed(ref as string);
    const real = kassa.notificationFor(ref as string, 'payment.succeeded');
    expect((await postWebhook('yookassa', real)).json()).toMatchObject({ outcome: 'applied' });
    expect(await status(id)).toBe('paid');
    await expect.poll(() => deliveredFor(id), { timeout: 5000 }).toEqual(['payment.paid']);
  });

  it('YooKassa: a payment left pending is found paid by the reconciliation job', async () => {
    const id = await newPayment('ft-energy-10');
    await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth });
    const [ref] = [...kassa.payments.entries()].find(([, p]) => p.metadata.paymentId === id) ?? [];
    const reconcile = app.payments.service.jobKinds()[RECONCILE_JOB];
    const context = { id: 0, attempt: 1, log: app.log };
    await expect(reconcile?.handler({ paymentId: id }, context)).rejects.toThrow(/unfinished/);
    kassa.succeed(ref as string);
    await reconcile?.handler({ paymentId: id }, context);
    expect(await status(id)).toBe('paid');
  });

  it('Yandex Pay: order with a payment URL; ES256 webhooks pay it, forged and expired ones are refused', async () => {
    const id = await newPayment('ft-pass-season');
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/yandex-pay/create',
      headers: player.auth,
      payload: { paymentId: id },
    });
    expect(res.json()).toMatchObject({ code: 200, status: 'success', data: { sandbox: false } });
    expect((res.json() as { data: { paymentUrl: string } }).data.paymentUrl).toMatch(/^http/);
    expect(yandex.orders.get(id)).toMatchObject({ orderAmount: '599.00', currencyCode: 'RUB' });

    yandex.setStatus(id, 'CAPTURED');
    const expired = await yandex.orderStatusWebhook(id, { expiresIn: -600 });
    expect((await postWebhook('yandex-pay', expired, { 'content-type': 'application/octet-stream' })).statusCode).toBe(400);
    const otherKey = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])).privateKey;
    const forged = await yandex.orderStatusWebhook(id, { key: otherKey });
    expect((await postWebhook('yandex-pay', forged, { 'content-type': 'application/octet-stream' })).statusCode).toBe(400);
    expect(await status(id)).toBe('none');

    const token = await yandex.orderStatusWebhook(id);
    expect((await postWebhook('yandex-pay', token, { 'content-type': 'application/octet-stream' })).json()).toMatchObject({
      outcome: 'applied',
    });
    expect(await status(id)).toBe('paid');
    await expect.poll(() => deliveredFor(id), { timeout: 5000 }).toEqual(['payment.paid']);
  });

  it('Yandex Pay: a window the page reads as closed cancels nothing; a payment made in it later still counts', async () => {
    const close = (paymentId: string) =>
      app.inject({ method: 'POST', url: '/api/payments/yandex-pay/window-close', headers: player.auth, payload: { paymentId } });
    const late = await newPayment('ft-coins-550');
    expect((await close(late)).statusCode).toBe(409);
    await app.inject({ method: 'POST', url: '/api/payments/yandex-pay/create', headers: player.auth, payload: { paymentId: late } });
    await app.inject({ url: `/api/payments/set-pending/${late}`, headers: player.auth });
    expect(await status(late)).toBe('pending');
    // A framed page may read an open window as closed: the order stays open, nothing is cancelled.
    expect((await close(late)).json()).toEqual({ data: { status: 'pending' } });
    expect(yandex.orders.get(late)?.paymentStatus).toBe('PENDING');
    expect(await status(late)).toBe('pending');
    // The player pays in that window afterwards: Yandex Pay's webhook makes it paid.
    yandex.setStatus(late, 'CAPTURED');
    expect(
      (await postWebhook('yandex-pay', await yandex.orderStatusWebhook(late), { 'content-type': 'application/octet-stream' })).json(),
    ).toMatchObject({
      outcome: 'applied',
    });
    expect(await status(late)).toBe('paid');
    await expect.poll(() => deliveredFor(late), { timeout: 5000 }).toEqual(['payment.paid']);

    // Paid just before the close: the re-read says so at once.
    const paid = await newPayment('ft-gems-50');
    await app.inject({ method: 'POST', url: '/api/payments/yandex-pay/create', headers: player.auth, payload: { paymentId: paid } });
    yandex.setStatus(paid, 'CAPTURED');
    expect((await close(paid)).json()).toEqual({ data: { status: 'paid' } });

    // The player's own cancel, confirmed on the screen, is what ends an unpaid order here.
    const cancelled = await newPayment('ft-energy-10');
    await app.inject({ method: 'POST', url: '/api/payments/yandex-pay/create', headers: player.auth, payload: { paymentId: cancelled } });
    await app.inject({ url: `/api/payments/set-pending/${cancelled}`, headers: player.auth });
    const cancel = await app.inject({
      method: 'POST',
      url: '/api/payments/yandex-pay/cancel',
      headers: player.auth,
      payload: { paymentId: cancelled },
    });
    expect(cancel.json()).toEqual({ data: { status: 'none' } });
    await expect.poll(() => deliveredFor(cancelled), { timeout: 5000 }).toEqual(['payment.canceled']);
  });

  /** A payment paid through Stripe (the intent succeeded and its webhook applied). */
  const paidWithStripe = async () => {
    const id = await newPayment();
    const { data } = (await app.inject({ url: `/api/payments/stripe/create/${id}`, headers: player.auth })).json() as {
      data: { id: string };
    };
    stripe.succeed(data.id);
    const paid = stripe.eventFor(data.id, 'payment_intent.succeeded');
    await postWebhook('stripe', paid, { 'stripe-signature': signStripeWebhook(paid, STRIPE.webhookSecret) });
    expect(await status(id)).toBe('paid');
    return { id, intent: data.id };
  };
  const refundOf = (id: string, amountMinor: number) =>
    app.inject({
      method: 'POST',
      url: `/api/staff/money/payments/${id}/refunds`,
      headers: admin,
      payload: { amountMinor, reason: 'Test refund' },
    });
  const refundsOf = async (id: string) =>
    (await app.inject({ url: `/api/v1/payments/${id}`, headers: { authorization: `Bearer ${key}` } })).json() as {
      refundedAmountMinor: number;
      refunds: Array<{ status: string; amountMinor: number; source: string; failureReason: string | null }>;
      disputes: Array<{ status: string; amountMinor: number; reason: string }>;
    };

  it("Stripe: a console refund goes through Stripe's refund API under the refund's id; one made in Stripe's dashboard arrives by webhook", async () => {
    const { id, intent } = await paidWithStripe();
    const res = await refundOf(id, 40);
    expect(res.statusCode, res.body).toBe(201);
    const [made] = [...stripe.refunds.values()].filter((refund) => refund.payment_intent === intent);
    const refundId = (res.json() as { data: { refundId: string } }).data.refundId;
    expect(made?.metadata.refundId).toBe(refundId);
    expect(stripe.requests.find((r) => r.path === '/v1/refunds' && r.method === 'POST')?.idempotencyKey).toBe(refundId);

    const dashboard = stripe.dashboardRefund(intent, 20);
    const body = stripe.refundEventFor(dashboard.id, 'charge.refund.updated');
    const notice = await postWebhook('stripe', body, { 'stripe-signature': signStripeWebhook(body, STRIPE.webhookSecret) });
    expect(notice.json()).toEqual({ received: true, outcome: 'applied' });
    // The same notice again changes nothing.
    const again = await postWebhook('stripe', body, { 'stripe-signature': signStripeWebhook(body, STRIPE.webhookSecret) });
    expect(again.json()).toEqual({ received: true, outcome: 'unchanged' });
    const read = await refundsOf(id);
    expect(read.refundedAmountMinor).toBe(60);
    expect(read.refunds.map((refund) => [refund.source, refund.status, refund.amountMinor])).toEqual([
      ['staff', 'succeeded', 40],
      ['provider', 'succeeded', 20],
    ]);
    await expect
      .poll(() => receiver.received.filter((event) => event.type === 'payment.refunded' && event.data.paymentId === id).length, {
        timeout: 5000,
      })
      .toBe(2);
    // What is left counts the dashboard's refund: 99 - 60.
    expect((await refundOf(id, 40)).json()).toMatchObject({ code: 'REFUND_EXCEEDS_REMAINING' });
  });

  it('Stripe: a refund Stripe refuses shows its reason and leaves the money to refund; a pending one is finished by its job', async () => {
    const { id, intent } = await paidWithStripe();
    // Refunded at Stripe behind our back: our refund of the whole is refused there.
    stripe.dashboardRefund(intent, 99);
    const refused = await refundOf(id, 99);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'REFUND_FAILED' });
    expect((refused.json() as { message: string }).message).toContain('already been refunded');
    expect((await refundsOf(id)).refunds.find((refund) => refund.source === 'staff')).toMatchObject({ status: 'failed' });

    const second = await paidWithStripe();
    stripe.refundOutcome = 'pending';
    const pending = await refundOf(second.id, 99);
    stripe.refundOutcome = 'succeeded';
    expect((pending.json() as { data: { status: string } }).data.status).toBe('pending');
    const [atStripe] = [...stripe.refunds.values()].filter((refund) => refund.payment_intent === second.intent);
    stripe.finishRefund(atStripe!.id, 'succeeded');
    const body = stripe.refundEventFor(atStripe!.id, 'refund.updated');
    await postWebhook('stripe', body, { 'stripe-signature': signStripeWebhook(body, STRIPE.webhookSecret) });
    expect((await refundsOf(second.id)).refunds).toEqual([
      expect.objectContaining({ status: 'succeeded', amountMinor: 99, source: 'staff' }),
    ]);
  });

  it('Stripe: a dispute is recorded with its state and amount, and each state is told once as payment.disputed', async () => {
    const { id, intent } = await paidWithStripe();
    for (const [type, state] of [
      ['charge.dispute.created', 'needs_response'],
      ['charge.dispute.updated', 'needs_response'],
      ['charge.dispute.closed', 'lost'],
    ] as const) {
      const body = stripe.disputeEventFor(intent, type, { id: `dp_${intent}`, status: state, amount: 99, reason: 'fraudulent' });
      expect((await postWebhook('stripe', body, { 'stripe-signature': signStripeWebhook(body, STRIPE.webhookSecret) })).statusCode).toBe(
        200,
      );
    }
    expect((await refundsOf(id)).disputes).toEqual([expect.objectContaining({ status: 'lost', amountMinor: 99, reason: 'fraudulent' })]);
    await expect
      .poll(
        () =>
          receiver.received
            .filter((event) => event.type === 'payment.disputed' && event.data.paymentId === id)
            .map((event) => (event.data as unknown as { dispute: { status: string } }).dispute.status)
            .sort(),
        { timeout: 5000 },
      )
      .toEqual(['lost', 'open']);
  });

  it('YooKassa: a refund YooKassa cancels shows its reason; a refund made in its dashboard arrives by notification', async () => {
    const id = await newPayment();
    await app.inject({ url: `/api/payments/yookassa/create/${id}`, headers: player.auth });
    const [ref] = [...kassa.payments.entries()].find(([, p]) => p.metadata.paymentId === id) ?? [];
    kassa.succeed(ref as string);
    await postWebhook('yookassa', kassa.notificationFor(ref as string, 'payment.succeeded'));
    expect(await status(id)).toBe('paid');

    kassa.refuseNextRefund = 'rejected_by_payee';
    const refused = await refundOf(id, 1000);
    expect(refused.statusCode).toBe(502);
    expect((refused.json() as { message: string }).message).toContain('rejected_by_payee');
    const dashboard = kassa.dashboardRefund(ref as string, '10.00');
    expect((await postWebhook('yookassa', kassa.refundNotificationFor(dashboard.id))).json()).toEqual({
      received: true,
      outcome: 'applied',
    });
    const read = await refundsOf(id);
    expect(read.refundedAmountMinor).toBe(1000);
    expect(read.refunds.map((refund) => [refund.source, refund.status, refund.failureReason])).toEqual([
      ['staff', 'failed', 'rejected_by_payee'],
      ['provider', 'succeeded', null],
    ]);
    // The failed refund freed its money: the rest (79 - 10) can still be refunded.
    expect((await refundOf(id, 6900)).statusCode).toBe(201);
  });

  it('the sandbox completion refuses real providers', async () => {
    const id = await newPayment();
    await app.inject({ url: `/api/payments/stripe/create/${id}`, headers: player.auth });
    const res = await app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${id}/complete`,
      headers: player.auth,
      payload: { outcome: 'paid' },
    });
    expect(res.statusCode).toBe(400);
  });
});
