import { ZApiError, type ApiErrorBody } from '@portal/contracts/errors';
import { ZHealth, ZLiveness } from '@portal/contracts/system';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/** Where the process is in its life: `draining` from the moment a shutdown began. */
export interface Lifecycle {
  draining: boolean;
}

export type HealthRoutesOptions = { database: Database; lifecycle: Lifecycle };

/**
 * Probes for load balancers and orchestrators. Liveness (`/health/live`) says the process runs
 * and answers, nothing more: restarting it would not bring a database back. Readiness
 * (`/health/ready`, and `/health` as before) says it should get traffic: the database answers and
 * no shutdown has begun (503 DRAINING from the first moment of one, so traffic moves away before
 * the server closes).
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { database, lifecycle }) => {
  const ready = async (_request: unknown, reply: FastifyReply) => {
    // Expected during every shutdown: answered, not thrown (no error line per probe).
    if (lifecycle.draining)
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ code: 'DRAINING', message: 'This server is shutting down' } satisfies ApiErrorBody);
    try {
      await database.ping();
    } catch (error) {
      // 503 tells a load balancer to route around this process; details go to the log.
      app.log.error({ err: error }, 'health: database ping failed');
      throw new AppError('DB_UNAVAILABLE', 503, 'Database is not reachable', { retryAfter: 5 });
    }
    return { status: 'ok' as const, db: 'ok' as const };
  };
  const live = async () => ({ status: 'ok' as const });
  const readySchema = {
    tags: ['system'],
    summary: 'Readiness: the database answers and no shutdown has begun',
    response: { 200: ZHealth, 503: ZApiError },
  };
  const liveSchema = { tags: ['system'], summary: 'Liveness: the process runs and answers', response: { 200: ZLiveness } };
  // Probes hit these often: no rate limit, no log line.
  const config = { rateLimit: false as const };
  for (const prefix of ['', '/api']) {
    const hide = prefix === '';
    app.get(`${prefix}/health`, { schema: { ...readySchema, hide }, config, logLevel: 'warn' }, ready);
    app.get(`${prefix}/health/ready`, { schema: { ...readySchema, hide }, config, logLevel: 'warn' }, ready);
    app.get(`${prefix}/health/live`, { schema: { ...liveSchema, hide }, config, logLevel: 'warn' }, live);
  }
};
