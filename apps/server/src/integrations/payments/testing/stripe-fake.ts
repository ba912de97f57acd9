/**
 * A local Stripe API for tests: enough of `/v1/payment_intents` (create, retrieve, cancel) for
 * the official SDK, with form-encoded bodies, Bearer auth, idempotency keys and Stripe's error
 * shape; plus helpers that move an intent as a paying player would and sign webhook payloads
 * exactly as Stripe does (`Stripe-Signature: t=...,v1=HMAC-SHA256(secret, t + "." + body)`).
 *
 *   const stripe = await startStripeFake({ secretKey: 'sk_test_x' });
 *   new StripePaymentProvider({ secretKey: 'sk_test_x', webhookSecret, apiBaseUrl: stripe.url });
 *   stripe.succeed(intentId);
 *   const body = stripe.eventFor(intentId, 'payment_intent.succeeded');
 *   headers = { 'stripe-signature': signStripeWebhook(body, webhookSecret) };
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IdempotencyCache, listen, sendJson, type LocalServer } from './http.ts';

export type StripeIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';

/** The fields of a PaymentIntent the fake keeps (Stripe's names). */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: StripeIntentStatus;
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  created: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  livemode: false;
}

/** The fields of a Refund the fake keeps (Stripe's names). */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StripeFake extends LocalServer {
  intents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  /** What the next refunds created through the API become (default succeeded). */
  refundOutcome: 'succeeded' | 'pending';
  /** A refund made in Stripe's dashboard (not through the API). */
  dashboardRefund(intentId: string, amount: number): FakeRefund;
  /** Moves a pending refund to its end. */
  finishRefund(id: string, status: 'succeeded' | 'failed', failureReason?: string): FakeRefund;
  /** A webhook body of an event about a refund as it is now (`refund.updated`, `charge.refunded` ...). */
  refundEventFor(id: string, type: string): string;
  /** A webhook body of a `charge.dispute.*` event on the intent. */
  disputeEventFor(intentId: string, type: string, dispute: { id: string; status: string; amount: number; reason: string }): string;
  /** Requests seen, for assertions (method, path, idempotency key). */
  requests: { method: string; path: string; idempotencyKey?: string }[];
  /** The player paid. */
  succeed(id: string): FakePaymentIntent;
  /** The player's card was declined: back to requires_payment_method with an error. */
  decline(id: string): FakePaymentIntent;
  /** A webhook body (JSON text) of an event about the intent as it is now. */
  eventFor(id: string, type: string): string;
}

export interface StripeFakeOptions {
  /** The only API key accepted. */
  secretKey: string;
}

const CANCELABLE: StripeIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
];

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const intents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  let refundOutcome: StripeFake['refundOutcome'] = 'succeeded';
  const refundedOf = (intentId: string) =>
    [...refunds.values()]
      .filter((refund) => refund.payment_intent === intentId && (refund.status === 'succeeded' || refund.status === 'pending'))
      .reduce((sum, refund) => sum + refund.amount, 0);
  const makeRefund = (intent: FakePaymentIntent, amount: number, metadata: Record<string, string>, status: FakeRefund['status']) => {
    const refund: FakeRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status,
      failure_reason: null,
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    return refund;
  };
  const requests: StripeFake['requests'] = [];
  const idempotency = new IdempotencyCache<{ status: number; body: unknown }>();

  const handler = (req: IncomingMessage, body: string, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const idempotencyKey = header(req, 'idempotency-key');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, ...(idempotencyKey && { idempotencyKey }) });
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return stripeError(res, 401, 'invalid_request_error', undefined, 'Invalid API Key provided');
    }
    const params = parseForm(body);

    const answer = (status: number, json: unknown) => {
      if (idempotencyKey && req.method === 'POST') idempotency.remember(idempotencyKey, `${url.pathname}?${body}`, { status, body: json });
      sendJson(res, status, json, { 'request-id': `req_${randomBytes(7).toString('hex')}` });
    };
    if (idempotencyKey && req.method === 'POST') {
      const seen = idempotency.lookup(idempotencyKey, `${url.pathname}?${body}`);
      if (seen.kind === 'replay') {
        return sendJson(res, seen.answer.status, seen.answer.body, { 'idempotent-replayed': 'true' });
      }
      if (seen.kind === 'conflict') {
        return stripeError(
          res,
          400,
          'idempotency_error',
          undefined,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        );
      }
    }

    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const amount = Number(params.amount);
      const currency = typeof params.currency === 'string' ? params.currency : '';
      if (!Number.isSafeInteger(amount) || amount < 1)
        return stripeError(res, 400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid integer: amount', 'amount');
      if (!/^[a-z]{3}$/.test(currency))
        return stripeError(res, 400, 'invalid_request_error', 'parameter_missing', 'Missing required param: currency.', 'currency');
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: FakePaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        description: typeof params.description === 'string' ? params.description : null,
        receipt_email: typeof params.receipt_email === 'string' ? params.receipt_email : null,
        metadata: typeof params.metadata === 'object' ? params.metadata : {},
        created: Math.floor(Date.now() / 1000),
        canceled_at: null,
        cancellation_reason: null,
        last_payment_error: null,
        livemode: false,
      };
      intents.set(id, intent);
      return answer(200, intent);
    }

    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const target = typeof params.payment_intent === 'string' ? intents.get(params.payment_intent) : undefined;
      if (!target)
        return answer(
          404,
          errorBody(
            'invalid_request_error',
            'resource_missing',
            `No such payment_intent: '${String(params.payment_intent)}'`,
            'payment_intent',
          ),
        );
      if (target.status !== 'succeeded') {
        return answer(
          400,
          errorBody('invalid_request_error', 'charge_not_refundable', 'This PaymentIntent does not have a successful charge to refund.'),
        );
      }
      const left = target.amount_received - refundedOf(target.id);
      const amount = params.amount === undefined ? left : Number(params.amount);
      if (!Number.isSafeInteger(amount) || amount < 1)
        return answer(400, errorBody('invalid_request_error', 'parameter_invalid_integer', 'Invalid integer: amount', 'amount'));
      if (left <= 0)
        return answer(
          400,
          errorBody('invalid_request_error', 'charge_already_refunded', `Charge for ${target.id} has already been refunded.`),
        );
      if (amount > left) {
        return answer(
          400,
          errorBody(
            'invalid_request_error',
            'amount_too_large',
            `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
            'amount',
          ),
        );
      }
      return answer(200, makeRefund(target, amount, typeof params.metadata === 'object' ? params.metadata : {}, refundOutcome));
    }
    if (req.method === 'GET' && url.pathname === '/v1/refunds') {
      const intentId = url.searchParams.get('payment_intent');
      const data = [...refunds.values()].filter((refund) => intentId === null || refund.payment_intent === intentId).reverse();
      return answer(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }

    const match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    const intent = match?.[1] ? intents.get(decodeURIComponent(match[1])) : undefined;
    if (match && !intent) {
      return answer(404, errorBody('invalid_request_error', 'resource_missing', `No such payment_intent: '${match[1]}'`, 'intent'));
    }
    if (intent && req.method === 'GET' && !match?.[2]) return answer(200, intent);
    if (intent && req.method === 'POST' && match?.[2]) {
      if (!CANCELABLE.includes(intent.status)) {
        return answer(
          400,
          errorBody(
            'invalid_request_error',
            'payment_intent_unexpected_state',
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
          ),
        );
      }
      intent.status = 'canceled';
      intent.canceled_at = Math.floor(Date.now() / 1000);
      intent.cancellation_reason = typeof params.cancellation_reason === 'string' ? params.cancellation_reason : null;
      return answer(200, intent);
    }
    return stripeError(res, 404, 'invalid_request_error', undefined, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  };

  const server = await listen(handler);
  const mustGet = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`no PaymentIntent ${id}`);
    return intent;
  };
  const event = (type: string, object: unknown) =>
    JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2024-06-20',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
  return {
    ...server,
    intents,
    refunds,
    get refundOutcome() {
      return refundOutcome;
    },
    set refundOutcome(value) {
      refundOutcome = value;
    },
    dashboardRefund(intentId, amount) {
      return makeRefund(mustGet(intentId), amount, {}, 'succeeded');
    },
    finishRefund(id, status, failureReason) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no refund ${id}`);
      Object.assign(refund, { status, failure_reason: failureReason ?? null });
      return refund;
    },
    refundEventFor(id, type) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no refund ${id}`);
      return event(type, structuredClone(refund));
    },
    disputeEventFor(intentId, type, dispute) {
      const intent = mustGet(intentId);
      return event(type, {
        ...dispute,
        object: 'dispute',
        currency: intent.currency,
        payment_intent: intent.id,
        charge: `ch_${intent.id.slice(3)}`,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      });
    },
    requests,
    succeed(id) {
      const intent = mustGet(id);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, last_payment_error: null });
      return intent;
    },
    decline(id) {
      const intent = mustGet(id);
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      });
      return intent;
    },
    eventFor(id, type) {
      return event(type, structuredClone(mustGet(id)));
    },
  };
}

/** `Stripe-Signature` header value for a body, as Stripe computes it. */
export function signStripeWebhook(body: string, secret: string, timestampSeconds = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function errorBody(type: string, code: string | undefined, message: string, param?: string) {
  return { error: { type, message, ...(code && { code }), ...(param && { param }) } };
}

function stripeError(res: ServerResponse, status: number, type: string, code: string | undefined, message: string, param?: string): void {
  sendJson(res, status, errorBody(type, code, message, param));
}

type FormValue = string | Record<string, string>;

/** Stripe's form encoding, one level deep: `metadata[paymentId]=x` -> `{ metadata: { paymentId: 'x' } }`. */
function parseForm(body: string): Record<string, FormValue> & { metadata?: Record<string, string> } {
  const out: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^([^[]+)\[([^\]]+)\]$/.exec(key);
    if (nested?.[1] && nested[2]) {
      const parent = out[nested[1]];
      const record = typeof parent === 'object' ? parent : {};
      record[nested[2]] = value;
      out[nested[1]] = record;
    } else {
      out[key] = value;
    }
  }
  return out;
}
