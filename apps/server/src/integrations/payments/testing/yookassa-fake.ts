/**
 * A local YooKassa API v3 for tests: `POST /v3/payments`, `GET /v3/payments/{id}`,
 * `POST /v3/payments/{id}/cancel`, with HTTP Basic auth (shopId:secretKey), the required
 * `Idempotence-Key` on every POST (the same key with the same body gives the same payment; the
 * same key with another body is refused with 400), YooKassa's error shape, and helpers that move
 * a payment as the player and YooKassa would and build the (unsigned) notification bodies.
 *
 *   const kassa = await startYookassaFake({ shopId: '123', secretKey: 'test_x' });
 *   new YookassaPaymentProvider({ shopId: '123', secretKey: 'test_x', apiBaseUrl: kassa.apiBaseUrl });
 *   kassa.succeed(id);
 *   provider.parseWebhook(kassa.notificationFor(id, 'payment.succeeded'), {});
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IdempotencyCache, basicAuth, listen, sendJson, type LocalServer } from './http.ts';

export type YookassaStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

/** The fields of a YooKassa payment the fake keeps (YooKassa's names). */
export interface FakeYookassaPayment {
  id: string;
  status: YookassaStatus;
  paid: boolean;
  amount: { value: string; currency: string };
  description?: string;
  confirmation: { type: 'embedded'; confirmation_token: string };
  metadata: Record<string, string>;
  receipt?: unknown;
  capture: boolean;
  created_at: string;
  captured_at?: string;
  cancellation_details?: { party: 'merchant' | 'yoo_money' | 'payment_network'; reason: string };
  test: true;
  refundable: boolean;
  recipient: { account_id: string; gateway_id: string };
}

/** The fields of a YooKassa refund the fake keeps (YooKassa's names). */
export interface FakeYookassaRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  description?: string;
  created_at: string;
  cancellation_details?: { party: string; reason: string };
}

export interface YookassaFake extends LocalServer {
  /** What to pass as `apiBaseUrl`: the server's origin plus `/v3`. */
  apiBaseUrl: string;
  payments: Map<string, FakeYookassaPayment>;
  refunds: Map<string, FakeYookassaRefund>;
  /** The next refund made through the API is cancelled by YooKassa with this reason (once). */
  refuseNextRefund?: string | undefined;
  /** A refund made in YooKassa's dashboard. */
  dashboardRefund(paymentId: string, value: string): FakeYookassaRefund;
  /** A notification body about a refund (`refund.succeeded`). */
  refundNotificationFor(refundId: string): string;
  requests: { method: string; path: string; idempotenceKey?: string }[];
  /** The player paid (capture: true) -> succeeded; (capture: false) -> waiting_for_capture. */
  succeed(id: string): FakeYookassaPayment;
  /** The player's money is held, awaiting capture or cancel (two-stage payments). */
  hold(id: string): FakeYookassaPayment;
  /** YooKassa or the bank ended it, e.g. `insufficient_funds` or `expired_on_confirmation`. */
  cancel(id: string, reason: string, party?: 'yoo_money' | 'payment_network' | 'merchant'): FakeYookassaPayment;
  /** A notification body as YooKassa posts it, carrying the payment as it is now (or as given). */
  notificationFor(id: string, event: string, object?: Partial<FakeYookassaPayment>): string;
}

export interface YookassaFakeOptions {
  shopId: string;
  secretKey: string;
}

export async function startYookassaFake(options: YookassaFakeOptions): Promise<YookassaFake> {
  const payments = new Map<string, FakeYookassaPayment>();
  const refunds = new Map<string, FakeYookassaRefund>();
  const state: { refuseNextRefund?: string | undefined } = {};
  const kopecks = (value: string) => Math.round(Number(value) * 100);
  const refundedOf = (paymentId: string) =>
    [...refunds.values()]
      .filter((refund) => refund.payment_id === paymentId && refund.status !== 'canceled')
      .reduce((sum, refund) => sum + kopecks(refund.amount.value), 0);
  const makeRefund = (payment: FakeYookassaPayment, value: string, description?: string): FakeYookassaRefund => {
    const refund: FakeYookassaRefund = {
      id: `${randomUUID().slice(0, 8)}-0015-5000-8000-${randomBytes(6).toString('hex')}`,
      payment_id: payment.id,
      status: 'succeeded',
      amount: { value: Number(value).toFixed(2), currency: payment.amount.currency },
      ...(description !== undefined && { description }),
      created_at: new Date().toISOString(),
    };
    refunds.set(refund.id, refund);
    return refund;
  };
  const requests: YookassaFake['requests'] = [];
  const idempotency = new IdempotencyCache<{ status: number; body: unknown }>();

  const handler = (req: IncomingMessage, body: string, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://yookassa.local');
    const key = req.headers['idempotence-key'];
    const idempotenceKey = Array.isArray(key) ? key[0] : key;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, ...(idempotenceKey && { idempotenceKey }) });

    const auth = basicAuth(req);
    if (auth?.user !== options.shopId || auth.password !== options.secretKey) {
      return error(res, 401, 'invalid_credentials', "Login and password are incorrect or the shop doesn't exist");
    }
    if (req.method === 'POST') {
      if (!idempotenceKey) return error(res, 400, 'invalid_request', 'Idempotence key is missing', 'Idempotence-Key');
      if (idempotenceKey.length > 64) return error(res, 400, 'invalid_request', 'Idempotence key is too long', 'Idempotence-Key');
      const seen = idempotency.lookup(idempotenceKey, `${url.pathname}\n${body}`);
      if (seen.kind === 'replay') return sendJson(res, seen.answer.status, seen.answer.body);
      if (seen.kind === 'conflict') {
        return error(res, 400, 'invalid_request', 'Idempotence key duplicated with a different request body', 'Idempotence-Key');
      }
    }
    const answer = (status: number, json: unknown) => {
      if (req.method === 'POST' && idempotenceKey) idempotency.remember(idempotenceKey, `${url.pathname}\n${body}`, { status, body: json });
      sendJson(res, status, json);
    };

    if (req.method === 'POST' && url.pathname === '/v3/payments') {
      let request: {
        amount?: { value?: unknown; currency?: unknown };
        confirmation?: { type?: unknown };
        capture?: unknown;
        description?: unknown;
        metadata?: unknown;
        receipt?: unknown;
      };
      try {
        request = JSON.parse(body) as typeof request;
      } catch {
        return error(res, 400, 'invalid_request', 'Request body is not valid JSON');
      }
      const value = request.amount?.value;
      if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value) || Number(value) <= 0) {
        return error(res, 400, 'invalid_request', 'Invalid amount value', 'amount.value');
      }
      if (request.amount?.currency !== 'RUB') return error(res, 400, 'invalid_request', 'Unsupported currency', 'amount.currency');
      if (request.confirmation?.type !== 'embedded')
        return error(res, 400, 'invalid_request', 'This fake serves embedded confirmation only', 'confirmation.type');
      if (typeof request.description === 'string' && request.description.length > 128) {
        return error(res, 400, 'invalid_request', 'Description is too long', 'description');
      }
      const payment: FakeYookassaPayment = {
        id: `${randomUUID().slice(0, 8)}-000f-5000-9000-${randomBytes(6).toString('hex')}`,
        status: 'pending',
        paid: false,
        amount: { value: Number(value).toFixed(2), currency: 'RUB' },
        ...(typeof request.description === 'string' && { description: request.description }),
        confirmation: { type: 'embedded', confirmation_token: `ct-${randomUUID()}` },
        metadata: (request.metadata ?? {}) as Record<string, string>,
        ...(request.receipt !== undefined && { receipt: request.receipt }),
        capture: request.capture === true,
        created_at: new Date().toISOString(),
        test: true,
        refundable: false,
        recipient: { account_id: options.shopId, gateway_id: '100500' },
      };
      payments.set(payment.id, payment);
      return answer(200, payment);
    }

    if (req.method === 'POST' && url.pathname === '/v3/refunds') {
      let request: { payment_id?: unknown; amount?: { value?: unknown; currency?: unknown }; description?: unknown };
      try {
        request = JSON.parse(body) as typeof request;
      } catch {
        return error(res, 400, 'invalid_request', 'Request body is not valid JSON');
      }
      const target = typeof request.payment_id === 'string' ? payments.get(request.payment_id) : undefined;
      if (!target) return answer(404, errorBody('not_found', 'Payment not found or forbidden', 'payment_id'));
      const value = request.amount?.value;
      if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value) || Number(value) <= 0) {
        return answer(400, errorBody('invalid_request', 'Invalid amount value', 'amount.value'));
      }
      if (request.amount?.currency !== target.amount.currency)
        return answer(400, errorBody('invalid_request', 'Wrong currency', 'amount.currency'));
      if (target.status !== 'succeeded')
        return answer(400, errorBody('invalid_request', `Payment in status ${target.status} can't be refunded`, 'payment_id'));
      if (refundedOf(target.id) + kopecks(value) > kopecks(target.amount.value)) {
        return answer(400, errorBody('invalid_request', 'Refund amount exceeds the amount available for refund', 'amount.value'));
      }
      const refund = makeRefund(target, value, typeof request.description === 'string' ? request.description : undefined);
      if (state.refuseNextRefund) {
        Object.assign(refund, { status: 'canceled', cancellation_details: { party: 'yoo_money', reason: state.refuseNextRefund } });
        state.refuseNextRefund = undefined;
      }
      return answer(200, refund);
    }
    if (req.method === 'GET' && url.pathname === '/v3/refunds') {
      const paymentId = url.searchParams.get('payment_id');
      const items = [...refunds.values()].filter((refund) => paymentId === null || refund.payment_id === paymentId);
      return answer(200, { type: 'list', items });
    }
    const refundMatch = /^\/v3\/refunds\/([^/]+)$/.exec(url.pathname);
    if (refundMatch?.[1] && req.method === 'GET') {
      const refund = refunds.get(decodeURIComponent(refundMatch[1]));
      return refund ? answer(200, refund) : answer(404, errorBody('not_found', 'Refund not found or forbidden', 'refund_id'));
    }

    const match = /^\/v3\/payments\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    const payment = match?.[1] ? payments.get(decodeURIComponent(match[1])) : undefined;
    if (match && !payment) return answer(404, errorBody('not_found', 'Payment not found or forbidden', 'payment_id'));
    if (payment && req.method === 'GET' && !match?.[2]) return answer(200, payment);
    if (payment && req.method === 'POST' && match?.[2]) {
      if (payment.status !== 'waiting_for_capture') {
        return answer(400, errorBody('invalid_request', `Payment in status ${payment.status} can't be canceled`, 'payment_id'));
      }
      Object.assign(payment, {
        status: 'canceled',
        paid: false,
        cancellation_details: { party: 'merchant', reason: 'canceled_by_merchant' },
      });
      return answer(200, payment);
    }
    return error(res, 404, 'not_found', `No route ${req.method} ${url.pathname}`);
  };

  const server = await listen(handler);
  const mustGet = (id: string) => {
    const payment = payments.get(id);
    if (!payment) throw new Error(`no YooKassa payment ${id}`);
    return payment;
  };
  return {
    ...server,
    apiBaseUrl: `${server.url}/v3`,
    payments,
    refunds,
    get refuseNextRefund() {
      return state.refuseNextRefund;
    },
    set refuseNextRefund(reason) {
      state.refuseNextRefund = reason;
    },
    dashboardRefund(paymentId, value) {
      return makeRefund(mustGet(paymentId), value);
    },
    refundNotificationFor(refundId) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no YooKassa refund ${refundId}`);
      return JSON.stringify({ type: 'notification', event: `refund.${refund.status}`, object: structuredClone(refund) });
    },
    requests,
    succeed(id) {
      const payment = mustGet(id);
      if (payment.capture) Object.assign(payment, { status: 'succeeded', paid: true, captured_at: new Date().toISOString() });
      else Object.assign(payment, { status: 'waiting_for_capture', paid: true });
      return payment;
    },
    hold(id) {
      return Object.assign(mustGet(id), { status: 'waiting_for_capture', paid: true });
    },
    cancel(id, reason, party = 'yoo_money') {
      const payment = mustGet(id);
      Object.assign(payment, { status: 'canceled', paid: false, cancellation_details: { party, reason } });
      return payment;
    },
    notificationFor(id, event, object) {
      return JSON.stringify({ type: 'notification', event, object: { ...structuredClone(mustGet(id)), ...object } });
    },
  };
}

function errorBody(code: string, description: string, parameter?: string) {
  return { type: 'error', id: randomUUID(), code, description, ...(parameter && { parameter }) };
}

function error(res: ServerResponse, status: number, code: string, description: string, parameter?: string): void {
  sendJson(res, status, errorBody(code, description, parameter));
}
