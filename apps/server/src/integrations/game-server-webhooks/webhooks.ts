import { createHash, createHmac } from 'node:crypto';
import {
  PAYMENT_EVENT_ID_HEADER,
  PAYMENT_SIGNATURE_HEADER,
  type TPaymentDisputedEvent,
  type TPaymentRefundedEvent,
  type TPaymentWebhookEvent,
  type TWebhookTestEvent,
} from '@portal/contracts/payments';
import { PermanentJobError } from '../../lib/jobs/queue.ts';
import type { WebhookFetch } from './public-only-fetch.ts';

/**
 * A payment's final event has one id, derived from the payment and the event type: every retry,
 * every process and a redelivery send the same id, with nothing to store.
 */
export const webhookEventId = (paymentId: string, type: string): string =>
  `evt_${createHash('sha256').update(`${paymentId}:${type}`).digest('hex').slice(0, 32)}`;

/**
 * `t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`, the webhook signature header; with
 * several secrets (during a rotation) one `v1=` per secret, the current one first.
 */
export function signPortalWebhook(
  body: string,
  secret: string | readonly string[],
  timestampSeconds = Math.floor(Date.now() / 1000),
): string {
  const signatures = (typeof secret === 'string' ? [secret] : secret).map(
    (key) => `v1=${createHmac('sha256', key).update(`${timestampSeconds}.${body}`).digest('hex')}`,
  );
  return [`t=${timestampSeconds}`, ...signatures].join(',');
}

/** Where a project's game server takes its webhooks, and the secret they are signed with. */
export interface WebhookTarget {
  url: string;
  secret: string;
  /** The secret before a rotation, signing too until `previousSecretExpiresAt`. */
  previousSecret?: string | null;
  previousSecretExpiresAt?: Date | null;
}

/** The secrets a delivery made now is signed with: the current one, and the previous until it expires. */
export function signingSecrets(target: WebhookTarget, now = new Date()): string[] {
  const previous = target.previousSecret && target.previousSecretExpiresAt && target.previousSecretExpiresAt > now;
  return previous ? [target.secret, target.previousSecret!] : [target.secret];
}

export interface GameServerWebhooksOptions {
  /** Posts a webhook (production: only to public addresses, connected to the address it checked); default `fetch`. */
  fetch?: WebhookFetch | undefined;
  /** Timeout of one delivery; default 10 s. */
  timeoutMs?: number | undefined;
}

/** What one delivery came to: the game server's status (none when it never answered) and the time it took. */
export interface WebhookOutcome {
  ok: boolean;
  responseStatus: number | null;
  durationMs: number;
  /** why it failed, in words fit for the console (never the secret) */
  error: string | null;
  /** a failure no retry mends (a target the portal refuses to call) */
  permanent: boolean;
}

/** Any signed event a game server receives: a payment's final event, a refund, a dispute, or a test event. */
export type PortalWebhookEvent = TPaymentWebhookEvent | TPaymentRefundedEvent | TPaymentDisputedEvent | TWebhookTestEvent;

export interface GameServerWebhooks {
  /** Posts `event` signed with the target's secret and tells how it went; never throws. */
  deliver(target: WebhookTarget, event: PortalWebhookEvent): Promise<WebhookOutcome>;
}

/** Signed delivery of payment events to the game servers. */
export function createGameServerWebhooks(options: GameServerWebhooksOptions = {}): GameServerWebhooks {
  const post = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async deliver(target, event) {
      const body = JSON.stringify(event);
      const started = performance.now();
      const took = () => Math.round(performance.now() - started);
      try {
        const response = await post(target.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [PAYMENT_SIGNATURE_HEADER]: signPortalWebhook(body, signingSecrets(target)),
            [PAYMENT_EVENT_ID_HEADER]: event.id,
            'user-agent': 'portal-webhooks/1',
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        const ok = response.status >= 200 && response.status < 300;
        return {
          ok,
          responseStatus: response.status,
          durationMs: took(),
          error: ok ? null : `answered ${response.status}`,
          permanent: false,
        };
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        const reason = timedOut ? `no answer within ${timeoutMs / 1000} s` : error instanceof Error ? error.message : String(error);
        return {
          ok: false,
          responseStatus: null,
          durationMs: took(),
          error: reason.slice(0, 500),
          permanent: error instanceof PermanentJobError,
        };
      }
    },
  };
}
