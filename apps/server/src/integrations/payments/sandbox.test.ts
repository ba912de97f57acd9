import { describe, expect, it } from 'vitest';
import { createPaymentProviders } from './create-payment-providers.ts';
import { SandboxPaymentFinishedError, SandboxPaymentProvider, createMemorySandboxStore } from './sandbox.ts';
import { StripePaymentProvider } from './stripe.ts';
import { WebhookVerificationError, type CreatePaymentInput, type ProviderEvent } from './types.ts';

function setup() {
  const events: ProviderEvent[] = [];
  const sandbox = new SandboxPaymentProvider({
    provider: 'yookassa',
    store: createMemorySandboxStore(),
    onEvent: (event) => void events.push(event),
  });
  return { sandbox, events };
}

let sequence = 0;
const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => {
  sequence += 1;
  return {
    paymentId: `pay_${sequence}`,
    amountMinor: 4_900,
    currency: 'RUB',
    description: 'Coins',
    returnUrl: 'http://localhost:8080/payments/done',
    idempotencyKey: `key-${sequence}`,
    metadata: {},
    ...overrides,
  };
};

describe('SandboxPaymentProvider', () => {
  it.each(['paid', 'fail', 'canceled'] as const)('emits a %s event through the callback, once', async (outcome) => {
    const { sandbox, events } = setup();
    const { providerRef, clientData } = await sandbox.createPayment(input());
    expect(clientData).toEqual({ kind: 'sandbox' });
    expect((await sandbox.getPayment(providerRef)).status).toBe('pending');

    const event = await sandbox.complete(providerRef, outcome);
    expect(events).toEqual([event]);
    expect(event).toMatchObject({
      provider: 'yookassa',
      providerRef,
      status: outcome,
      amountMinor: 4_900,
      currency: 'RUB',
      paymentId: `pay_${sequence}`,
    });
    expect((await sandbox.getPayment(providerRef)).status).toBe(outcome);
  });

  it('moves forward only: a finished payment refuses a second completion and emits nothing', async () => {
    const { sandbox, events } = setup();
    const { providerRef } = await sandbox.createPayment(input());
    await sandbox.complete(providerRef, 'paid');
    await expect(sandbox.complete(providerRef, 'fail')).rejects.toBeInstanceOf(SandboxPaymentFinishedError);
    await expect(sandbox.complete(providerRef, 'paid')).rejects.toMatchObject({ statusCode: 409, status: 'paid' });
    expect((await sandbox.cancelPayment(providerRef)).status).toBe('paid');
    expect(events).toHaveLength(1);
  });

  it('lets one of two racing completions win', async () => {
    const { sandbox, events } = setup();
    const { providerRef } = await sandbox.createPayment(input());
    const results = await Promise.allSettled([sandbox.complete(providerRef, 'paid'), sandbox.complete(providerRef, 'canceled')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('keeps the final state when the event callback fails, so reconciliation still finds it', async () => {
    const sandbox = new SandboxPaymentProvider({
      provider: 'stripe',
      store: createMemorySandboxStore(),
      onEvent: () => Promise.reject(new Error('database down')),
    });
    const { providerRef } = await sandbox.createPayment(input({ currency: 'USD' }));
    await expect(sandbox.complete(providerRef, 'paid')).rejects.toThrow('database down');
    expect((await sandbox.getPayment(providerRef)).status).toBe('paid');
  });

  it('cancels a pending payment with an event, like a real provider', async () => {
    const { sandbox, events } = setup();
    const { providerRef } = await sandbox.createPayment(input());
    expect((await sandbox.cancelPayment(providerRef)).status).toBe('canceled');
    expect(events.map((e) => e.status)).toEqual(['canceled']);
  });

  it('keeps idempotency: the same key gives the same payment, other parameters are refused', async () => {
    const { sandbox } = setup();
    const same = input();
    const first = await sandbox.createPayment(same);
    expect(await sandbox.createPayment(same)).toEqual(first);
    await expect(sandbox.createPayment({ ...same, amountMinor: 1 })).rejects.toMatchObject({ providerCode: 'idempotency_error' });
  });

  it("refuses unknown payments, another sandbox's payments, other currencies and any webhook", async () => {
    const store = createMemorySandboxStore();
    const onEvent = () => undefined;
    const yookassa = new SandboxPaymentProvider({ provider: 'yookassa', store, onEvent });
    const stripe = new SandboxPaymentProvider({ provider: 'stripe', store, onEvent });
    const { providerRef } = await yookassa.createPayment(input());
    await expect(stripe.complete(providerRef, 'paid')).rejects.toMatchObject({ providerStatus: 404 });
    await expect(yookassa.getPayment('sbx_missing')).rejects.toMatchObject({ providerStatus: 404 });
    await expect(stripe.createPayment(input())).rejects.toThrow(/takes USD/);
    await expect(yookassa.parseWebhook('{}', {})).rejects.toBeInstanceOf(WebhookVerificationError);
  });
});

describe('createPaymentProviders', () => {
  it('uses the real adapter where keys are given and the sandbox elsewhere', () => {
    const providers = createPaymentProviders({
      stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x' },
      sandbox: { store: createMemorySandboxStore(), onEvent: () => undefined },
    });
    expect(providers.get('stripe')).toBeInstanceOf(StripePaymentProvider);
    expect(providers.sandbox('stripe')).toBeUndefined();
    expect(providers.get('yookassa').capabilities.sandbox).toBe(true);
    expect(providers.sandbox('yandex-pay')?.id).toBe('yandex-pay');
    expect(providers.all.map((p) => p.id)).toEqual(['stripe', 'yookassa', 'yandex-pay']);
  });
});
