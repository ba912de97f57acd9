import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemoData } from './db/seed.ts';
import { createCatalogCache, type CatalogCache } from './modules/control/catalog-cache.ts';
import { priceLogoRoutes } from './modules/control/price-logo-routes.ts';
import { createControlRepository } from './modules/control/repository.ts';
import { controlRoutes } from './modules/control/routes.ts';
import { createControlService } from './modules/control/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { REQUEST_ID_HEADER, RequestLogController, requestIdPlugin } from './plugins/request-log.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticFilesPlugin } from './plugins/static-files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** The staff console calls `catalogCache.invalidate()` after editing projects, games or prices. */
    catalogCache: CatalogCache;
  }
}

export type BuildOverrides = {
  /** An open database (tests share one); the app then leaves closing it to the caller. */
  database?: Database;
  /** `memory://`, a PGlite directory or a postgres:// URL instead of the configured one. */
  databaseUrl?: string;
  /** Skip the demo seed (tests that want an empty catalogue). */
  seed?: boolean;
};

/** Incoming ids are kept when they are plain tokens, so a proxy's id follows the request. */
function requestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && /^[\w.:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
}

/** The only place that wires plugins and modules (STYLE 7); plugins in load order. */
export async function buildApp(config: AppConfig, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers.session'],
    },
    genReqId: requestId,
    logController: new RequestLogController(),
    trustProxy: config.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !overrides.database;
  const database =
    overrides.database ??
    (await openDatabase(overrides.databaseUrl ?? config.DATABASE_URL ?? path.join(config.DATA_DIR, 'pgdata')));
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  // Without a listener ioredis prints every reconnect failure to stderr; keep them in the log.
  redis?.on('error', (error: Error) => app.log.warn({ err: error }, 'redis error'));
  app.addHook('onClose', async () => {
    if (redis) await redis.quit().catch(() => redis.disconnect());
    if (ownsDatabase) await database.close();
  });

  try {
    if (overrides.seed !== false && (await seedDemoData(database.db))) {
      app.log.info('seeded the demo catalogue');
    }

    const repository = createControlRepository(database.db);
    const catalogCache = createCatalogCache(repository, {
      onRefreshError: (error) => app.log.warn({ err: error }, 'catalogue refresh failed; serving the previous copy'),
    });
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('catalogCache', catalogCache);

    await app.register(errorHandlerPlugin);
    await app.register(requestIdPlugin);
    await app.register(securityPlugin, { config });
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // zlib's default brotli quality (11) costs ~1 s of CPU per MB on every answer; 5 is
      // close in size at a fraction of the cost. Hot JSON is precompressed once at 11.
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
    });
    await app.register(rateLimitPlugin, { config, redis });
    await app.register(openApiPlugin, { config });
    await app.register(staticFilesPlugin, { config });

    await app.register(healthRoutes, { database });
    const service = createControlService({
      cache: catalogCache,
      allowedOrigins: [config.publicOrigin, ...config.ALLOWED_GAME_ORIGINS.filter((o) => o !== config.publicOrigin)],
      defaultProject: config.DEFAULT_PROJECT,
    });
    await app.register(controlRoutes, { prefix: '/api', service });
    await app.register(priceLogoRoutes, { repository, pricesDir: path.join(config.ASSETS_DIR, 'prices') });

    await app.ready();
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}
