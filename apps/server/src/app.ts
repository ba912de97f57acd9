import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { databaseLocation, offeredMethods, type AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemoData } from './db/seed.ts';
import { refusingNulCharacters } from './lib/nul-text.ts';
import { createCatalogCache, sharedAcrossProcesses, type CatalogCache } from './modules/control/catalog-cache.ts';
import { createGameOrigins } from './modules/control/game-origins.ts';
import { priceLogoRoutes } from './modules/control/price-logo-routes.ts';
import { createControlRepository } from './modules/control/repository.ts';
import { controlRoutes } from './modules/control/routes.ts';
import { catalogConsoleRoutes } from './modules/control/console-routes.ts';
import { createCatalogEditor } from './modules/control/editor.ts';
import { catalogImageRoutes } from './modules/control/image-routes.ts';
import { LocalFileStore } from './integrations/uploads/local-file-store.ts';
import { S3FileStore } from './integrations/uploads/s3-file-store.ts';
import { moneyRoutes } from './modules/money/routes.ts';
import { createMoneyRepository } from './modules/money/repository.ts';
import { createControlService } from './modules/control/service.ts';
import { demoGameRoutes } from './modules/demo-games/routes.ts';
import { demoProjects } from './db/seed-data/catalog.ts';
import { authHookPlugin } from './modules/auth/auth-hook.ts';
import { devMailRoutes } from './modules/auth/dev-mail-routes.ts';
import { passportRoutes } from './modules/auth/passport-routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAccounts, type Accounts } from './modules/auth/setup.ts';
import { wellKnownRoutes } from './modules/auth/well-known-routes.ts';
import { healthRoutes, type Lifecycle } from './modules/health/routes.ts';
import { gameServerRoutes } from './modules/payments/game-server-routes.ts';
import { playerPaymentRoutes, sandboxOrderRoutes } from './modules/payments/player-routes.ts';
import { providerWebhookRoutes } from './modules/payments/provider-webhook-routes.ts';
import { createPayments, type Payments } from './modules/payments/setup.ts';
import { launchChecklist } from './modules/staff/launch-checklist.ts';
import { paymentHelpRoutes } from './modules/payment-help/routes.ts';
import { PaymentHelpService } from './modules/payment-help/service.ts';
import { receiptRoutes } from './modules/receipts/routes.ts';
import { createReceipts, type Receipts } from './modules/receipts/setup.ts';
import { s3BucketOf } from './integrations/storage/s3-bucket.ts';
import { createStaff, type Staff } from './modules/staff/setup.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { createEventBus } from './lib/events/event-bus.ts';
import { createSupport } from './modules/support/setup.ts';
import { eraseTicketsOf } from './modules/support/repository.ts';
import type { StaffAuth } from './lib/staff-auth.ts';
import { supportStaffRoutes } from './modules/support/staff-routes.ts';
import type { FreeDiskBytes } from './modules/support/upload-quota.ts';
import { StreamSlots } from './lib/stream-slots.ts';
import { userRoutes } from './modules/users/routes.ts';
import type { PersonalDataEraser } from './modules/users/service.ts';
import { clientErrorHandler, errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { REQUEST_ID_HEADER, RequestLogController, requestIdPlugin, serializeRequest } from './plugins/request-log.ts';
import { securityPlugin } from './plugins/security.ts';
import { serveTelemetry, telemetryPlugin } from './plugins/telemetry.ts';
import { Metrics } from './lib/telemetry/metrics.ts';
import { createTracing, logMixin, querySpan, type Tracing } from './lib/telemetry/tracing.ts';
import { JobWorker, jobStates, jobTimings } from './lib/jobs/queue.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { staticFilesPlugin } from './plugins/static-files.ts';
import { toStaffSummary } from './modules/payments/mappers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** The staff console calls `catalogCache.invalidate()` after editing projects, games or prices. */
    catalogCache: CatalogCache;
    /** Accounts services (tokens, keys, auth rules); other modules verify players through it. */
    accounts: Accounts;
    /** Payments and staff. */
    payments: Payments;
    staff: Staff;
    /** PDF receipts of paid payments. */
    receipts: Receipts;
    /** The one background jobs worker of every job kind; `start()` is the caller's (server.ts). */
    jobs: JobWorker;
    /** `draining` once a shutdown began: readiness fails so load balancers stop sending. */
    lifecycle: Lifecycle;
    /** Prometheus metrics (served by the METRICS_PORT listener) and OpenTelemetry traces. */
    telemetry: { metrics: Metrics; tracing: Tracing };
  }
}

export type BuildOverrides = {
  /** An open database (tests share one); the app then leaves closing it to the caller. */
  database?: Database;
  /** `memory://`, a PGlite directory or a postgres:// URL instead of the configured one. */
  databaseUrl?: string;
  /** Seed the demo catalogue into an empty database: by default outside production only. */
  seed?: boolean;
  /** Staff authentication for the support inbox routes (tests; the staff module supplies the real one). */
  supportStaffAuth?: StaffAuth;
  /** Where the log lines go instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
  /** Reads the free bytes of the data volume instead of statfs (tests of the upload watermark). */
  freeDiskBytes?: FreeDiskBytes;
  /** How often buffered spans leave for the collector (tests: short). */
  traceExportDelayMs?: number;
};

/** Incoming ids are kept when they are plain tokens, so a proxy's id follows the request. */
function requestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && /^[\w.:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
}

/**
 * TRUST_PROXY as Fastify takes it: a hop count believes that many proxies from the right of
 * X-Forwarded-For (never the client-written left end), an address list believes those proxies.
 */
function trustProxyOption(value: AppConfig['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/** The only place that wires plugins and modules; plugins in load order. */
export async function buildApp(config: AppConfig, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  // Process metrics (CPU, memory, event-loop lag) only where something scrapes them.
  const metrics = new Metrics({ defaultMetrics: config.METRICS_PORT !== undefined });
  const tracing = createTracing({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: config.OTEL_SERVICE_NAME,
    ...(overrides.traceExportDelayMs !== undefined && { exportDelayMs: overrides.traceExportDelayMs }),
  });
  // Request loggers bind the request id themselves; the mixin adds it to every other logger's lines.
  const requestLoggers = new WeakSet<object>();
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      mixin: logMixin(requestLoggers),
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers.session'],
      // Request URLs carry player JWTs (SSE ?jwt=, /auth/check/{jwt}): logged redacted.
      serializers: { req: serializeRequest },
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    genReqId: requestId,
    childLoggerFactory(logger, bindings, options) {
      const child = logger.child(bindings, options);
      requestLoggers.add(child);
      return child;
    },
    logController: new RequestLogController(),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // A player JWT travels as a path parameter (GET /api/auth/check/{jwt}).
    routerOptions: { maxParamLength: 4096 },
    clientErrorHandler,
    // A request must arrive in time, an idle connection goes, a keep-alive outlives a load
    // balancer's own (so it never reuses a connection we just closed).
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: config.IDLE_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
  });
  // Slow headers: Node wants this no longer than the whole request's timeout.
  const headersMs = config.HEADERS_TIMEOUT_SECONDS * 1000;
  app.server.headersTimeout = config.REQUEST_TIMEOUT_SECONDS > 0 ? Math.min(headersMs, config.REQUEST_TIMEOUT_SECONDS * 1000) : headersMs;
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  app.decorate('telemetry', { metrics, tracing });
  serveTelemetry(app, metrics, tracing, { port: config.METRICS_PORT, host: config.METRICS_HOST, token: config.METRICS_TOKEN });
  app.setValidatorCompiler(refusingNulCharacters(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !overrides.database;
  const database =
    overrides.database ??
    (await openDatabase(overrides.databaseUrl ?? databaseLocation(config), {
      onIdleError: (error) => app.log.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
      ...(tracing.enabled && { traceQuery: (text: string) => querySpan(tracing, text) }),
    }));
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
    // The demo catalogue is the demo's: a production database starts empty, its catalogue made
    // in the console (tests of production mode may still ask for it with `seed: true`).
    const seed = overrides.seed ?? !config.isProduction;
    if (seed && (await seedDemoData(database.db))) {
      app.log.info('seeded the demo catalogue');
    }

    const repository = createControlRepository(database.db);
    // A change of the catalogue on one process reaches every process (LISTEN/NOTIFY).
    const catalogChanges = await createEventBus<{ changedAt: number }>(database, app.log, 'portal_catalog_changes');
    app.addHook('onClose', () => catalogChanges.close());
    const catalogCache = sharedAcrossProcesses(
      createCatalogCache(repository, {
        onRefreshError: (error) => app.log.warn({ err: error }, 'catalogue refresh failed; serving the previous copy'),
      }),
      catalogChanges,
      (error) => app.log.warn({ err: error }, 'the catalogue change was not announced to other processes (they catch up within a minute)'),
    );
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('catalogCache', catalogCache);
    const projectRow = async (name: string) => (await catalogCache.snapshot()).projects.find((p) => p.name === name);
    const accounts = await createAccounts(config, database.db, {
      failedAttemptLimit: async (project) => {
        const value = (await projectRow(project))?.extra.find((item) => item.id === 'failedAttemptLimit')?.value;
        return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
      },
      title: async (project, language) => {
        if (!(await projectRow(project))) return undefined;
        const texts = (await catalogCache.snapshot()).games.get(project)?.localization;
        return texts?.[language]?.name ?? texts?.en?.name ?? project;
      },
    });
    app.decorate('accounts', accounts);
    app.addHook('onClose', () => accounts.close());
    const local = accounts.providers.local;
    if (local) {
      // oidc-provider reads the raw body and writes the raw response: hand it the request untouched.
      app.addHook('onRequest', (request, reply, done) => {
        if (
          request.url === local.mountPath ||
          request.url.startsWith(`${local.mountPath}/`) ||
          request.url.startsWith(`${local.mountPath}?`)
        ) {
          reply.hijack();
          local.handler(request.raw, reply.raw);
          return;
        }
        done();
      });
    }

    await app.register(telemetryPlugin, { metrics, tracing });
    await app.register(errorHandlerPlugin);
    await app.register(requestIdPlugin);
    // The origins of ALLOWED_GAME_ORIGINS and of the catalogue's games, for the security headers
    // and the initial config alike.
    const gameOrigins = createGameOrigins(
      catalogCache,
      { publicOrigin: config.publicOrigin, configured: config.ALLOWED_GAME_ORIGINS, httpsOnly: config.isProduction },
      (error) => app.log.warn({ err: error }, 'the catalogue cannot be read: the game origins stay as last read'),
      (skipped) => app.log.error(skipped, 'a stored game origin is no plain scheme://host[:port]: left out of the allowed origins'),
    );
    await app.register(securityPlugin, { config, gameOrigins: () => gameOrigins.current() });
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

    await app.register(healthRoutes, { database, lifecycle });
    await app.register(authHookPlugin, { service: accounts.service });
    const guessLimit = config.isRateLimitEnabled ? config.AUTH_RATE_LIMIT_MAX : 0;
    // The staff module is made further down; the challenge route asks it once it is there.
    let staffCaptchaHardFor: (ip: string) => Promise<boolean> = async () => false;
    await app.register(authRoutes, {
      prefix: '/api',
      service: accounts.service,
      captcha: accounts.captcha,
      native: accounts.native,
      guessLimit,
      hardChallengeFor: (ip) => staffCaptchaHardFor(ip),
    });
    // Account deletion reaches every module that keeps personal data (they add theirs below).
    const erasers: PersonalDataEraser[] = [];
    await app.register(userRoutes, { prefix: '/api', auth: accounts.service, erasers });
    await app.register(sessionRoutes, { prefix: '/api', db: database.db, publicUrl: config.PUBLIC_URL });
    await app.register(passportRoutes, {
      service: accounts.service,
      providers: accounts.providers,
      publicUrl: config.PUBLIC_URL,
      guessLimit,
    });
    await app.register(wellKnownRoutes, { tokens: accounts.tokens });
    if (accounts.devMailbox) await app.register(devMailRoutes, { mailbox: accounts.devMailbox });
    const service = createControlService({
      cache: catalogCache,
      allowedOrigins: gameOrigins.withPortal,
      defaultProject: config.DEFAULT_PROJECT,
      offered: offeredMethods(config),
      signIn: config.nativeSignIn,
    });
    await app.register(controlRoutes, { prefix: '/api', service });
    await app.register(seoRoutes, { cache: catalogCache, publicOrigin: config.publicOrigin, defaultProject: config.DEFAULT_PROJECT });
    // Attachments and receipts: an S3-compatible bucket when configured, else DATA_DIR.
    const bucket = s3BucketOf(config);
    if (bucket) {
      app.addHook('onClose', async () => bucket.close());
      bucket.check().then(
        () => app.log.info({ bucket: bucket.bucket }, 'files are kept in the S3 bucket'),
        (error: unknown) =>
          app.log.error({ err: error, bucket: bucket.bucket }, 'the S3 bucket cannot be reached: uploads and receipts fail until it can'),
      );
    }
    // Catalogue images uploaded through the console, beside the attachments.
    const catalogImages = bucket
      ? new S3FileStore(bucket, 'catalog/')
      : new LocalFileStore({ dataDir: config.DATA_DIR, folder: 'catalog-images' });
    await app.register(priceLogoRoutes, { repository, pricesDir: path.join(config.ASSETS_DIR, 'prices'), images: catalogImages });
    // One count of open event streams for support's and the payment popup's streams.
    const streamSlots = new StreamSlots({
      perClient: config.SSE_MAX_PER_CLIENT,
      perAddress: config.SSE_MAX_PER_ADDRESS,
      total: config.SSE_MAX_TOTAL,
    });
    // One jobs worker for every job kind (webhooks, reconciliation, receipts): server.ts starts
    // it, so tests and tools that build the app decide themselves whether jobs run.
    const jobs = new JobWorker({ db: database.db, log: app.log, ...jobTimings(config), telemetry: { metrics, tracing } });
    metrics.readFrom({
      pool: () => database.poolStats(),
      ping: () => database.ping(),
      jobs: () => jobStates(database.db, config.JOB_LEASE_SECONDS * 1000),
      openStreams: () => streamSlots.size,
      dataDir: config.DATA_DIR,
    });
    app.decorate('jobs', jobs);
    // preClose: the worker finishes its jobs while the database is still open.
    app.addHook('preClose', () => jobs.stop());
    const staff = await createStaff(config, database.db, accounts.tokens, app.log, {
      hasher: accounts.hasher,
      captcha: accounts.captcha,
      mailer: accounts.mailer,
    });
    app.decorate('staff', staff);
    staffCaptchaHardFor = (ip) => staff.service.captchaHardFor(ip);
    app.decorateRequest('staff', null);
    const receipts = await createReceipts(config, database.db, app.log, {
      onJobEnqueued: () => jobs.nudge(),
      bucket,
      mailer: accounts.mailer,
    });
    const payments = await createPayments(config, database.db, accounts.tokens, app.log, {
      database,
      streamSlots,
      onJobEnqueued: () => jobs.nudge(),
      // A paid payment's receipt job is enqueued in the transaction that makes it paid.
      onPaid: { inTransaction: (tx, payment) => receipts.service.enqueue(tx, payment.id), committed: () => jobs.nudge() },
      // A refund's success makes the receipt again, showing the refund.
      onRefunded: (tx, payment) => receipts.service.enqueue(tx, payment.id),
      telemetry: { metrics, tracing },
    });
    jobs.register(payments.service.jobKinds());
    jobs.register(payments.refunds.jobKinds());
    jobs.register(receipts.service.jobKinds());
    app.addHook('preClose', async () => payments.live.hub.closeAll());
    app.addHook('onClose', () => payments.live.close());
    app.decorate('payments', payments);
    erasers.push((tx, userId) => payments.service.erasePersonalData(tx, userId));
    await app.register(gameServerRoutes, {
      prefix: '/api',
      service: payments.service,
      staff: staff.service,
      perKeyLimit: config.isRateLimitEnabled ? config.GAME_API_RATE_LIMIT_MAX : 0,
    });
    // The demo games' stand-in game server (creates their payments as /api/v1/payments would):
    // a stand-in, so never in production, where games have servers of their own.
    if (config.standIns) {
      await app.register(demoGameRoutes, {
        prefix: '/demo-games/api',
        service: payments.service,
        projects: demoProjects.map((p) => p.name),
        auth: accounts.service,
      });
    }
    await app.register(playerPaymentRoutes, { prefix: '/api', service: payments.service, live: payments.live, sandbox: config.standIns });
    if (config.standIns) await app.register(sandboxOrderRoutes, { prefix: '/api', service: payments.service });
    await app.register(providerWebhookRoutes, { prefix: '/api', service: payments.service, refunds: payments.refunds });
    await app.register(staffRoutes, {
      prefix: '/api',
      staff: staff.service,
      auth: staff.auth,
      payments: payments.service,
      guessLimit,
      checklist: (project) => launchChecklist(database.db, project, (provider) => payments.service.serves(provider, true)),
      defaultKeyMode: config.isProduction ? 'live' : 'test',
    });
    await app.register(moneyRoutes, {
      prefix: '/api',
      repository: createMoneyRepository(database.db),
      auth: staff.auth,
      refunds: payments.refunds,
    });
    await app.register(catalogImageRoutes, { store: catalogImages, auth: staff.auth });
    await app.register(catalogConsoleRoutes, {
      prefix: '/api',
      editor: createCatalogEditor({ db: database.db, cache: app.catalogCache, httpsOnly: config.isProduction }),
      auth: staff.auth,
    });
    app.decorate('receipts', receipts);
    erasers.push((tx, userId) => receipts.service.erasePersonalData(tx, userId));
    await app.register(receiptRoutes, { prefix: '/api', service: receipts.service });
    const paymentHelp = new PaymentHelpService({
      db: database.db,
      mailer: accounts.mailer,
      supportEmail: config.SUPPORT_EMAIL,
      log: app.log,
    });
    erasers.push((tx, userId) => paymentHelp.erasePersonalData(tx, userId));
    await app.register(paymentHelpRoutes, { prefix: '/api', service: paymentHelp });
    // Support reads payments through one function, so the module never imports payments.
    const support = await createSupport(config, database, app.log, {
      recentPayments: async (userId) => (await payments.service.search({ userId }, 10)).map((row) => toStaffSummary(row)),
      streamSlots,
      bucket,
      ...(overrides.freeDiskBytes ? { freeDiskBytes: overrides.freeDiskBytes } : {}),
    });
    erasers.push(async (tx, userId) => {
      const names = await eraseTicketsOf(tx, userId);
      return async () => {
        await Promise.all(names.map((name) => support.store.remove(name)));
      };
    });
    // Open event streams end before the server waits for connections to drain.
    app.addHook('preClose', async () => support.hub.closeAll());
    app.addHook('onClose', () => support.close());
    const supportStaffAuth: StaffAuth = overrides.supportStaffAuth ?? staff.auth;
    await app.register(supportRoutes, { prefix: '/api', ...support, defaultProject: config.DEFAULT_PROJECT, staffAuth: supportStaffAuth });
    await app.register(supportStaffRoutes, { prefix: '/api', ...support, staffAuth: supportStaffAuth });

    await app.ready();
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}
