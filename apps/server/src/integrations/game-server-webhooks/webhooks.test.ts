import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TPaymentWebhookEvent } from '@portal/contracts/payments';
import { PermanentJobError } from '../../lib/jobs/queue.ts';
import type { WebhookFetch } from './public-only-fetch.ts';
import { createGameServerWebhooks, signPortalWebhook, webhookEventId } from './webhooks.ts';

const event = (id: string): TPaymentWebhookEvent =>
  ({ id, type: 'payment.paid', data: { paymentId: 'p1' } }) as unknown as TPaymentWebhookEvent;

describe('game-server webhooks', () => {
  it('gives a payment event one id, whatever process derives it', () => {
    expect(webhookEventId('p1', 'payment.paid')).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(webhookEventId('p1', 'payment.paid')).toBe(webhookEventId('p1', 'payment.paid'));
    expect(webhookEventId('p1', 'payment.failed')).not.toBe(webhookEventId('p1', 'payment.paid'));
  });

  it('signs t.body with HMAC-SHA256 of the secret', () => {
    const v1 = createHmac('sha256', 's3cret').update('1700000000.{"a":1}').digest('hex');
    expect(signPortalWebhook('{"a":1}', 's3cret', 1_700_000_000)).toBe(`t=1700000000,v1=${v1}`);
  });

  it('posts the signed event with the contract headers and refuses a non-2xx answer', async () => {
    const calls: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
    let status = 200;
    const fetch: WebhookFetch = async (url, init) => {
      calls.push({ url, headers: init.headers, body: init.body });
      return { status, body: null };
    };
    const webhooks = createGameServerWebhooks({ fetch });
    const id = webhookEventId('p1', 'payment.paid');
    expect(await webhooks.deliver({ url: 'https://game.example/hook', secret: 'k' }, event(id))).toMatchObject({
      ok: true,
      responseStatus: 200,
      error: null,
    });
    const [call] = calls;
    expect(call?.url).toBe('https://game.example/hook');
    expect(call?.headers['Portal-Event-Id']).toBe(id);
    const t = Number(/^t=(\d+),/.exec(call?.headers['Portal-Signature'] ?? '')?.[1]);
    expect(call?.headers['Portal-Signature']).toBe(signPortalWebhook(call?.body ?? '', 'k', t));
    status = 503;
    expect(await webhooks.deliver({ url: 'https://game.example/hook', secret: 'k' }, event(id))).toMatchObject({
      ok: false,
      responseStatus: 503,
      error: 'answered 503',
      permanent: false,
    });
  });

  it('tells a target that never answers, and one the portal refuses to call, apart', async () => {
    const id = webhookEventId('p2', 'payment.paid');
    const silent = createGameServerWebhooks({
      timeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))),
    });
    expect(await silent.deliver({ url: 'https://game.example/hook', secret: 'k' }, event(id))).toMatchObject({
      ok: false,
      responseStatus: null,
      error: 'no answer within 0.05 s',
      permanent: false,
    });
    const refused = createGameServerWebhooks({
      fetch: async () => {
        throw new PermanentJobError('webhook target refused: a private address');
      },
    });
    expect(await refused.deliver({ url: 'https://10.0.0.1/hook', secret: 'k' }, event(id))).toMatchObject({ ok: false, permanent: true });
  });
});
