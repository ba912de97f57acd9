import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripePaymentProvider } from './stripe.ts';
import { signStripeWebhook, startStripeFake, type StripeFake } from './testing/stripe-fake.ts';
import { startYookassaFake, type YookassaFake } from './testing/yookassa-fake.ts';
import { PaymentProviderError, type CreatePaymentInput } from './types.ts';
import { YookassaPaymentProvider } from './yookassa.ts';
import { YandexPayPaymentProvider } from './yandex-pay.ts';
import { startYandexPayFake, type YandexPayFake } from './testing/yandex-pay-fake.ts';

/** Refunds and disputes of each provider adapter against the local servers that speak their protocols. */

const payment = (currency: 'USD' | 'RUB', amountMinor: number): CreatePaymentInput => ({
  paymentId: `pay_${Math.random().toString(16).slice(2)}`,
  amountMinor,
  currency,
  description: '1000 coins',
  returnUrl: 'http://localhost:8080/payments/done',
  idempotencyKey: `key-${Math.random()}`,
  metadata: { project: 'familytown' },
});

describe('Stripe refunds', () => {
  const WEBHOOK_SECRET = 'whsec_refunds';
  let fake: StripeFake;
  let stripe: StripePaymentProvider;
  beforeAll(async () => {
    fake = await startStripeFake({ secretKey: 'sk_test_refunds' });
    stripe = new StripePaymentProvider({
      secretKey: 'sk_test_refunds',
      webhookSecret: WEBHOOK_SECRET,
      apiBaseUrl: fake.url,
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => fake.close());

  const paidIntent = async (amountMinor = 1000) => {
    const created = await stripe.createPayment(payment('USD', amountMinor));
    fake.succeed(created.providerRef);
    return created.providerRef;
  };

  it('refunds part of an intent with our refund id as the idempotency key and in the metadata; a retry makes no second refund', async () => {
    const intent = await paidIntent(1000);
    const input = {
      providerRef: intent,
      refundId: 'r-1',
      amountMinor: 400,
      currency: 'USD' as const,
      reason: 'Player asked',
      idempotencyKey: 'r-1',
    };
    const first = await stripe.refund(input);
    expect(first).toMatchObject({ providerRef: intent, status: 'succeeded', amountMinor: 400, currency: 'USD', refundId: 'r-1' });
    const request = fake.requests.find((r) => r.path === '/v1/refunds' && r.method === 'POST');
    expect(request?.idempotencyKey).toBe('r-1');
    expect(fake.refunds.get(first.refundRef)?.metadata).toMatchObject({ refundId: 'r-1', reason: 'Player asked' });
    const again = await stripe.refund(input);
    expect(again.refundRef).toBe(first.refundRef);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
  });

  it("refuses more than is left with Stripe's reason, not retryable", async () => {
    const intent = await paidIntent(500);
    await stripe.refund({ providerRef: intent, refundId: 'r-2', amountMinor: 300, currency: 'USD', reason: 'x', idempotencyKey: 'r-2' });
    const refused = await stripe
      .refund({ providerRef: intent, refundId: 'r-3', amountMinor: 300, currency: 'USD', reason: 'x', idempotencyKey: 'r-3' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect(refused).toMatchObject({ providerStatus: 400, providerCode: 'amount_too_large', retryable: false });
    expect((refused as Error).message).toContain('greater than unrefunded amount');
  });

  it("lists an intent's refunds, those made in Stripe's dashboard too, and reads a refund event as a notice about the intent", async () => {
    const intent = await paidIntent(1000);
    const dashboard = fake.dashboardRefund(intent, 250);
    const refunds = await stripe.listRefunds(intent);
    expect(refunds).toEqual([{ refundRef: dashboard.id, providerRef: intent, status: 'succeeded', amountMinor: 250, currency: 'USD' }]);
    for (const type of ['refund.created', 'refund.updated', 'charge.refund.updated']) {
      const body = fake.refundEventFor(dashboard.id, type);
      const notice = await stripe.parseWebhook(body, { 'stripe-signature': signStripeWebhook(body, WEBHOOK_SECRET) });
      expect(notice).toMatchObject({ kind: 'refund', provider: 'stripe', providerRef: intent });
    }
  });

  it('reports a failed refund with its failure reason', async () => {
    const intent = await paidIntent(1000);
    fake.refundOutcome = 'pending';
    const pending = await stripe.refund({
      providerRef: intent,
      refundId: 'r-4',
      amountMinor: 1000,
      currency: 'USD',
      reason: 'x',
      idempotencyKey: 'r-4',
    });
    fake.refundOutcome = 'succeeded';
    expect(pending.status).toBe('pending');
    fake.finishRefund(pending.refundRef, 'failed', 'expired_or_canceled_card');
    expect(await stripe.listRefunds(intent)).toEqual([
      expect.objectContaining({ status: 'failed', failureReason: 'expired_or_canceled_card', refundId: 'r-4' }),
    ]);
  });

  it('reads charge.dispute.* events as disputes with their state and amount', async () => {
    const intent = await paidIntent(1000);
    const cases = [
      ['charge.dispute.created', 'needs_response', 'open'],
      ['charge.dispute.closed', 'lost', 'lost'],
      ['charge.dispute.closed', 'won', 'won'],
    ] as const;
    for (const [type, status, ours] of cases) {
      const body = fake.disputeEventFor(intent, type, { id: 'dp_1', status, amount: 1000, reason: 'fraudulent' });
      const event = await stripe.parseWebhook(body, { 'stripe-signature': signStripeWebhook(body, WEBHOOK_SECRET) });
      expect(event).toMatchObject({
        kind: 'dispute',
        providerRef: intent,
        disputeRef: 'dp_1',
        status: ours,
        amountMinor: 1000,
        currency: 'USD',
        reason: 'fraudulent',
      });
    }
  });
});

describe('YooKassa refunds', () => {
  const SHOP = { shopId: '506751', secretKey: 'test_refunds' };
  let fake: YookassaFake;
  let kassa: YookassaPaymentProvider;
  beforeAll(async () => {
    fake = await startYookassaFake(SHOP);
    kassa = new YookassaPaymentProvider({ ...SHOP, apiBaseUrl: fake.apiBaseUrl });
  });
  afterAll(() => fake.close());

  const paid = async (amountMinor: number) => {
    const created = await kassa.createPayment(payment('RUB', amountMinor));
    fake.succeed(created.providerRef);
    return created.providerRef;
  };

  it('posts /v3/refunds with payment_id, amount and an Idempotence-Key; the same key gives the same refund', async () => {
    const id = await paid(149_950);
    const input = {
      providerRef: id,
      refundId: 'r-10',
      amountMinor: 50_000,
      currency: 'RUB' as const,
      reason: 'Duplicate purchase',
      idempotencyKey: 'r-10',
    };
    const first = await kassa.refund(input);
    expect(first).toMatchObject({ providerRef: id, status: 'succeeded', amountMinor: 50_000, currency: 'RUB', refundId: 'r-10' });
    expect(fake.refunds.get(first.refundRef)).toMatchObject({
      payment_id: id,
      amount: { value: '500.00', currency: 'RUB' },
      description: 'Duplicate purchase',
    });
    expect(fake.requests.filter((r) => r.path === '/v3/refunds' && r.method === 'POST').map((r) => r.idempotenceKey)).toEqual(['r-10']);
    expect((await kassa.refund(input)).refundRef).toBe(first.refundRef);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_id === id)).toHaveLength(1);
  });

  it("refuses more than is left with YooKassa's description, and reports a refund YooKassa cancelled as failed with its reason", async () => {
    const id = await paid(10_000);
    const over = await kassa
      .refund({ providerRef: id, refundId: 'r-11', amountMinor: 10_001, currency: 'RUB', reason: 'x', idempotencyKey: 'r-11' })
      .catch((error: unknown) => error);
    expect(over).toMatchObject({ providerStatus: 400, providerCode: 'invalid_request', retryable: false });
    expect((over as Error).message).toContain('exceeds the amount available');
    fake.refuseNextRefund = 'insufficient_funds';
    const refused = await kassa.refund({
      providerRef: id,
      refundId: 'r-12',
      amountMinor: 5_000,
      currency: 'RUB',
      reason: 'x',
      idempotencyKey: 'r-12',
    });
    expect(refused).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds' });
  });

  it('reads a refund notification back from the API, as a notice about its payment; lists dashboard refunds', async () => {
    const id = await paid(20_000);
    const dashboard = fake.dashboardRefund(id, '50.00');
    expect(await kassa.parseWebhook(fake.refundNotificationFor(dashboard.id), {})).toEqual({
      kind: 'refund',
      provider: 'yookassa',
      providerRef: id,
    });
    expect(await kassa.listRefunds(id)).toEqual([
      { refundRef: dashboard.id, providerRef: id, status: 'succeeded', amountMinor: 5_000, currency: 'RUB' },
    ]);
    // An id the shop does not have is not a YooKassa notification.
    const forged = JSON.stringify({ type: 'notification', event: 'refund.succeeded', object: { id: 'no-such-refund', payment_id: id } });
    await expect(kassa.parseWebhook(forged, {})).rejects.toMatchObject({ code: 'WEBHOOK_NOT_VERIFIED' });
  });
});

describe('Yandex Pay refunds', () => {
  const MERCHANT = { merchantId: 'merchant-refunds', apiKey: 'merchant-refunds' };
  let fake: YandexPayFake;
  let yandex: YandexPayPaymentProvider;
  beforeAll(async () => {
    fake = await startYandexPayFake(MERCHANT);
    yandex = new YandexPayPaymentProvider({ ...MERCHANT, apiBaseUrl: fake.url, jwksUrl: fake.jwksUrl });
  });
  afterAll(() => fake.close());

  it('refunds through v2 with our id as the external operation id; a repeat answers the same operation; the order lists it', async () => {
    const input = payment('RUB', 10_000);
    await yandex.createPayment(input);
    fake.setStatus(input.paymentId, 'CAPTURED');
    const refund = {
      providerRef: input.paymentId,
      refundId: 'r-y1',
      amountMinor: 2_500,
      currency: 'RUB' as const,
      reason: 'x',
      idempotencyKey: 'r-y1',
    };
    const first = await yandex.refund(refund);
    expect(first).toMatchObject({ providerRef: input.paymentId, status: 'succeeded', amountMinor: 2_500, refundId: 'r-y1' });
    expect([...fake.operations.values()][0]).toMatchObject({ externalOperationId: 'r-y1', amount: '25.00' });
    // A retry after a crash: Yandex refuses the repeat, the operation is read by its external id.
    expect((await yandex.refund(refund)).refundRef).toBe(first.refundRef);
    expect(fake.operations.size).toBe(1);
    expect(await yandex.listRefunds(input.paymentId)).toEqual([
      expect.objectContaining({ refundRef: first.refundRef, amountMinor: 2_500 }),
    ]);
    // Its webhook is a notice about the order.
    const body = await fake.operationWebhook(first.refundRef);
    expect(await yandex.parseWebhook(body, {})).toEqual({ kind: 'refund', provider: 'yandex-pay', providerRef: input.paymentId });
    const over = await yandex
      .refund({ ...refund, refundId: 'r-y2', idempotencyKey: 'r-y2', amountMinor: 9_000 })
      .catch((error: unknown) => error);
    expect(over).toMatchObject({ providerStatus: 400, retryable: false });
  });
});
