import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripePaymentProvider } from './stripe.ts';
import { startStripeFake, signStripeWebhook, type StripeFake } from './testing/stripe-fake.ts';
import { PaymentProviderError, WebhookVerificationError, type CreatePaymentInput } from './types.ts';

const SECRET_KEY = 'sk_test_portal';
const WEBHOOK_SECRET = 'whsec_portal_test';

let fake: StripeFake;
let stripe: StripePaymentProvider;

beforeAll(async () => {
  fake = await startStripeFake({ secretKey: SECRET_KEY });
  stripe = new StripePaymentProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBaseUrl: fake.url, maxNetworkRetries: 0 });
});
afterAll(() => fake.close());

const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  paymentId: 'pay_1',
  amountMinor: 19_990,
  currency: 'USD',
  description: '100 crystals',
  returnUrl: 'http://localhost:8080/payments/done',
  customerEmail: 'player@example.com',
  idempotencyKey: `key-${Math.random()}`,
  metadata: { project: 'familytown' },
  ...overrides,
});

describe('StripePaymentProvider against the local Stripe API', () => {
  it('creates a PaymentIntent with the exact amount and currency, and answers its client secret', async () => {
    const created = await stripe.createPayment(input());
    const intent = fake.intents.get(created.providerRef);
    expect(intent).toMatchObject({ amount: 19_990, currency: 'usd', description: '100 crystals', receipt_email: 'player@example.com' });
    expect(intent?.metadata).toEqual({ project: 'familytown', paymentId: 'pay_1' });
    expect(created.clientData).toEqual({ kind: 'stripe', clientSecret: intent?.client_secret });
    expect(await stripe.getPayment(created.providerRef)).toEqual({
      providerRef: created.providerRef,
      status: 'pending',
      amountMinor: 19_990,
      currency: 'USD',
      paymentId: 'pay_1',
    });
  });

  it('sends the idempotency key: the same key gives the same PaymentIntent', async () => {
    const same = input({ idempotencyKey: 'pay_2:create' });
    const first = await stripe.createPayment(same);
    const second = await stripe.createPayment(same);
    expect(second.providerRef).toBe(first.providerRef);
    expect(fake.requests.filter((r) => r.idempotencyKey === 'pay_2:create')).toHaveLength(2);
    // Stripe refuses a reused key with other parameters.
    await expect(stripe.createPayment({ ...same, amountMinor: 100 })).rejects.toMatchObject({ providerCode: 'idempotency_error' });
  });

  it('reads paid and declined intents, and cancels a pending one', async () => {
    const paid = await stripe.createPayment(input());
    fake.succeed(paid.providerRef);
    expect((await stripe.getPayment(paid.providerRef)).status).toBe('paid');
    // A paid intent is not canceled: its state comes back unchanged.
    expect((await stripe.cancelPayment(paid.providerRef)).status).toBe('paid');

    const declined = await stripe.createPayment(input());
    fake.decline(declined.providerRef);
    expect((await stripe.getPayment(declined.providerRef)).status).toBe('fail');

    const open = await stripe.createPayment(input());
    expect((await stripe.cancelPayment(open.providerRef)).status).toBe('canceled');
    expect(fake.intents.get(open.providerRef)?.status).toBe('canceled');
  });

  it('refuses other currencies, fractional amounts and unknown intents', async () => {
    await expect(stripe.createPayment(input({ currency: 'RUB' }))).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(stripe.createPayment(input({ amountMinor: 10.5 }))).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(stripe.getPayment('pi_missing')).rejects.toMatchObject({ providerStatus: 404, providerCode: 'resource_missing' });
  });

  it('refuses a wrong API key', async () => {
    const wrong = new StripePaymentProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: WEBHOOK_SECRET,
      apiBaseUrl: fake.url,
      maxNetworkRetries: 0,
    });
    await expect(wrong.createPayment(input())).rejects.toMatchObject({ providerStatus: 401 });
  });
});

describe('Stripe webhooks', () => {
  it('accepts a validly signed event and reports the intent it carries', async () => {
    const { providerRef } = await stripe.createPayment(input());
    fake.succeed(providerRef);
    const body = fake.eventFor(providerRef, 'payment_intent.succeeded');
    const event = await stripe.parseWebhook(Buffer.from(body), { 'stripe-signature': signStripeWebhook(body, WEBHOOK_SECRET) });
    expect(event).toMatchObject({
      provider: 'stripe',
      providerRef,
      status: 'paid',
      amountMinor: 19_990,
      currency: 'USD',
      paymentId: 'pay_1',
    });
    expect(event?.eventId).toMatch(/^evt_/);
  });

  it("signs exactly as Stripe does (the SDK's own test header agrees)", () => {
    const body = '{"id":"evt_1","object":"event"}';
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET, timestamp: 1_700_000_000 });
    expect(signStripeWebhook(body, WEBHOOK_SECRET, 1_700_000_000)).toBe(header);
  });

  it('refuses a tampered body, a wrong secret, a missing header and a timestamp older than 300 s', async () => {
    const { providerRef } = await stripe.createPayment(input());
    const body = fake.eventFor(providerRef, 'payment_intent.succeeded');
    const tampered = body.replace('"amount":19990', '"amount":1');
    expect(tampered).not.toBe(body);
    await expect(stripe.parseWebhook(tampered, { 'stripe-signature': signStripeWebhook(body, WEBHOOK_SECRET) })).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    await expect(stripe.parseWebhook(body, { 'stripe-signature': signStripeWebhook(body, 'whsec_other') })).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    await expect(stripe.parseWebhook(body, {})).rejects.toBeInstanceOf(WebhookVerificationError);
    const old = Math.floor(Date.now() / 1000) - 301;
    await expect(stripe.parseWebhook(body, { 'stripe-signature': signStripeWebhook(body, WEBHOOK_SECRET, old) })).rejects.toThrow(
      /tolerance/,
    );
    const recent = Math.floor(Date.now() / 1000) - 290;
    await expect(stripe.parseWebhook(body, { 'Stripe-Signature': signStripeWebhook(body, WEBHOOK_SECRET, recent) })).resolves.toMatchObject(
      { status: 'pending' },
    );
  });

  it('reports a declined attempt as fail and a cancellation as canceled', async () => {
    const declined = await stripe.createPayment(input());
    fake.decline(declined.providerRef);
    const failedBody = fake.eventFor(declined.providerRef, 'payment_intent.payment_failed');
    await expect(
      stripe.parseWebhook(failedBody, { 'stripe-signature': signStripeWebhook(failedBody, WEBHOOK_SECRET) }),
    ).resolves.toMatchObject({ status: 'fail' });
    const canceled = await stripe.createPayment(input());
    await stripe.cancelPayment(canceled.providerRef);
    const canceledBody = fake.eventFor(canceled.providerRef, 'payment_intent.canceled');
    await expect(
      stripe.parseWebhook(canceledBody, { 'stripe-signature': signStripeWebhook(canceledBody, WEBHOOK_SECRET) }),
    ).resolves.toMatchObject({ status: 'canceled' });
  });

  it('answers null for an authentic event that is not about a PaymentIntent', async () => {
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    await expect(stripe.parseWebhook(body, { 'stripe-signature': signStripeWebhook(body, WEBHOOK_SECRET) })).resolves.toBeNull();
  });
});
