import { SpanKind } from '@opentelemetry/api';
import type { PaymentRow } from '../../db/schema.ts';
import type { GameServerWebhooks, WebhookOutcome } from '../../integrations/game-server-webhooks/webhooks.ts';
import type { PaymentProviders } from '../../integrations/payments/create-payment-providers.ts';
import type { PaymentProvider } from '../../integrations/payments/types.ts';
import type { Metrics } from '../../lib/telemetry/metrics.ts';
import type { Tracing } from '../../lib/telemetry/tracing.ts';

export interface PaymentsTelemetry {
  metrics: Metrics;
  tracing: Tracing;
}

/** The provider calls that leave the process: each one a client span. */
const PROVIDER_CALLS = new Set<string>(['createPayment', 'getPayment', 'cancelPayment', 'parseWebhook', 'refund', 'listRefunds']);

/** Each provider with its outgoing calls traced; everything else (ids, capabilities, instanceof) as it was. */
export function tracedProviders(providers: PaymentProviders, tracing: Tracing): PaymentProviders {
  if (!tracing.enabled) return providers;
  const traced = new Map<PaymentProvider, PaymentProvider>();
  const wrap = (provider: PaymentProvider): PaymentProvider => {
    let proxy = traced.get(provider);
    if (!proxy) {
      proxy = new Proxy(provider, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver);
          if (typeof property !== 'string' || !PROVIDER_CALLS.has(property) || typeof value !== 'function') return value;
          return (...args: unknown[]) =>
            tracing.inSpan(
              `provider ${target.id} ${property}`,
              { kind: SpanKind.CLIENT, attributes: { 'portal.provider': target.id, 'portal.provider.call': property } },
              () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args),
            );
        },
      });
      traced.set(provider, proxy);
    }
    return proxy;
  };
  return {
    get: (id) => wrap(providers.get(id)),
    has: (id) => providers.has(id),
    sandbox: (id) => {
      const sandbox = providers.sandbox(id);
      return sandbox && (wrap(sandbox) as typeof sandbox);
    },
    get all() {
      return providers.all.map(wrap);
    },
  };
}

/** delivered (2xx), rejected (the game server answered another status), failed (no answer). */
function outcomeOf(outcome: WebhookOutcome): 'delivered' | 'rejected' | 'failed' {
  if (outcome.ok) return 'delivered';
  return outcome.responseStatus === null ? 'failed' : 'rejected';
}

/** Every delivery counted by outcome, timed, and traced as a client span. */
export function observedWebhooks(webhooks: GameServerWebhooks, { metrics, tracing }: PaymentsTelemetry): GameServerWebhooks {
  return {
    deliver: (target, event) =>
      tracing.inSpan(
        'webhook delivery',
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'server.address': hostOf(target.url),
            'portal.webhook.event_type': event.type,
            'portal.webhook.event_id': event.id,
          },
        },
        async (span) => {
          const outcome = await webhooks.deliver(target, event);
          const result = outcomeOf(outcome);
          metrics.webhookDeliveries.inc({ outcome: result });
          metrics.webhookDeliveryDuration.observe({ outcome: result }, outcome.durationMs / 1000);
          span?.setAttribute('portal.webhook.outcome', result);
          if (outcome.responseStatus !== null) span?.setAttribute('http.response.status_code', outcome.responseStatus);
          return outcome;
        },
      ),
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid';
  }
}

/** A payment that just reached a final state, counted by provider, state and mode. */
export function countFinished(metrics: Metrics, payment: PaymentRow): void {
  if (!payment.finishedAt) return;
  const state = payment.status === 'paid' ? 'paid' : payment.status === 'fail' ? 'failed' : 'canceled';
  metrics.paymentsFinished.inc({ provider: payment.provider ?? 'none', state, mode: payment.livemode ? 'live' : 'test' });
}
