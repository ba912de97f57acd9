import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@portal/contracts/errors';
import { ZCreatePaymentRequest, ZCreatePaymentResponse, ZGameServerPayment } from '@portal/contracts/payments';
import { AppError } from '../../lib/app-error.ts';
import type { StaffService } from '../staff/service.ts';
import type { PaymentsService } from './service.ts';
import { toGameServer } from './mappers.ts';

export type GameServerRoutesOptions = {
  service: PaymentsService;
  staff: StaffService;
  /** requests per minute per API key (0: the global per-IP limit applies) */
  perKeyLimit?: number;
};

/** The key's public prefix (`ppk_<12 hex>`) names the counter; anything else counts by IP. */
function limitKey(request: FastifyRequest): string {
  const match = /^Bearer\s+(ppk_[0-9a-f]{12})_/i.exec(request.headers.authorization ?? '');
  return match?.[1] ? `game-server:${match[1]}` : `game-server-ip:${request.ip}`;
}

const tags = ['game-server'];
const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError };

/**
 * The game-server API, server to server, behind `Authorization: Bearer <project API key>`. Unknown fields
 * are refused (an `amount` from the caller is a 400): the price always comes from the price list.
 */
export const gameServerRoutes: FastifyPluginAsyncZod<GameServerRoutesOptions> = async (app, { service, staff, perKeyLimit = 0 }) => {
  // A game server calls from a few addresses for many players: count per API key, not per IP.
  const config: FastifyContextConfig =
    perKeyLimit > 0 ? { rateLimit: { max: perKeyLimit, timeWindow: 60_000, keyGenerator: limitKey } } : {};
  const projectOf = async (request: FastifyRequest): Promise<string> => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    const project = match?.[1] ? await staff.projectOfApiKey(match[1]) : null;
    if (!project) throw new AppError('UNAUTHORIZED', 401, 'A valid project API key is required');
    return project;
  };

  app.post(
    '/v1/payments',
    {
      config,
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
      config,
      schema: {
        tags,
        summary: 'Read a payment of this project',
        params: z.object({ paymentId: z.string().max(64) }),
        response: { 200: ZGameServerPayment, ...errors },
      },
    },
    async (request) => {
      const project = await projectOf(request);
      return toGameServer(await service.getForProject(project, request.params.paymentId));
    },
  );
};
