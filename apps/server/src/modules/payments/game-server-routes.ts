import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@portal/contracts/errors';
import { ZCreatePaymentRequest, ZCreatePaymentResponse, ZGameServerPaymentDetail } from '@portal/contracts/payments';
import { AppError } from '../../lib/app-error.ts';
import type { StaffService } from '../staff/service.ts';
import type { PaymentsService } from './service.ts';

export type GameServerRoutesOptions = {
  service: PaymentsService;
  staff: StaffService;
  /** requests per minute per API key (0: the global per-IP limit applies) */
  perKeyLimit?: number;
};

/** Calls per minute and client address without a valid key: a key is guessed no faster than this. */
const UNAUTHENTICATED_PER_ADDRESS = 60;

/** `ppk_<mode>_<prefix>` (or a key made before modes, `ppk_<prefix>`): the key's public part names its rate-limit counter, never a piece of its secret. */
const keyPrefixOf = (key: string): string => /^ppk_(?:(?:test|live)_)?[0-9a-f]{12}/.exec(key)?.[0] ?? 'ppk';

const bearerOf = (request: FastifyRequest): string | undefined => /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];

const tags = ['game-server'];
const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError };

/**
 * The game-server API, server to server, behind `Authorization: Bearer <project API key>`. Unknown fields
 * are refused (an `amount` from the caller is a 400): the price always comes from the price list.
 */
export const gameServerRoutes: FastifyPluginAsyncZod<GameServerRoutesOptions> = async (app, { service, staff, perKeyLimit = 0 }) => {
  // The key is checked once per request, first by the limiter's counter name, then by the route.
  const verified = new WeakMap<FastifyRequest, Promise<{ project: string; livemode: boolean; prefix: string } | null>>();
  const keyOf = (request: FastifyRequest) => {
    let found = verified.get(request);
    if (!found) {
      const key = bearerOf(request);
      found = key
        ? staff
            .apiKeyOf(key)
            .then((found) => (found ? { project: found.project, livemode: found.mode === 'live', prefix: keyPrefixOf(key) } : null))
        : Promise.resolve(null);
      verified.set(request, found);
    }
    return found;
  };
  // A game server calls from a few addresses for many players: a verified key counts on its own
  // counter, whatever address sends it; anything else (no key, a wrong or revoked one, a prefix
  // of someone else's key) counts on the client's address, with a small allowance.
  const config: FastifyContextConfig =
    perKeyLimit > 0
      ? {
          rateLimit: {
            timeWindow: 60_000,
            keyGenerator: async (request) => {
              const key = await keyOf(request);
              return key ? `game-server:${key.prefix}` : `game-server-ip:${request.ip}`;
            },
            max: (_request, counter) =>
              counter.startsWith('game-server:') ? perKeyLimit : Math.min(perKeyLimit, UNAUTHENTICATED_PER_ADDRESS),
          },
        }
      : {};
  /** The key's project and mode: a test key works with test payments only, a live key with live ones. */
  const projectOf = async (request: FastifyRequest): Promise<{ project: string; livemode: boolean }> => {
    const key = await keyOf(request);
    if (!key) throw new AppError('UNAUTHORIZED', 401, 'A valid project API key is required');
    return key;
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
      const { project, livemode } = await projectOf(request);
      // A replayed idempotency key gets the same answer, status included (as Stripe does).
      const { payment } = await service.createForGameServer(project, request.body, livemode);
      return reply.code(201).send({ paymentId: payment.id, paymentUrl: service.paymentUrl(payment.id), status: payment.status });
    },
  );

  app.get(
    '/v1/payments/:paymentId',
    {
      config,
      schema: {
        tags,
        summary: 'Read a payment of this project, with its refunds and disputes',
        params: z.object({ paymentId: z.string().max(64) }),
        response: { 200: ZGameServerPaymentDetail, ...errors },
      },
    },
    async (request) => {
      const { project, livemode } = await projectOf(request);
      return service.detailForProject(project, request.params.paymentId, livemode);
    },
  );
};
