/**
 * A local Yandex Pay merchant API for tests: `POST /api/merchant/v1/orders` (payment links),
 * `GET /api/merchant/v1/orders/{orderId}`, `POST /api/merchant/v1/orders/{orderId}/cancel`,
 * with `Authorization: Api-Key ...`, Yandex's `{ status, code, data }` envelope, the public keys
 * at `GET /api/jwks`, and `signWebhook()`, which signs an event as Yandex does: a compact ES256
 * JWT whose JOSE header carries `kid`, `iat` and `exp`.
 *
 * Idempotency: a POST repeating an `X-Request-Id` with the same body replays the first answer.
 * A second order with an existing `orderId` is refused with 409 and reasonCode
 * `ORDER_ALREADY_EXISTS`; that code is this fake's choice, the adapter only relies on the 409.
 *
 *   const yandex = await startYandexPayFake({ merchantId: 'm-1', apiKey: 'key' });
 *   new YandexPayPaymentProvider({ merchantId: 'm-1', apiKey: 'key', apiBaseUrl: yandex.url, jwksUrl: yandex.jwksUrl });
 *   yandex.setStatus(orderId, 'CAPTURED');
 *   provider.parseWebhook(await yandex.orderStatusWebhook(orderId), {});
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import { IdempotencyCache, listen, sendJson, type LocalServer } from './http.ts';

export type FakeYandexPaymentStatus =
  'PENDING' | 'AUTHORIZED' | 'CAPTURED' | 'VOIDED' | 'REFUNDED' | 'CONFIRMED' | 'PARTIALLY_REFUNDED' | 'FAILED';

export interface FakeYandexOrder {
  orderId: string;
  merchantId: string;
  paymentStatus: FakeYandexPaymentStatus;
  orderAmount: string;
  currencyCode: string;
  paymentUrl: string;
  cart: { items: unknown[]; total: { amount: string } };
  redirectUrls?: unknown;
  availablePaymentMethods?: string[];
  metadata?: string;
  created: string;
  updated: string;
}

export interface SignWebhookOptions {
  /** Seconds from now until the token expires (negative: already expired). Default 300. */
  expiresIn?: number;
  /** Sign with this key instead of the published one (a forger's). */
  key?: CryptoKey;
  /** `kid` in the header; default the published key's id. */
  kid?: string;
}

/** A refund operation of an order (Yandex's names). */
export interface FakeYandexOperation {
  operationId: string;
  orderId: string;
  operationType: 'REFUND';
  status: 'PENDING' | 'SUCCESS' | 'FAIL';
  amount: string;
  externalOperationId: string | null;
  reason?: string;
}

export interface YandexPayFake extends LocalServer {
  /** `${url}/api/jwks`: Yandex's public keys. */
  jwksUrl: string;
  orders: Map<string, FakeYandexOrder>;
  /** refund operations, by operation id */
  operations: Map<string, FakeYandexOperation>;
  /** An `OPERATION_STATUS_UPDATED` webhook for a refund operation. */
  operationWebhook(operationId: string): Promise<string>;
  requests: { method: string; path: string; requestId?: string }[];
  setStatus(orderId: string, status: FakeYandexPaymentStatus): FakeYandexOrder;
  /** Signs any payload as a webhook JWT. */
  signWebhook(payload: JWTPayload, options?: SignWebhookOptions): Promise<string>;
  /** An `ORDER_STATUS_UPDATED` webhook for the order as it is now (or with the given status). */
  orderStatusWebhook(
    orderId: string,
    options?: SignWebhookOptions & { paymentStatus?: FakeYandexPaymentStatus; merchantId?: string },
  ): Promise<string>;
}

export interface YandexPayFakeOptions {
  merchantId: string;
  apiKey: string;
}

const ORDERS = '/api/merchant/v1/orders';

export async function startYandexPayFake(options: YandexPayFakeOptions): Promise<YandexPayFake> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = `1-merchant-api-${randomBytes(4).toString('hex')}`;
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] };
  const orders = new Map<string, FakeYandexOrder>();
  const operations = new Map<string, FakeYandexOperation>();
  const kopecks = (value: string) => Math.round(Number(value) * 100);
  const requests: YandexPayFake['requests'] = [];
  const idempotency = new IdempotencyCache<{ status: number; body: unknown }>();
  let origin = '';

  const handler = (req: IncomingMessage, body: string, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://yandex-pay.local');
    const header = req.headers['x-request-id'];
    const requestId = Array.isArray(header) ? header[0] : header;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, ...(requestId && { requestId }) });

    if (req.method === 'GET' && url.pathname === '/api/jwks') return sendJson(res, 200, jwks);
    if (req.headers.authorization !== `Api-Key ${options.apiKey}`) return fail(res, 401, 'UNAUTHORIZED', 'Invalid API key');

    if (req.method === 'POST' && requestId) {
      const seen = idempotency.lookup(requestId, `${url.pathname}\n${body}`);
      if (seen.kind === 'replay') return sendJson(res, seen.answer.status, seen.answer.body);
      if (seen.kind === 'conflict') return fail(res, 409, 'DUPLICATE_REQUEST_ID', 'X-Request-Id reused with another request');
    }
    const answer = (status: number, json: unknown) => {
      if (req.method === 'POST' && requestId) idempotency.remember(requestId, `${url.pathname}\n${body}`, { status, body: json });
      sendJson(res, status, json);
    };

    if (req.method === 'POST' && url.pathname === ORDERS) {
      let order: Partial<FakeYandexOrder> & { cart?: { items?: unknown[]; total?: { amount?: unknown } } };
      try {
        order = JSON.parse(body) as typeof order;
      } catch {
        return fail(res, 400, 'BAD_REQUEST', 'Body is not JSON');
      }
      const amount = order.cart?.total?.amount;
      if (typeof order.orderId !== 'string' || order.orderId === '') return answer(400, failure(400, 'BAD_REQUEST', 'orderId is required'));
      if (order.currencyCode !== 'RUB') return answer(400, failure(400, 'BAD_REQUEST', 'currencyCode must be RUB'));
      if (typeof amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(amount))
        return answer(400, failure(400, 'BAD_REQUEST', 'cart.total.amount is invalid'));
      if (orders.has(order.orderId)) return answer(409, failure(409, 'ORDER_ALREADY_EXISTS', `Order ${order.orderId} already exists`));
      const now = new Date().toISOString();
      const created: FakeYandexOrder = {
        orderId: order.orderId,
        merchantId: options.merchantId,
        paymentStatus: 'PENDING',
        orderAmount: Number(amount).toFixed(2),
        currencyCode: 'RUB',
        paymentUrl: `${origin}/l/${randomBytes(6).toString('hex')}`,
        cart: { items: order.cart?.items ?? [], total: { amount } },
        ...(order.redirectUrls !== undefined && { redirectUrls: order.redirectUrls }),
        ...(order.availablePaymentMethods && { availablePaymentMethods: order.availablePaymentMethods }),
        ...(typeof order.metadata === 'string' && { metadata: order.metadata }),
        created: now,
        updated: now,
      };
      orders.set(created.orderId, created);
      return answer(200, { status: 'success', code: 200, data: { paymentUrl: created.paymentUrl } });
    }

    // v2 refund: refundAmount, externalOperationId; a second start of a started refund is refused.
    const refundMatch = /^\/api\/merchant\/v2\/orders\/([^/]+)\/refund$/.exec(url.pathname);
    if (req.method === 'POST' && refundMatch?.[1]) {
      const target = orders.get(decodeURIComponent(refundMatch[1]));
      if (!target) return answer(404, failure(404, 'ORDER_NOT_FOUND', 'Order not found'));
      const request = JSON.parse(body) as { refundAmount?: string; externalOperationId?: string };
      if (!request.refundAmount || !/^\d+(\.\d{1,2})?$/.test(request.refundAmount))
        return answer(400, failure(400, 'BAD_REQUEST', 'refundAmount is invalid'));
      if (request.externalOperationId && [...operations.values()].some((op) => op.externalOperationId === request.externalOperationId)) {
        return answer(409, failure(409, 'DUPLICATE_EXTERNAL_OPERATION_ID', 'An operation with this externalOperationId exists'));
      }
      if (target.paymentStatus !== 'CAPTURED' && target.paymentStatus !== 'PARTIALLY_REFUNDED') {
        return answer(400, failure(400, 'ORDER_HAS_INVALID_STATUS', `Order is ${target.paymentStatus}`));
      }
      const refunded = [...operations.values()]
        .filter((op) => op.orderId === target.orderId && op.status !== 'FAIL')
        .reduce((sum, op) => sum + kopecks(op.amount), 0);
      if (refunded + kopecks(request.refundAmount) > kopecks(target.orderAmount)) {
        return answer(400, failure(400, 'ORDER_AMOUNT_MISMATCH', 'Refund amount exceeds the order amount left'));
      }
      const operation: FakeYandexOperation = {
        operationId: randomUUID(),
        orderId: target.orderId,
        operationType: 'REFUND',
        status: 'SUCCESS',
        amount: Number(request.refundAmount).toFixed(2),
        externalOperationId: request.externalOperationId ?? null,
      };
      operations.set(operation.operationId, operation);
      const left = kopecks(target.orderAmount) - refunded - kopecks(request.refundAmount);
      Object.assign(target, { paymentStatus: left === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED', updated: new Date().toISOString() });
      return answer(200, { status: 'success', code: 200, data: { operation } });
    }
    const operationMatch = /^\/api\/merchant\/v1\/operations\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && operationMatch?.[1]) {
      const external = decodeURIComponent(operationMatch[1]);
      const operation = [...operations.values()].find((op) => op.externalOperationId === external);
      return operation
        ? answer(200, { status: 'success', code: 200, data: { operation } })
        : answer(404, failure(404, 'OPERATION_NOT_FOUND', 'Operation not found'));
    }

    const match = new RegExp(`^${ORDERS}/([^/]+)(/cancel)?$`).exec(url.pathname);
    const order = match?.[1] ? orders.get(decodeURIComponent(match[1])) : undefined;
    if (match && !order) return answer(404, failure(404, 'ORDER_NOT_FOUND', 'Order not found'));
    if (order && req.method === 'GET' && !match?.[2]) {
      const ofOrder = [...operations.values()].filter((op) => op.orderId === order.orderId);
      return answer(200, { status: 'success', code: 200, data: { order, operations: ofOrder } });
    }
    if (order && req.method === 'POST' && match?.[2]) {
      if (order.paymentStatus !== 'AUTHORIZED')
        return answer(400, failure(400, 'ORDER_HAS_INVALID_STATUS', `Order is ${order.paymentStatus}`));
      Object.assign(order, { paymentStatus: 'VOIDED', updated: new Date().toISOString() });
      const operation = { operationId: randomUUID(), orderId: order.orderId, operationType: 'VOID', status: 'SUCCESS' };
      return answer(200, { status: 'success', code: 200, data: { operation } });
    }
    return fail(res, 404, 'NOT_FOUND', `No route ${req.method} ${url.pathname}`);
  };

  const server = await listen(handler);
  origin = server.url;
  const signWebhook: YandexPayFake['signWebhook'] = async (payload, signOptions = {}) => {
    const iat = Math.floor(Date.now() / 1000);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: signOptions.kid ?? kid, iat, exp: iat + (signOptions.expiresIn ?? 300) })
      .sign(signOptions.key ?? privateKey);
  };
  const mustGet = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no Yandex Pay order ${orderId}`);
    return order;
  };
  return {
    ...server,
    jwksUrl: `${server.url}/api/jwks`,
    orders,
    operations,
    operationWebhook(operationId) {
      const operation = operations.get(operationId);
      if (!operation) throw new Error(`no operation ${operationId}`);
      return signWebhook({
        merchantId: options.merchantId,
        event: 'OPERATION_STATUS_UPDATED',
        eventTime: new Date().toISOString(),
        operation: { ...operation },
      });
    },
    requests,
    setStatus(orderId, status) {
      return Object.assign(mustGet(orderId), { paymentStatus: status, updated: new Date().toISOString() });
    },
    signWebhook,
    orderStatusWebhook(orderId, webhookOptions = {}) {
      const order = mustGet(orderId);
      return signWebhook(
        {
          merchantId: webhookOptions.merchantId ?? options.merchantId,
          event: 'ORDER_STATUS_UPDATED',
          eventTime: new Date().toISOString(),
          order: { orderId, paymentStatus: webhookOptions.paymentStatus ?? order.paymentStatus },
        },
        webhookOptions,
      );
    },
  };
}

function failure(code: number, reasonCode: string, reason: string) {
  return { status: 'fail', code, reasonCode, reason };
}

function fail(res: ServerResponse, code: number, reasonCode: string, reason: string): void {
  sendJson(res, code, failure(code, reasonCode, reason));
}
