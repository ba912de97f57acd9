import type { FastifyPluginAsync } from 'fastify';
import type { TokenService } from '../../integrations/tokens/token-service.ts';

export type WellKnownRoutesOptions = { tokens: Pick<TokenService, 'publicJwks'> };

/** Public keys that verify the portal's player, game, host and payment tokens (each kind has its own). */
export const wellKnownRoutes: FastifyPluginAsync<WellKnownRoutesOptions> = async (app, { tokens }) => {
  const body = JSON.stringify(await tokens.publicJwks());
  app.get('/.well-known/jwks.json', { config: { rateLimit: false }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('access-control-allow-origin', '*')
      .send(body),
  );
};
