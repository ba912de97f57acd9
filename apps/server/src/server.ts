import { buildApp } from './app.ts';
import { loadConfigOrExit, productionWarnings } from './config.ts';
import { PRIVATE_UMASK, securePrivateTree } from './lib/private-files.ts';

/** Loads config, builds the app, listens, and closes gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();

  // Everything the server writes (the embedded database, keys, uploads, receipts) is the
  // server user's alone; what an earlier start or a copy left readable is tightened first.
  process.umask(PRIVATE_UMASK);
  const tightened = await securePrivateTree(config.DATA_DIR);
  const app = await buildApp(config);
  // The embedded database's first start lays its files out with modes of its own: once more.
  await securePrivateTree(config.DATA_DIR);
  if (tightened > 0)
    app.log.warn(
      { dataDir: config.DATA_DIR, entries: tightened },
      'DATA_DIR had files others could read or write: made them private (0600/0700)',
    );
  for (const warning of productionWarnings(config)) app.log.warn(warning);
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // SIGTERM is an orchestrator's "stop": readiness fails at once and load balancers get the
    // drain period to stop sending; then open event streams end (their clients reconnect to
    // another process), the job workers finish their jobs and in-flight requests finish.
    // SIGINT is a person at a terminal: no drain.
    const drainMs = signal === 'SIGTERM' ? config.SHUTDOWN_DRAIN_SECONDS * 1000 : 0;
    app.lifecycle.draining = true;
    app.log.info({ signal, drainSeconds: drainMs / 1000 }, 'shutting down: readiness fails now');
    // A stuck close must not keep the process alive forever.
    const timer = setTimeout(
      () => {
        app.log.error('shutdown took too long: exiting');
        process.exit(1);
      },
      drainMs + config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    );
    timer.unref();
    setTimeout(() => {
      app.log.info('drained: closing');
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          process.exit(1);
        },
      );
    }, drainMs);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  // Background jobs (webhooks, reconciliation, receipts) run in the serving process; every
  // process runs one worker, and they share the jobs table safely.
  app.jobs.start();
}

main().catch((error: unknown) => {
  process.stderr.write(`Server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
