import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@portal/contracts/errors';
import { ZPaymentStatus } from '@portal/contracts/payments';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../db/schema.ts';
import { TokenError } from '../../integrations/tokens/token-error.ts';
import type { AuthService } from '../auth/service.ts';
import type { PaymentsService } from '../payments/service.ts';

/**
 * The stand-in for a developer's game server, for the product's own demo games only
 * (login, payment and support work end to end offline). A real game server
 * calls `POST /api/v1/payments` with its project API key; the demo games have no server of
 * their own, so this route does the same for the player whose game token the game got in
 * `userAuth` (verified for that project, as a game server verifies it with the JWKS), and
 * reads the outcome back the way a game server reads its webhook.
 */
export type DemoGameRoutesOptions = {
  service: PaymentsService;
  /** The demo projects this stand-in serves (the seeded ones); any other project is a 404. */
  projects: readonly string[];
  /** verifies the game tokens of players (aud = the project) */
  auth: Pick<AuthService, 'authenticateGame'>;
};

const tags = ['demo-games'];
const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError, 429: ZApiError };
const ZProjectParams = z.object({ project: z.string().min(1).max(64) });
const ZPurchaseRequest = z.object({ priceId: z.string().min(1).max(128) }).strict();
const ZPurchase = z.object({
  paymentId: z.string(),
  /** Absolute: what the game hands to `openPayment`. */
  paymentUrl: z.string(),
  status: ZPaymentStatus,
  priceId: z.string(),
  title: z.object({ ru: z.string(), en: z.string() }),
  /** True once the payment is paid: the item is the player's (what a webhook would credit). */
  credited: z.boolean(),
});
export type TDemoPurchase = z.infer<typeof ZPurchase>;

/** The payload the demo server puts on its payments (handed back in `paymentResult`). */
export const demoPayload = (priceId: string): string => JSON.stringify({ demo: true, item: priceId });

export const demoGameRoutes: FastifyPluginAsyncZod<DemoGameRoutesOptions> = async (app, { service, projects, auth }) => {
  const demoProject = (project: string): string => {
    if (!projects.includes(project)) throw new AppError('PROJECT_NOT_FOUND', 404, `${project} is not a demo game of this portal`);
    return project;
  };
  // As a developer's game server would: the player token the game got in userAuth, verified
  // for this very project (a token of another game, or the portal's own session, is refused).
  const players = new WeakMap<object, UserRow>();
  app.addHook('preHandler', async (request) => {
    const project = demoProject((request.params as { project: string }).project);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError('UNAUTHORIZED', 401, 'The game token of the player is needed');
    try {
      players.set(request, (await auth.authenticateGame(match[1], project)).user);
    } catch (error) {
      if (error instanceof TokenError) throw new AppError('UNAUTHORIZED', 401, 'UNAUTHORIZED! INVALID_TOKEN!');
      throw error;
    }
  });
  const player = (request: object): UserRow => {
    const user = players.get(request);
    if (!user) throw new AppError('UNAUTHORIZED', 401, 'The game token of the player is needed');
    return user;
  };
  type Row = Awaited<ReturnType<PaymentsService['getForProject']>>;
  const view = (row: Row): TDemoPurchase => ({
    paymentId: row.id,
    paymentUrl: service.paymentUrl(row.id),
    status: row.status,
    priceId: row.priceId,
    title: { ru: row.titleRu, en: row.titleEn },
    credited: row.status === 'paid',
  });

  app.post(
    '/:project/purchases',
    {
      schema: {
        tags,
        summary: 'Demo game server: create a payment for the signed-in player (as POST /api/v1/payments would)',
        params: ZProjectParams,
        body: ZPurchaseRequest,
        response: { 201: ZPurchase, ...errors },
      },
    },
    async (request, reply) => {
      const project = demoProject(request.params.project);
      // A stand-in game server sells as with a test key: test payments, through test providers.
      const { payment } = await service.createForGameServer(
        project,
        { userId: player(request).id, priceId: request.body.priceId, payload: demoPayload(request.body.priceId) },
        false,
      );
      return reply.code(201).send(view(payment));
    },
  );

  app.get(
    '/:project/purchases/:paymentId',
    {
      schema: {
        tags,
        summary: 'Demo game server: the purchase and whether its item is credited',
        params: ZProjectParams.extend({ paymentId: z.string().min(1).max(64) }),
        response: { 200: ZPurchase, ...errors },
      },
    },
    async (request) => {
      const project = demoProject(request.params.project);
      const payment = await service.getForProject(project, request.params.paymentId);
      // Another player's purchase is not there for this one.
      if (payment.userId !== player(request).id) throw new AppError('PAYMENT_NOT_FOUND', 404, 'Payment not found');
      return view(payment);
    },
  );
};
