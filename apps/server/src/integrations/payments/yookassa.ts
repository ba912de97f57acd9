import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PAYMENT_PROVIDER_CONFIG, ZCurrency, fromMinorUnits, toMinorUnits } from '@portal/contracts/payments';
import { requestJson, trimBase, type FetchLike } from './http.ts';
import {
  PaymentProviderError,
  WebhookVerificationError,
  assertAmount,
  type CreatePaymentInput,
  type CreatedProviderPayment,
  type PaymentProvider,
  type ProviderNotification,
  type ProviderPaymentState,
  type ProviderRefund,
  type RefundInput,
  type ProviderPaymentStatus,
  type WebhookHeaders,
  type ProviderCapabilities,
} from './types.ts';

export interface YookassaProviderOptions {
  shopId: string;
  secretKey: string;
  /** Default `https://api.yookassa.ru/v3`. */
  apiBaseUrl?: string;
  /**
   * VAT code (1..6, YooKassa's table) for a 54-FZ receipt. When set and the player gave an
   * e-mail, the payment carries a one-line receipt; unset, no receipt is sent.
   */
  receiptVatCode?: number;
  timeoutMs?: number;
  fetch?: FetchLike;
}

const ID = 'yookassa';
const CURRENCY = PAYMENT_PROVIDER_CONFIG.yookassa.currency;

const ZYookassaPayment = z.object({
  id: z.string(),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  paid: z.boolean().optional(),
  amount: z.object({ value: z.string(), currency: z.string() }),
  confirmation: z.object({ type: z.string(), confirmation_token: z.string().optional() }).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  cancellation_details: z.object({ party: z.string(), reason: z.string() }).optional(),
});
export type YookassaPayment = z.infer<typeof ZYookassaPayment>;

const ZYookassaRefund = z.object({
  id: z.string(),
  payment_id: z.string(),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount: z.object({ value: z.string(), currency: z.string() }),
  description: z.string().optional(),
  cancellation_details: z.object({ party: z.string(), reason: z.string() }).optional(),
});
type YookassaRefund = z.infer<typeof ZYookassaRefund>;
const ZRefundList = z.object({ items: z.array(ZYookassaRefund), next_cursor: z.string().optional() });

const ZNotification = z.object({
  type: z.literal('notification'),
  event: z.string(),
  object: z.object({ id: z.string().min(1).max(64) }).loose(),
});

/** Cancellations that are nobody's failure: the merchant or the clock ended the payment. */
const CANCELED_NOT_FAILED = new Set(['canceled_by_merchant', 'expired_on_confirmation', 'expired_on_capture']);

/**
 * YooKassa REST API v3 with the embedded checkout widget. Notifications carry no signature, so
 * one is only a hint: the payment it names is re-read from the API, and that answer decides.
 */
export class YookassaPaymentProvider implements PaymentProvider {
  readonly id = ID;
  readonly capabilities: ProviderCapabilities;
  private readonly base: string;
  private readonly authorization: string;
  private readonly fetch: FetchLike;

  constructor(private readonly options: YookassaProviderOptions) {
    // A YooKassa test shop's secret key starts with test_ (live ones with live_).
    this.capabilities = {
      sandbox: false,
      livemode: !options.secretKey.startsWith('test_'),
      cancelsUnpaid: false,
      retriesAfterDecline: false,
    };
    this.base = trimBase(options.apiBaseUrl ?? 'https://api.yookassa.ru/v3');
    this.authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
    this.fetch = options.fetch ?? fetch;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedProviderPayment> {
    assertAmount(ID, input, CURRENCY);
    const amount = { value: fromMinorUnits(input.amountMinor, input.currency), currency: input.currency };
    const description = input.description.slice(0, 128);
    const body = {
      amount,
      capture: true,
      confirmation: { type: 'embedded' },
      description,
      metadata: { ...input.metadata, paymentId: input.paymentId },
      ...(this.options.receiptVatCode !== undefined &&
        input.customerEmail && {
          receipt: {
            customer: { email: input.customerEmail },
            items: [
              {
                description,
                quantity: '1.00',
                amount,
                vat_code: this.options.receiptVatCode,
                payment_mode: 'full_payment',
                payment_subject: 'service',
              },
            ],
          },
        }),
    };
    const payment = await this.call('POST', '/payments', body, idempotenceKey(input.idempotencyKey));
    const token = payment.confirmation?.confirmation_token;
    if (!token) throw new PaymentProviderError(ID, `payment ${payment.id} came without a confirmation token`);
    return { providerRef: payment.id, clientData: { kind: 'yookassa', confirmationToken: token } };
  }

  async getPayment(providerRef: string): Promise<ProviderPaymentState> {
    return stateOf(await this.call('GET', `/payments/${encodeURIComponent(providerRef)}`));
  }

  async cancelPayment(providerRef: string): Promise<ProviderPaymentState> {
    const current = await this.call('GET', `/payments/${encodeURIComponent(providerRef)}`);
    // YooKassa cancels only held money; an unpaid payment expires by itself.
    if (current.status !== 'waiting_for_capture') return stateOf(current);
    return stateOf(
      await this.call('POST', `/payments/${encodeURIComponent(providerRef)}/cancel`, {}, idempotenceKey(`cancel:${providerRef}`)),
    );
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    if (input.currency !== CURRENCY) throw new PaymentProviderError(ID, `takes ${CURRENCY}, not ${input.currency}`);
    const body = {
      payment_id: input.providerRef,
      amount: { value: fromMinorUnits(input.amountMinor, input.currency), currency: input.currency },
      description: input.reason.slice(0, 250),
    };
    const json = await this.request('POST', '/refunds', body, idempotenceKey(input.idempotencyKey));
    return refundOf(parseRefund(json), input.refundId);
  }

  async listRefunds(providerRef: string): Promise<ProviderRefund[]> {
    const refunds: ProviderRefund[] = [];
    let cursor: string | undefined;
    do {
      const query = new URLSearchParams({ payment_id: providerRef, limit: '100', ...(cursor && { cursor }) });
      const page = ZRefundList.safeParse(await this.request('GET', `/refunds?${query}`));
      if (!page.success) throw new PaymentProviderError(ID, `unexpected refund list: ${page.error.message}`);
      refunds.push(...page.data.items.filter((refund) => refund.payment_id === providerRef).map((refund) => refundOf(refund)));
      cursor = page.data.next_cursor;
    } while (cursor);
    return refunds;
  }

  async parseWebhook(rawBody: string | Buffer, _headers: WebhookHeaders): Promise<ProviderNotification | null> {
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString());
    } catch {
      throw new WebhookVerificationError(ID, 'body is not JSON');
    }
    const notification = ZNotification.safeParse(json);
    if (!notification.success) throw new WebhookVerificationError(ID, 'not a YooKassa notification');
    if (notification.data.event.startsWith('refund.')) {
      // A hint like every YooKassa notification: the refund is read back, and its payment's refunds with it.
      const refundId = notification.data.object.id;
      try {
        const refund = parseRefund(await this.request('GET', `/refunds/${encodeURIComponent(refundId)}`));
        return { kind: 'refund', provider: ID, providerRef: refund.payment_id };
      } catch (error) {
        if (error instanceof PaymentProviderError && error.providerStatus === 404) {
          throw new WebhookVerificationError(ID, `no refund ${refundId} in this shop`);
        }
        throw error;
      }
    }
    if (!notification.data.event.startsWith('payment.')) return null;
    try {
      // The notification's own status is ignored: only the API's answer is trusted.
      return { ...(await this.getPayment(notification.data.object.id)), provider: ID };
    } catch (error) {
      if (error instanceof PaymentProviderError && error.providerStatus === 404) {
        throw new WebhookVerificationError(ID, `no payment ${notification.data.object.id} in this shop`);
      }
      throw error;
    }
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<YookassaPayment> {
    const json = await this.request(method, path, body, key);
    const payment = ZYookassaPayment.safeParse(json);
    if (!payment.success) throw new PaymentProviderError(ID, `unexpected payment object: ${payment.error.message}`);
    return payment.data;
  }

  private async request(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<unknown> {
    return requestJson(ID, this.fetch, `${this.base}${path}`, {
      method,
      headers: {
        authorization: this.authorization,
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(key && { 'idempotence-key': key }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      timeoutMs: this.options.timeoutMs ?? 20_000,
      codeOf: (answer) => z.object({ code: z.string() }).safeParse(answer).data?.code,
    });
  }
}

/** YooKassa takes keys of at most 64 characters; longer ones are hashed, deterministically. */
function idempotenceKey(key: string): string {
  return key.length <= 64 ? key : createHash('sha256').update(key).digest('hex');
}

export function yookassaStatus(payment: Pick<YookassaPayment, 'status' | 'cancellation_details'>): ProviderPaymentStatus {
  switch (payment.status) {
    case 'succeeded':
      return 'paid';
    case 'canceled': {
      const details = payment.cancellation_details;
      return !details || details.party === 'merchant' || CANCELED_NOT_FAILED.has(details.reason) ? 'canceled' : 'fail';
    }
    default:
      // waiting_for_capture does not happen with capture: true; held money is not paid yet.
      return 'pending';
  }
}

function stateOf(payment: YookassaPayment): ProviderPaymentState {
  const currency = ZCurrency.safeParse(payment.amount.currency);
  if (!currency.success) throw new PaymentProviderError(ID, `payment ${payment.id} is in ${payment.amount.currency}`);
  const paymentId = payment.metadata?.paymentId;
  return {
    providerRef: payment.id,
    status: yookassaStatus(payment),
    amountMinor: toMinorUnits(payment.amount.value, currency.data),
    currency: currency.data,
    ...(paymentId && { paymentId }),
  };
}

function parseRefund(json: unknown): YookassaRefund {
  const refund = ZYookassaRefund.safeParse(json);
  if (!refund.success) throw new PaymentProviderError(ID, `unexpected refund object: ${refund.error.message}`);
  return refund.data;
}

function refundOf(refund: YookassaRefund, refundId?: string): ProviderRefund {
  const currency = ZCurrency.safeParse(refund.amount.currency);
  if (!currency.success) throw new PaymentProviderError(ID, `refund ${refund.id} is in ${refund.amount.currency}`);
  return {
    refundRef: refund.id,
    providerRef: refund.payment_id,
    status: refund.status === 'canceled' ? 'failed' : refund.status,
    amountMinor: toMinorUnits(refund.amount.value, currency.data),
    currency: currency.data,
    ...(refundId && { refundId }),
    ...(refund.cancellation_details && { failureReason: refund.cancellation_details.reason }),
  };
}
