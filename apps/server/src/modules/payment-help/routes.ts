import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@portal/contracts/errors';
import { ZPaymentHelpRequest, ZPaymentHelpResponse } from '@portal/contracts/payment-help';
import { currentUser } from '../auth/auth-hook.ts';
import type { PaymentHelpService } from './service.ts';

export type PaymentHelpRoutesOptions = { service: PaymentHelpService };

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError, 429: ZApiError, 502: ZApiError };

/** POST /payments/send-letter-support, for the signed-in owner of the payment. */
export const paymentHelpRoutes: FastifyPluginAsyncZod<PaymentHelpRoutesOptions> = async (app, { service }) => {
  app.post(
    '/payments/send-letter-support',
    {
      // The payment-help screen a host embeds asks too, with a host's token of its project.
      preHandler: app.requireEmbeddedUser,
      schema: {
        tags: ['payments'],
        summary: 'Ask support about one of the player’s payments (a letter to SUPPORT_EMAIL)',
        body: ZPaymentHelpRequest,
        response: { 200: ZPaymentHelpResponse, ...errors },
      },
    },
    async (request) => {
      const { email, reason, paymentId } = request.body.data;
      const { user, project } = currentUser(request);
      await service.send(user, { email, reason, paymentId }, project);
      return { data: { result: true as const } };
    },
  );
};
