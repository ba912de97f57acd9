import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
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

export interface YandexPayProviderOptions {
  merchantId: string;
  /** The merchant API key (in the sandbox it equals the merchant id). */
  apiKey: string;
  /** Default `https://pay.yandex.ru`; `https://sandbox.pay.yandex.ru` for Yandex's test environment. */
  apiBaseUrl?: string;
  /** Yandex's public keys for webhook JWTs; default `${apiBaseUrl}/api/jwks`. */
  jwksUrl?: string;
  /** Seconds of clock skew allowed on the token's iat/exp. */
  clockToleranceSeconds?: number;
  /** Seconds an unpaid order link lives (Yandex's `ttl`); Yandex's default when unset. */
  orderTtlSeconds?: number;
  timeoutMs?: number;
  fetch?: FetchLike;
  /** Clock in ms, for tests. */
  now?: () => number;
}

const ID = 'yandex-pay';
const CURRENCY = PAYMENT_PROVIDER_CONFIG['yandex-pay'].currency;
const ORDERS = '/api/merchant/v1/orders';

export const YANDEX_PAYMENT_STATUSES = [
  'PENDING',
  'AUTHORIZED',
  'CAPTURED',
  'VOIDED',
  'REFUNDED',
  'CONFIRMED',
  'PARTIALLY_REFUNDED',
  'FAILED',
] as const;
export type YandexPaymentStatus = (typeof YANDEX_PAYMENT_STATUSES)[number];

const ZOrder = z.object({
  orderId: z.string(),
  paymentStatus: z.enum(YANDEX_PAYMENT_STATUSES).nullish(),
  orderAmount: z.string().optional(),
  currencyCode: z.string(),
  paymentUrl: z.string().optional(),
  cart: z.object({ total: z.object({ amount: z.string() }) }).optional(),
});
type YandexOrder = z.infer<typeof ZOrder>;

const ZOperation = z.object({
  operationId: z.string(),
  orderId: z.string(),
  operationType: z.string(),
  status: z.enum(['PENDING', 'SUCCESS', 'FAIL']),
  amount: z.union([z.string(), z.number()]).optional(),
  externalOperationId: z.string().nullish(),
  reason: z.string().nullish(),
});
type YandexOperation = z.infer<typeof ZOperation>;
const ZOperationAnswer = z.object({ status: z.literal('success'), data: z.object({ operation: ZOperation }) });

const ZOrderAnswer = z.object({
  status: z.literal('success'),
  data: z.object({ order: ZOrder, operations: z.array(ZOperation.loose()).optional() }),
});
const ZCreateAnswer = z.object({ status: z.literal('success'), data: z.object({ paymentUrl: z.string() }) });

const ZWebhookPayload = z.object({
  merchantId: z.string(),
  event: z.string(),
  order: z
    .object({ orderId: z.string(), paymentStatus: z.enum(YANDEX_PAYMENT_STATUSES).nullish() })
    .loose()
    .optional(),
  operation: z.object({ orderId: z.string(), operationType: z.string().optional() }).loose().optional(),
});

/**
 * Yandex Pay merchant API (payment links): the order id is our payment id. Webhooks are ES256
 * JWTs checked against Yandex's JWKS; their `iat`/`exp` sit in the JOSE header, so those are
 * checked here besides what `jwtVerify` checks in the claims.
 */
export class YandexPayPaymentProvider implements PaymentProvider {
  readonly id = ID;
  readonly capabilities: ProviderCapabilities;
  private readonly base: string;
  private readonly fetch: FetchLike;
  private readonly keys: JWTVerifyGetKey;

  constructor(private readonly options: YandexPayProviderOptions) {
    this.base = trimBase(options.apiBaseUrl ?? 'https://pay.yandex.ru');
    // Yandex's test environment is its sandbox host, where the API key is the merchant id; the
    // production API with a real key moves real money.
    const test = /sandbox/i.test(new URL(this.base).hostname) || options.apiKey === options.merchantId;
    this.capabilities = {
      sandbox: false,
      livemode: !test,
      cancelsUnpaid: false,
      retriesAfterDecline: false,
    };
    this.fetch = options.fetch ?? fetch;
    this.keys = createRemoteJWKSet(new URL(options.jwksUrl ?? `${this.base}/api/jwks`));
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedProviderPayment> {
    assertAmount(ID, input, CURRENCY);
    const amount = fromMinorUnits(input.amountMinor, input.currency);
    const body = {
      orderId: input.paymentId,
      currencyCode: input.currency,
      availablePaymentMethods: ['CARD'],
      cart: {
        items: [
          {
            productId: input.metadata.priceId ?? input.paymentId,
            title: input.description,
            quantity: { count: '1' },
            total: amount,
          },
        ],
        total: { amount },
      },
      redirectUrls: { onSuccess: input.returnUrl, onError: input.returnUrl, onAbort: input.returnUrl },
      metadata: JSON.stringify(input.metadata).slice(0, 2048),
      ...(this.options.orderTtlSeconds !== undefined && { ttl: this.options.orderTtlSeconds }),
    };
    try {
      const answer = ZCreateAnswer.safeParse(await this.call('POST', ORDERS, body, input.idempotencyKey));
      if (!answer.success) throw new PaymentProviderError(ID, 'order answer without data.paymentUrl');
      return { providerRef: input.paymentId, clientData: { kind: 'yandex-pay', paymentUrl: answer.data.data.paymentUrl } };
    } catch (error) {
      // The order exists already (a retry under another request id): the same order is the answer.
      if (!(error instanceof PaymentProviderError && error.providerStatus === 409)) throw error;
      const order = await this.readOrder(input.paymentId);
      const state = stateOf(order);
      if (state.amountMinor !== input.amountMinor || state.currency !== input.currency || !order.paymentUrl) throw error;
      return { providerRef: order.orderId, clientData: { kind: 'yandex-pay', paymentUrl: order.paymentUrl } };
    }
  }

  async getPayment(providerRef: string): Promise<ProviderPaymentState> {
    return stateOf(await this.readOrder(providerRef));
  }

  async cancelPayment(providerRef: string): Promise<ProviderPaymentState> {
    const order = await this.readOrder(providerRef);
    // Only authorized (held) money can be voided; an unpaid link expires by itself.
    if (order.paymentStatus !== 'AUTHORIZED') return stateOf(order);
    await this.call(
      'POST',
      `${ORDERS}/${encodeURIComponent(providerRef)}/cancel`,
      { reason: 'Cancelled by the player', externalOperationId: `cancel-${providerRef}` },
      `cancel-${providerRef}`,
    );
    return this.getPayment(providerRef);
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    if (input.currency !== CURRENCY) throw new PaymentProviderError(ID, `takes ${CURRENCY}, not ${input.currency}`);
    const body = {
      refundAmount: fromMinorUnits(input.amountMinor, input.currency),
      externalOperationId: input.idempotencyKey,
    };
    try {
      const answer = ZOperationAnswer.safeParse(
        await this.call('POST', `/api/merchant/v2/orders/${encodeURIComponent(input.providerRef)}/refund`, body, input.idempotencyKey),
      );
      if (!answer.success) throw new PaymentProviderError(ID, `unexpected refund answer: ${answer.error.message}`);
      return this.refundOf(answer.data.data.operation, input.currency, input.refundId);
    } catch (error) {
      // Started before (a retry after a crash): Yandex refuses the repeat; the operation is the answer.
      if (!(error instanceof PaymentProviderError && error.providerCode === 'DUPLICATE_EXTERNAL_OPERATION_ID')) throw error;
      const answer = ZOperationAnswer.safeParse(
        await this.call('GET', `/api/merchant/v1/operations/${encodeURIComponent(input.idempotencyKey)}`),
      );
      if (!answer.success) throw new PaymentProviderError(ID, `unexpected operation answer: ${answer.error.message}`);
      return this.refundOf(answer.data.data.operation, input.currency, input.refundId);
    }
  }

  async listRefunds(providerRef: string): Promise<ProviderRefund[]> {
    const answer = ZOrderAnswer.safeParse(await this.call('GET', `${ORDERS}/${encodeURIComponent(providerRef)}`));
    if (!answer.success) throw new PaymentProviderError(ID, `unexpected order answer: ${answer.error.message}`);
    const currency = ZCurrency.safeParse(answer.data.data.order.currencyCode);
    if (!currency.success) throw new PaymentProviderError(ID, `order ${providerRef} is in ${answer.data.data.order.currencyCode}`);
    return (answer.data.data.operations ?? [])
      .filter((operation) => operation.operationType === 'REFUND')
      .map((operation) => this.refundOf(operation, currency.data));
  }

  private refundOf(operation: YandexOperation, currency: ProviderRefund['currency'], refundId?: string): ProviderRefund {
    if (operation.amount === undefined) throw new PaymentProviderError(ID, `refund ${operation.operationId} has no amount`);
    return {
      refundRef: operation.operationId,
      providerRef: operation.orderId,
      status: operation.status === 'SUCCESS' ? 'succeeded' : operation.status === 'FAIL' ? 'failed' : 'pending',
      amountMinor: toMinorUnits(String(operation.amount), currency),
      currency,
      ...(refundId && { refundId }),
      ...(operation.status === 'FAIL' && { failureReason: operation.reason ?? 'refused' }),
    };
  }

  async parseWebhook(rawBody: string | Buffer, _headers: WebhookHeaders): Promise<ProviderNotification | null> {
    const token = rawBody.toString().trim();
    const tolerance = this.options.clockToleranceSeconds ?? 60;
    const nowMs = this.options.now?.() ?? Date.now();
    let verified: Awaited<ReturnType<typeof jwtVerify>>;
    try {
      verified = await jwtVerify(token, this.keys, {
        algorithms: ['ES256'],
        clockTolerance: tolerance,
        currentDate: new Date(nowMs),
      });
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        throw new WebhookVerificationError(ID, error.message);
      }
      throw error;
    }
    const { protectedHeader, payload } = verified;
    const exp = Number(protectedHeader.exp ?? payload.exp);
    if (!Number.isFinite(exp)) throw new WebhookVerificationError(ID, 'token has no expiry');
    if (nowMs / 1000 > exp + tolerance) throw new WebhookVerificationError(ID, 'token expired');
    const iat = Number(protectedHeader.iat ?? payload.iat);
    if (Number.isFinite(iat) && iat > nowMs / 1000 + tolerance) throw new WebhookVerificationError(ID, 'token issued in the future');

    const event = ZWebhookPayload.safeParse(payload);
    if (!event.success) throw new WebhookVerificationError(ID, 'unexpected payload');
    if (event.data.merchantId !== this.options.merchantId) throw new WebhookVerificationError(ID, 'token is for another merchant');

    const orderId = event.data.order?.orderId ?? event.data.operation?.orderId;
    if (!orderId) return null;
    // A refund operation finished, or the order's status says it was refunded (REFUNDED,
    // PARTIALLY_REFUNDED): the order's refund operations are read back.
    const status = event.data.order?.paymentStatus;
    if (event.data.operation?.operationType === 'REFUND' || status === 'REFUNDED' || status === 'PARTIALLY_REFUNDED') {
      return { kind: 'refund', provider: ID, providerRef: orderId };
    }
    // Amount and currency are not in the event: they come from the API. The signed status is
    // the news; when an event carries none (operations), the API's status stands.
    const state = await this.getPayment(orderId);
    const signed = event.data.event === 'ORDER_STATUS_UPDATED' ? event.data.order?.paymentStatus : undefined;
    return { ...state, ...(signed && { status: yandexStatus(signed) }), provider: ID };
  }

  private async readOrder(orderId: string): Promise<YandexOrder> {
    const answer = ZOrderAnswer.safeParse(await this.call('GET', `${ORDERS}/${encodeURIComponent(orderId)}`));
    if (!answer.success) throw new PaymentProviderError(ID, `unexpected order answer: ${answer.error.message}`);
    return answer.data.data.order;
  }

  private call(method: 'GET' | 'POST', path: string, body?: unknown, requestId: string = randomUUID()): Promise<unknown> {
    return requestJson(ID, this.fetch, `${this.base}${path}`, {
      method,
      headers: {
        authorization: `Api-Key ${this.options.apiKey}`,
        accept: 'application/json',
        // Yandex's request id: a retry of the same request repeats it.
        'x-request-id': requestId,
        'x-request-timeout': String(this.options.timeoutMs ?? 20_000),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      timeoutMs: this.options.timeoutMs ?? 20_000,
      codeOf: (answer) => z.object({ reasonCode: z.string() }).safeParse(answer).data?.reasonCode,
    });
  }
}

/** Refunds come after paid; the forward-only state machine keeps them as paid. */
export function yandexStatus(status: YandexPaymentStatus | null | undefined): ProviderPaymentStatus {
  switch (status) {
    case 'CAPTURED':
    case 'CONFIRMED':
    case 'REFUNDED':
    case 'PARTIALLY_REFUNDED':
      return 'paid';
    case 'VOIDED':
      return 'canceled';
    case 'FAILED':
      return 'fail';
    default:
      return 'pending';
  }
}

function stateOf(order: YandexOrder): ProviderPaymentState {
  const currency = ZCurrency.safeParse(order.currencyCode);
  if (!currency.success) throw new PaymentProviderError(ID, `order ${order.orderId} is in ${order.currencyCode}`);
  const amount = order.orderAmount ?? order.cart?.total.amount;
  if (amount === undefined) throw new PaymentProviderError(ID, `order ${order.orderId} has no amount`);
  return {
    providerRef: order.orderId,
    status: yandexStatus(order.paymentStatus),
    amountMinor: toMinorUnits(amount, currency.data),
    currency: currency.data,
    paymentId: order.orderId,
  };
}
