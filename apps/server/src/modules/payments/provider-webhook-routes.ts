import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@portal/contracts/errors';
import { ZPaymentProviderId } from '@portal/contracts/payments';
import type { Refunds } from './refunds.ts';
import type { PaymentsService } from './service.ts';

export type ProviderWebhookRoutesOptions = { service: PaymentsService; refunds: Refunds };

/**
 * POST /api/payments/webhooks/{stripe|yookassa|yandex-pay}: the raw body goes to the adapter,
 * which verifies it (signature, JWT, or a re-read from the provider's API). A refused one is a
 * 400 and changes nothing; an authentic one is answered 200 whatever it changed, so the
 * provider stops retrying.
 */
export const providerWebhookRoutes: FastifyPluginAsyncZod<ProviderWebhookRoutesOptions> = async (app, { service, refunds }) => {
  // Only in this plugin's scope: keep the bytes, re-serialized JSON breaks Stripe's signature.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/webhooks/:provider',
    {
      schema: {
        tags: ['payments'],
        summary: 'Provider notifications (verified by the provider adapter)',
        params: z.object({ provider: ZPaymentProviderId }),
        response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = await service.providers.get(request.params.provider).parseWebhook(raw, request.headers);
      if (!event) return { received: true as const, outcome: 'ignored' };
      if (event.kind === 'refund' || event.kind === 'dispute') {
        const outcome = event.kind === 'refund' ? await refunds.applyNotice(event) : await refunds.applyDispute(event);
        request.log.info({ provider: event.provider, providerRef: event.providerRef, kind: event.kind, outcome }, 'provider event');
        return { received: true as const, outcome };
      }
      const outcome = await service.applyProviderEvent(event);
      request.log.info({ provider: event.provider, providerRef: event.providerRef, status: event.status, outcome }, 'provider event');
      return { received: true as const, outcome };
    },
  );
};
