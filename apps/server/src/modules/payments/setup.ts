import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type AppConfig } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema.ts';
import { createGameServerWebhooks } from '../../integrations/game-server-webhooks/webhooks.ts';
import { publicOnlyWebhookFetch } from '../../integrations/game-server-webhooks/public-only-fetch.ts';
import { createPaymentProviders, type PaymentProvidersOptions } from '../../integrations/payments/create-payment-providers.ts';
import type { TokenService } from '../../integrations/tokens/token-service.ts';
import type { StreamSlots } from '../../lib/stream-slots.ts';
import { createPaymentLive, type PaymentLive } from './live.ts';
import { createTableSandboxStore } from './sandbox-store.ts';
import { createPaymentsRepository } from './repository.ts';
import { createRefundsRepository } from './refunds-repository.ts';
import { Refunds } from './refunds.ts';
import { PaymentsService, type OnPaid } from './service.ts';
import { countFinished, observedWebhooks, tracedProviders, type PaymentsTelemetry } from './telemetry.ts';

export interface Payments {
  service: PaymentsService;
  /** Live status for the payment popup (SSE over the bus; LISTEN/NOTIFY on PostgreSQL). */
  live: PaymentLive;
  /** Refunds and disputes; their job kind runs on the app's jobs worker too. */
  refunds: Refunds;
}

/** A provider's keys come as a set: half a set is a mistake, not a wish for the sandbox. */
function assertCompleteKeys(config: AppConfig): void {
  const sets: Array<[string, string | undefined][]> = [
    [
      ['STRIPE_SECRET_KEY', config.STRIPE_SECRET_KEY],
      ['STRIPE_WEBHOOK_SECRET', config.STRIPE_WEBHOOK_SECRET],
    ],
    [
      ['YOOKASSA_SHOP_ID', config.YOOKASSA_SHOP_ID],
      ['YOOKASSA_SECRET_KEY', config.YOOKASSA_SECRET_KEY],
    ],
    [
      ['YANDEX_PAY_MERCHANT_ID', config.YANDEX_PAY_MERCHANT_ID],
      ['YANDEX_PAY_API_KEY', config.YANDEX_PAY_API_KEY],
    ],
  ];
  for (const set of sets) {
    const given = set.filter(([, value]) => value !== undefined);
    const missing = set.find(([, value]) => value === undefined);
    if (given.length > 0 && missing) {
      throw new ConfigError(`Invalid configuration: ${missing[0]} is required when ${given.map(([name]) => name).join(', ')} is set`);
    }
  }
}

/** Real provider adapters where keys are configured, the sandbox elsewhere: chosen by config, not in modules. */
export function providerOptions(config: AppConfig): Omit<PaymentProvidersOptions, 'sandbox'> {
  assertCompleteKeys(config);
  return {
    ...(config.providers.stripe && {
      stripe: {
        secretKey: config.STRIPE_SECRET_KEY as string,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET as string,
        ...(config.STRIPE_API_BASE && { apiBaseUrl: config.STRIPE_API_BASE }),
      },
    }),
    ...(config.providers.yookassa && {
      yookassa: {
        shopId: config.YOOKASSA_SHOP_ID as string,
        secretKey: config.YOOKASSA_SECRET_KEY as string,
        ...(config.YOOKASSA_API_BASE && { apiBaseUrl: config.YOOKASSA_API_BASE }),
      },
    }),
    ...(config.providers.yandexPay && {
      'yandex-pay': {
        merchantId: config.YANDEX_PAY_MERCHANT_ID as string,
        apiKey: config.YANDEX_PAY_API_KEY as string,
        ...(config.YANDEX_PAY_API_BASE && { apiBaseUrl: config.YANDEX_PAY_API_BASE }),
        ...(config.YANDEX_PAY_JWKS_URL && { jwksUrl: config.YANDEX_PAY_JWKS_URL }),
      },
    }),
  };
}

/** Payments and providers; their jobs run on the app's one jobs worker (`jobs.register(service.jobKinds())`). */
export interface PaymentsDeps {
  database?: Database;
  /** The event-stream caps the payment popup's stream shares with support's. */
  streamSlots?: StreamSlots;
  /** Called after a job was enqueued: the app's one jobs worker looks at once. */
  onJobEnqueued?: () => void;
  /** What happens when a payment becomes paid (receipts). */
  onPaid?: OnPaid;
  /** Runs in the transaction a refund succeeds in (receipts make the receipt again). */
  onRefunded?: (tx: Db, payment: PaymentRow) => Promise<void>;
  /** Provider calls and webhook deliveries traced, deliveries and finished payments counted. */
  telemetry?: PaymentsTelemetry;
}

export async function createPayments(
  config: AppConfig,
  db: Db,
  tokens: TokenService,
  log: FastifyBaseLogger,
  { database, streamSlots, onJobEnqueued, onPaid, onRefunded, telemetry }: PaymentsDeps = {},
): Promise<Payments> {
  const live = await createPaymentLive(database, log, streamSlots ? { slots: streamSlots } : {});
  const made = createPaymentProviders({
    ...providerOptions(config),
    // Production has no sandbox: a provider without keys is simply not offered.
    ...(config.standIns && {
      sandbox: {
        store: createTableSandboxStore(db),
        // A sandbox event arrives only once the player completes a sandbox payment, long after
        // the service below exists.
        onEvent: async (event) => {
          await service.applyProviderEvent(event);
        },
      },
    }),
  });
  const providers = telemetry ? tracedProviders(made, telemetry.tracing) : made;
  // Production posts webhooks only to public addresses, connected to the address it checked
  // (SSRF, DNS rebinding); tests and local development post to local receivers.
  const webhooks = createGameServerWebhooks(config.isProduction ? { fetch: publicOnlyWebhookFetch() } : {});
  const repository = createPaymentsRepository(db);
  const refundsRepository = createRefundsRepository(db, onRefunded);
  const service: PaymentsService = new PaymentsService({
    repository,
    refunds: refundsRepository,
    providers,
    tokens,
    publicUrl: config.PUBLIC_URL,
    log,
    reconcileAfterMs: config.PAYMENT_RECONCILE_AFTER_SECONDS * 1000,
    webhookRetryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
    ...(onJobEnqueued && { onJobEnqueued }),
    ...(onPaid && { onPaid }),
    stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY,
    webhooks: telemetry ? observedWebhooks(webhooks, telemetry) : webhooks,
    onStatusChanged: (payment) => {
      if (telemetry) countFinished(telemetry.metrics, payment);
      live.bus.publish({ paymentId: payment.id, userId: payment.userId, status: payment.status }).catch((error: unknown) => {
        log.warn({ err: error, paymentId: payment.id }, 'payment status not published (the popup polls)');
      });
    },
  });
  const refunds = new Refunds({ refunds: refundsRepository, payments: repository, providers, log, onJobEnqueued });
  return { service, live, refunds };
}
