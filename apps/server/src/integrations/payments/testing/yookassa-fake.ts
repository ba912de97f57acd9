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

export interface YookassaFake extends LocalServer {
  /** What to pass as `apiBaseUrl`: the server's origin plus `/v3`. */
  apiBaseUrl: string;
  payments: Map<string, FakeYookassaPayment>;
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
