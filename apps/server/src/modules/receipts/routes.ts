import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@portal/contracts/errors';
import { ZReceiptLinkResponse } from '@portal/contracts/payment-help';
import { currentUser } from '../auth/auth-hook.ts';
import type { ReceiptsService } from './service.ts';

export type ReceiptRoutesOptions = { service: ReceiptsService };

const tags = ['receipts'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 410: ZApiError, 429: ZApiError };

/** The receipt link of a purchase, and the PDF behind a signed link. */
export const receiptRoutes: FastifyPluginAsyncZod<ReceiptRoutesOptions> = async (app, { service }) => {
  app.get(
    '/user/get-receipt-link',
    {
      // The purchases screen a host embeds asks too, with a host's token of its project.
      preHandler: app.requireEmbeddedUser,
      schema: {
        tags,
        summary: 'The link of a paid purchase’s PDF receipt; "" while it is being made',
        querystring: z.object({ privatePaymentId: z.string().min(1).max(64) }),
        response: { 200: ZReceiptLinkResponse, ...errors },
      },
    },
    async (request) => {
      const { user, project } = currentUser(request);
      return { data: { result: await service.linkFor(user.id, request.query.privatePaymentId, Date.now(), project) } };
    },
  );

  app.get(
    '/user/receipts/:file',
    {
      schema: {
        tags,
        summary: 'The PDF receipt (a signed, owner-bound link valid for 2 minutes; opened in a new tab)',
        params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.pdf$/i, 'not a receipt') }),
        querystring: z.object({ t: z.string().max(200).optional() }),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { pdf, downloadName } = await service.open(request.params.file.slice(0, 36).toLowerCase(), request.query.t);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${downloadName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
};
