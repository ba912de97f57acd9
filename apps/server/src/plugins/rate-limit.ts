import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * Decided on the route that matched, never on the raw URL: `/%61pi/staff/login` is routed as
 * `/api/staff/login`, and must be counted as it.
 */
const isLimitedRoute = (route: string | undefined): boolean =>
  route !== undefined && (route.startsWith('/api/') || route.startsWith('/passport/'));

export type RateLimitOptions = { config: AppConfig; redis?: Redis };

/**
 * One global per-IP limit (RATE_LIMIT_MAX a minute). Processes share counters through
 * Redis when REDIS_URL is set (DESIGN 5), else each keeps its own in memory.
 * Routes tighten it with `config.rateLimit` (sign-in, codes, payments).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, { config, redis }: RateLimitOptions) => {
    if (!config.isRateLimitEnabled) {
      app.log.warn('RATE_LIMIT_MAX=0: the global rate limit is off');
      return;
    }
    await app.register(rateLimit, {
      global: true,
      max: config.RATE_LIMIT_MAX,
      timeWindow: 60_000,
      // Counted: the API and sign-in redirects. Static files (the SPA's chunks, images,
      // demo games) are not: one page view fetches dozens of them.
      allowList: (request) => !isLimitedRoute(request.routeOptions.url),
      ...(redis ? { redis, nameSpace: 'portal-rl:' } : {}),
      // A Redis outage must not take the site down with it.
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', 429, `Too many requests, retry in ${context.after}`),
    });
  },
  { name: 'rate-limit' },
);
