import { ZApiError } from '@portal/contracts/errors';
import { ZHealth } from '@portal/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

export type HealthRoutesOptions = { database: Database };

/** Liveness and readiness for load balancers: answers ok only when the database does. */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { database }) => {
  const handler = async () => {
    try {
      await database.ping();
    } catch (error) {
      // 503 tells a load balancer to route around this process; details go to the log.
      app.log.error({ err: error }, 'health: database ping failed');
      throw new AppError('DB_UNAVAILABLE', 503, 'Database is not reachable');
    }
    return { status: 'ok' as const, db: 'ok' as const };
  };
  const schema = {
    tags: ['system'],
    summary: 'Health of the server and its database',
    response: { 200: ZHealth, 503: ZApiError },
  };
  // Probes hit this often: no rate limit, no log line.
  const config = { rateLimit: false as const };
  app.get('/health', { schema: { ...schema, hide: true }, config, logLevel: 'warn' }, handler);
  app.get('/api/health', { schema, config, logLevel: 'warn' }, handler);
};
