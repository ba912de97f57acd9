import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startYookassaFake, type YookassaFake } from './testing/yookassa-fake.ts';
import { PaymentProviderError, WebhookVerificationError, type CreatePaymentInput } from './types.ts';
import { YookassaPaymentProvider } from './yookassa.ts';

const SHOP = { shopId: '506751', secretKey: 'test_portal_secret' };
let fake: YookassaFake;
let kassa: YookassaPaymentProvider;

beforeAll(async () => {
  fake = await startYookassaFake(SHOP);
  kassa = new YookassaPaymentProvider({ ...SHOP, apiBaseUrl: fake.apiBaseUrl, receiptVatCode: 1 });
});
afterAll(() => fake.close());

const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  paymentId: 'pay_1',
  amountMinor: 149_950,
  currency: 'RUB',
  description: '1000 монет',
  returnUrl: 'http://localhost:8080/payments/done',
  customerEmail: 'player@example.com',
  idempotencyKey: `key-${Math.random()}`,
  metadata: { project: 'familytown' },
  ...overrides,
});

describe('YookassaPaymentProvider against the local YooKassa API', () => {
  it('creates an embedded-confirmation payment with the exact amount, and answers its confirmation token', async () => {
    const created = await kassa.createPayment(input());
    const payment = fake.payments.get(created.providerRef);
    expect(payment).toMatchObject({ amount: { value: '1499.50', currency: 'RUB' }, capture: true, description: '1000 монет' });
    expect(payment?.metadata).toEqual({ project: 'familytown', paymentId: 'pay_1' });
    expect(payment?.receipt).toMatchObject({
      customer: { email: 'player@example.com' },
      items: [{ amount: { value: '1499.50' }, vat_code: 1 }],
    });
    expect(created.clientData).toEqual({ kind: 'yookassa', confirmationToken: payment?.confirmation.confirmation_token });
    expect(await kassa.getPayment(created.providerRef)).toEqual({
      providerRef: created.providerRef,
      status: 'pending',
      amountMinor: 149_950,
      currency: 'RUB',
      paymentId: 'pay_1',
    });
  });

  it('sends Idempotence-Key: the same key gives the same payment', async () => {
    const same = input({ idempotencyKey: 'pay_2:create' });
    const first = await kassa.createPayment(same);
    const second = await kassa.createPayment(same);
    expect(second.providerRef).toBe(first.providerRef);
    expect(fake.payments.size).toBe(2);
    expect(fake.requests.filter((r) => r.idempotenceKey === 'pay_2:create')).toHaveLength(2);
    await expect(kassa.createPayment({ ...same, amountMinor: 100 })).rejects.toMatchObject({
      providerStatus: 400,
      providerCode: 'invalid_request',
    });
    // Keys longer than YooKassa's 64 characters are hashed, the same way each time.
    const long = input({ idempotencyKey: 'k'.repeat(200) });
    expect((await kassa.createPayment(long)).providerRef).toBe((await kassa.createPayment(long)).providerRef);
  });

  it('maps paid, failed and expired payments', async () => {
    const paid = await kassa.createPayment(input());
    fake.succeed(paid.providerRef);
    expect((await kassa.getPayment(paid.providerRef)).status).toBe('paid');
    const declined = await kassa.createPayment(input());
    fake.cancel(declined.providerRef, 'insufficient_funds', 'payment_network');
    expect((await kassa.getPayment(declined.providerRef)).status).toBe('fail');
    const expired = await kassa.createPayment(input());
    fake.cancel(expired.providerRef, 'expired_on_confirmation');
    expect((await kassa.getPayment(expired.providerRef)).status).toBe('canceled');
  });

  it('cancels held money; an unpaid payment is left to expire and stays pending', async () => {
    const held = await kassa.createPayment(input());
    fake.hold(held.providerRef);
    expect((await kassa.cancelPayment(held.providerRef)).status).toBe('canceled');
    expect(fake.payments.get(held.providerRef)?.status).toBe('canceled');
    const unpaid = await kassa.createPayment(input());
    expect((await kassa.cancelPayment(unpaid.providerRef)).status).toBe('pending');
    expect(fake.requests.some((r) => r.path.endsWith(`${unpaid.providerRef}/cancel`))).toBe(false);
  });

  it('refuses wrong credentials, other currencies and unknown payments', async () => {
    const wrong = new YookassaPaymentProvider({ ...SHOP, secretKey: 'nope', apiBaseUrl: fake.apiBaseUrl });
    await expect(wrong.createPayment(input())).rejects.toMatchObject({ providerStatus: 401, providerCode: 'invalid_credentials' });
    await expect(kassa.createPayment(input({ currency: 'USD' }))).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(kassa.getPayment('missing')).rejects.toMatchObject({ providerStatus: 404 });
  });
});

describe('YooKassa notifications', () => {
  it('trusts the API, not the notification: "succeeded" for a payment the API says is pending stays pending', async () => {
    const { providerRef } = await kassa.createPayment(input());
    const forged = fake.notificationFor(providerRef, 'payment.succeeded', { status: 'succeeded', paid: true });
    await expect(kassa.parseWebhook(forged, {})).resolves.toMatchObject({ provider: 'yookassa', providerRef, status: 'pending' });
    // A cheaper amount in the notification changes nothing either.
    fake.succeed(providerRef);
    const lying = fake.notificationFor(providerRef, 'payment.succeeded', { amount: { value: '1.00', currency: 'RUB' } });
    await expect(kassa.parseWebhook(Buffer.from(lying), {})).resolves.toMatchObject({
      status: 'paid',
      amountMinor: 149_950,
      paymentId: 'pay_1',
    });
  });

  it('refuses notifications of unknown payments and refunds, and bodies that are not notifications; ignores other objects', async () => {
    const unknown = JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: 'not-ours', status: 'succeeded' } });
    await expect(kassa.parseWebhook(unknown, {})).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(kassa.parseWebhook('not json', {})).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(kassa.parseWebhook('{"event":"payment.succeeded"}', {})).rejects.toBeInstanceOf(WebhookVerificationError);
    // A refund notification is a hint too: one the shop does not have is refused.
    const refund = JSON.stringify({ type: 'notification', event: 'refund.succeeded', object: { id: 'r1', payment_id: 'x' } });
    await expect(kassa.parseWebhook(refund, {})).rejects.toBeInstanceOf(WebhookVerificationError);
    const deal = JSON.stringify({ type: 'notification', event: 'deal.closed', object: { id: 'd1' } });
    await expect(kassa.parseWebhook(deal, {})).resolves.toBeNull();
  });
});
