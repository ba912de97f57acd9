import type { FastifyPluginAsync } from 'fastify';
import type { KeyStore } from '../../integrations/tokens/key-store.ts';

export type WellKnownRoutesOptions = { keys: KeyStore };

/** Public keys that verify player JWTs and payment tokens. */
export const wellKnownRoutes: FastifyPluginAsync<WellKnownRoutesOptions> = async (app, { keys }) => {
  const body = JSON.stringify(keys.jwks());
  app.get('/.well-known/jwks.json', { config: { rateLimit: false }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('access-control-allow-origin', '*')
      .send(body),
  );
};
