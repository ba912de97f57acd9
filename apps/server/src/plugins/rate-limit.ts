import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitOptions, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
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

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** The plugin's own stores (its package exports no path to them, but ships them for this use). */
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => FastifyRateLimitStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => FastifyRateLimitStore;

/** How often the "counting per process" warning may repeat while Redis stays away. */
const WARN_EVERY_MS = 60_000;

/**
 * Counters in Redis, shared by every process, and when Redis is away (not connected, or a
 * command fails) counters of this process instead, with a warning in the log: the limits hold
 * (per process) and no request fails or waits for Redis. Back in Redis once it answers again.
 */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly redis: Redis,
    private readonly warn: (error?: unknown) => void,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    if (this.redis.status !== 'ready') {
      this.warn();
      this.local.incr(key, callback, timeWindow, max);
      return;
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) {
          callback(null, result);
          return;
        }
        this.warn(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.redis, this.warn);
  }
}

function fallbackStore(redis: Redis, nameSpace: string, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let lastWarning = 0;
  const warn = (error?: unknown) => {
    if (Date.now() - lastWarning < WARN_EVERY_MS) return;
    lastWarning = Date.now();
    log.warn({ err: error, redisStatus: redis.status }, 'Redis is not reachable: rate limits count per process until it is back');
  };
  // The plugin calls `new Store(globalParams)`; a constructor may answer another object.
  return function Store(params: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
    const continueExceeding = params.continueExceeding ?? false;
    const exponentialBackoff = params.exponentialBackoff ?? false;
    return new FallbackStore(
      new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
      new LocalStore(continueExceeding, exponentialBackoff),
      redis,
      warn,
    );
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * One global per-IP limit (RATE_LIMIT_MAX a minute). Processes share counters through
 * Redis when REDIS_URL is set, else each keeps its own in memory; while Redis is
 * away each counts its own, with a warning in the log.
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
      ...(redis ? { store: fallbackStore(redis, 'portal-rl:', app.log) } : {}),
      // A store that fails anyway must not take the site down with it.
      skipOnError: true,
      // Every 429 carries its wait (header and `retryAfter`), whatever the route's documented 429 says.
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', 429, `Too many requests, retry in ${context.after}`, { retryAfter: Math.ceil(context.ttl / 1000) }),
    });
  },
  { name: 'rate-limit' },
);
