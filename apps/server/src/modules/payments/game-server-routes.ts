import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@portal/contracts/errors';
import { ZCreatePaymentRequest, ZCreatePaymentResponse, ZGameServerPayment } from '@portal/contracts/payments';
import { AppError } from '../../lib/app-error.ts';
import type { StaffService } from '../staff/service.ts';
import type { PaymentsService } from './service.ts';

export type GameServerRoutesOptions = { service: PaymentsService; staff: StaffService };

const tags = ['game-server'];
const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError };

/**
 * DESIGN 4.3, server to server, behind `Authorization: Bearer <project API key>`. Unknown fields
 * are refused (an `amount` from the caller is a 400): the price always comes from the price list.
 */
export const gameServerRoutes: FastifyPluginAsyncZod<GameServerRoutesOptions> = async (app, { service, staff }) => {
  const projectOf = async (request: FastifyRequest): Promise<string> => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    const project = match?.[1] ? await staff.projectOfApiKey(match[1]) : null;
    if (!project) throw new AppError('UNAUTHORIZED', 401, 'A valid project API key is required');
    return project;
  };

  app.post(
    '/v1/payments',
    {
      schema: {
        tags,
        summary: 'Create a payment for an item of the project price list',
        body: ZCreatePaymentRequest.strict(),
        response: { 201: ZCreatePaymentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const project = await projectOf(request);
      // A replayed idempotency key gets the same answer, status included (as Stripe does).
      const { payment } = await service.createForGameServer(project, request.body);
      return reply.code(201).send({ paymentId: payment.id, paymentUrl: service.paymentUrl(payment.id), status: payment.status });
    },
  );

  app.get(
    '/v1/payments/:paymentId',
    {
      schema: {
        tags,
        summary: 'Read a payment of this project',
        params: z.object({ paymentId: z.string().max(64) }),
        response: { 200: ZGameServerPayment, ...errors },
      },
    },
    async (request) => {
      const project = await projectOf(request);
      return service.toGameServer(await service.getForProject(project, request.params.paymentId));
    },
  );
};
