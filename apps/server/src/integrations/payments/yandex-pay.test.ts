import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startYandexPayFake, type YandexPayFake } from './testing/yandex-pay-fake.ts';
import { PaymentProviderError, WebhookVerificationError, type CreatePaymentInput } from './types.ts';
import { YandexPayPaymentProvider } from './yandex-pay.ts';

const MERCHANT = { merchantId: 'a5f49c84-0baa-41e1-814f-6f99746a6987', apiKey: 'portal-api-key' };
let fake: YandexPayFake;
let yandex: YandexPayPaymentProvider;

beforeAll(async () => {
  fake = await startYandexPayFake(MERCHANT);
  yandex = new YandexPayPaymentProvider({ ...MERCHANT, apiBaseUrl: fake.url, jwksUrl: fake.jwksUrl });
});
afterAll(() => fake.close());

let sequence = 0;
const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => {
  sequence += 1;
  return {
    paymentId: `pay_${sequence}`,
    amountMinor: 9_900,
    currency: 'RUB',
    description: 'Набор кристаллов',
    returnUrl: 'http://localhost:8080/payments/done',
    idempotencyKey: `key-${sequence}`,
    metadata: { project: 'familytown', priceId: 'crystals-100' },
    ...overrides,
  };
};

describe('YandexPayPaymentProvider against the local Yandex Pay API', () => {
  it('creates an order whose id is our payment id, with the exact amount, and answers its payment URL', async () => {
    const created = await yandex.createPayment(input());
    const order = fake.orders.get(created.providerRef);
    expect(created.providerRef).toBe(`pay_${sequence}`);
    expect(order).toMatchObject({
      orderAmount: '99.00',
      currencyCode: 'RUB',
      cart: { total: { amount: '99.00' } },
      availablePaymentMethods: ['CARD'],
    });
    expect(order?.cart.items).toEqual([{ productId: 'crystals-100', title: 'Набор кристаллов', quantity: { count: '1' }, total: '99.00' }]);
    expect(created.clientData).toEqual({ kind: 'yandex-pay', paymentUrl: order?.paymentUrl });
    expect(await yandex.getPayment(created.providerRef)).toEqual({
      providerRef: created.providerRef,
      status: 'pending',
      amountMinor: 9_900,
      currency: 'RUB',
      paymentId: created.providerRef,
    });
  });

  it('is idempotent: the same key replays, and a retry under another key finds the same order', async () => {
    const same = input();
    const first = await yandex.createPayment(same);
    expect(await yandex.createPayment(same)).toEqual(first);
    expect(fake.requests.filter((r) => r.requestId === same.idempotencyKey)).toHaveLength(2);
    expect(await yandex.createPayment({ ...same, idempotencyKey: 'another' })).toEqual(first);
    // The same order id for another amount is not the same payment.
    await expect(yandex.createPayment({ ...same, idempotencyKey: 'third', amountMinor: 100 })).rejects.toMatchObject({
      providerStatus: 409,
    });
  });

  it('maps paid, failed and voided orders, and voids authorized money on cancel', async () => {
    const paid = await yandex.createPayment(input());
    fake.setStatus(paid.providerRef, 'CAPTURED');
    expect((await yandex.getPayment(paid.providerRef)).status).toBe('paid');
    const failed = await yandex.createPayment(input());
    fake.setStatus(failed.providerRef, 'FAILED');
    expect((await yandex.getPayment(failed.providerRef)).status).toBe('fail');

    const held = await yandex.createPayment(input());
    fake.setStatus(held.providerRef, 'AUTHORIZED');
    expect((await yandex.cancelPayment(held.providerRef)).status).toBe('canceled');
    expect(fake.orders.get(held.providerRef)?.paymentStatus).toBe('VOIDED');
    const unpaid = await yandex.createPayment(input());
    expect((await yandex.cancelPayment(unpaid.providerRef)).status).toBe('pending');
  });

  it('refuses a wrong API key, other currencies and unknown orders', async () => {
    const wrong = new YandexPayPaymentProvider({ ...MERCHANT, apiKey: 'nope', apiBaseUrl: fake.url, jwksUrl: fake.jwksUrl });
    await expect(wrong.createPayment(input())).rejects.toMatchObject({ providerStatus: 401 });
    await expect(yandex.createPayment(input({ currency: 'USD' }))).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(yandex.getPayment('missing')).rejects.toMatchObject({ providerStatus: 404, providerCode: 'ORDER_NOT_FOUND' });
  });
});

describe('Yandex Pay webhooks (ES256 JWTs)', () => {
  it('accepts a token signed with the published key; the amount comes from the API', async () => {
    const { providerRef } = await yandex.createPayment(input());
    fake.setStatus(providerRef, 'CAPTURED');
    const token = await fake.orderStatusWebhook(providerRef);
    await expect(yandex.parseWebhook(Buffer.from(token), { 'content-type': 'application/octet-stream' })).resolves.toEqual({
      provider: 'yandex-pay',
      providerRef,
      paymentId: providerRef,
      status: 'paid',
      amountMinor: 9_900,
      currency: 'RUB',
    });
  });

  it('refuses a token signed by another key, under an unknown or the published kid', async () => {
    const { providerRef } = await yandex.createPayment(input());
    const { privateKey } = await generateKeyPair('ES256');
    const unknownKid = await fake.orderStatusWebhook(providerRef, { paymentStatus: 'CAPTURED', key: privateKey, kid: 'forger' });
    await expect(yandex.parseWebhook(unknownKid, {})).rejects.toBeInstanceOf(WebhookVerificationError);
    const stolenKid = await fake.orderStatusWebhook(providerRef, { paymentStatus: 'CAPTURED', key: privateKey });
    await expect(yandex.parseWebhook(stolenKid, {})).rejects.toBeInstanceOf(WebhookVerificationError);
  });

  it('refuses an expired token, another merchant, tampering and garbage', async () => {
    const { providerRef } = await yandex.createPayment(input());
    const expired = await fake.orderStatusWebhook(providerRef, { paymentStatus: 'CAPTURED', expiresIn: -120 });
    await expect(yandex.parseWebhook(expired, {})).rejects.toThrow(/expired/);
    const otherMerchant = await fake.orderStatusWebhook(providerRef, { paymentStatus: 'CAPTURED', merchantId: 'someone-else' });
    await expect(yandex.parseWebhook(otherMerchant, {})).rejects.toThrow(/another merchant/);
    const valid = await fake.orderStatusWebhook(providerRef, { paymentStatus: 'PENDING' });
    const [head, , signature] = valid.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        merchantId: MERCHANT.merchantId,
        event: 'ORDER_STATUS_UPDATED',
        order: { orderId: providerRef, paymentStatus: 'CAPTURED' },
      }),
    ).toString('base64url');
    await expect(yandex.parseWebhook(`${head}.${forgedPayload}.${signature}`, {})).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(yandex.parseWebhook('not-a-jwt', {})).rejects.toBeInstanceOf(WebhookVerificationError);
  });

  it('re-reads the order for operation events and ignores events about no order', async () => {
    const { providerRef } = await yandex.createPayment(input());
    fake.setStatus(providerRef, 'VOIDED');
    const operation = await fake.signWebhook({
      merchantId: MERCHANT.merchantId,
      event: 'OPERATION_STATUS_UPDATED',
      operation: { operationId: 'op-1', orderId: providerRef, operationType: 'VOID', status: 'SUCCESS' },
    });
    await expect(yandex.parseWebhook(operation, {})).resolves.toMatchObject({ providerRef, status: 'canceled' });
    const other = await fake.signWebhook({ merchantId: MERCHANT.merchantId, event: 'SUBSCRIPTION_STATUS_UPDATED' });
    await expect(yandex.parseWebhook(other, {})).resolves.toBeNull();
  });
});
