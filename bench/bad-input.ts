// Malformed requests against a running instance, generated from its /api/openapi.json
// (apps/server/test/bad-input.ts, the generator the server test uses): wrong types, missing
// and extra fields, huge and odd strings, broken JSON and media types, encoded paths, bad
// tokens and API keys, to every operation. Sent over real sockets with the paths exactly as
// written (no client-side URL clean-up). Prints the count, the answers by status and every
// 5xx; exits 1 on any 5xx or when the instance stops serving.
// 1. BAD_INPUT_URL set: that instance (outside production: players register through its dev
//    mailbox), signed in as staff with BENCH_ADMIN_EMAIL / BENCH_ADMIN_PASSWORD (default the
//    bench admin). Its rate limits should be off or high (RATE_LIMIT_MAX=0).
// 2. Else the server is built in this process on BENCH_PORT over a fresh PGlite folder
//    (BENCH_DATABASE_URL: PostgreSQL), rate limits off, the bench admin seeded.
// BAD_INPUT_SEED (1) changes the requests; BAD_INPUT_PER_OPERATION (150) their number.
// Usage: npm run bad-input -w bench
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import {
  badRequests,
  credentialsFor,
  describeFailure,
  operationsOf,
  registerPlayer,
  runBadRequests,
  statusSummary,
  socketSender,
  type OpenApiDocument,
  type Send,
} from '../apps/server/test/bad-input.ts';
import { benchAdmin } from './lib.ts';

const port = Number(process.env.BENCH_PORT ?? 8297);
const seed = Number(process.env.BAD_INPUT_SEED ?? 1);
const perOperation = Number(process.env.BAD_INPUT_PER_OPERATION ?? 150);
const admin = {
  email: process.env.BENCH_ADMIN_EMAIL ?? benchAdmin.email,
  password: process.env.BENCH_ADMIN_PASSWORD ?? benchAdmin.password,
};

/** The product built in this process (no web build needed: pages are not an API). */
async function startInProcess(): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bad-input-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'fatal',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_MAX: '0',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    CODE_MAILS_PER_IP_HOUR: '0',
    CODE_MAILS_PER_EMAIL_DAY: '0',
    CODE_MAILS_PER_HOUR: '0',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const app = await buildApp(config);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const external = process.env.BAD_INPUT_URL?.replace(/\/$/, '');
const server = external ? { url: external, stop: async () => undefined } : await startInProcess();
let exitCode = 0;
try {
  const sendOnce = socketSender(server.url);
  // 499: the server answered early (413, 431) and closed while a large request was still being written.
  const cutShort = new Map<string, number>();
  const send: Send = async (request) => {
    const answer = await sendOnce(request);
    if (answer.status === 499) {
      const kind = request.label.replace(/^[^:]*: /, '').slice(0, 60);
      cutShort.set(kind, (cutShort.get(kind) ?? 0) + 1);
    }
    return answer;
  };
  const doc = JSON.parse((await send({ method: 'GET', url: '/api/openapi.json', headers: {}, label: 'document' })).body) as OpenApiDocument;
  const credentials = await credentialsFor(send, admin);
  const requests = badRequests(doc, credentials, { seed, perOperation });
  const started = performance.now();
  const result = await runBadRequests(requests, send, 20);
  const seconds = (performance.now() - started) / 1000;
  const fiveHundreds = result.failures.filter((f) => !f.answer || f.answer.status >= 500);
  console.log(
    `bad-input: ${result.sent} requests to ${operationsOf(doc).length} operations in ${seconds.toFixed(1)} s, ${fiveHundreds.length} 5xx`,
  );
  console.log(`  answers: ${statusSummary(result.byStatus)}`);
  if (cutShort.size) console.log(`  closed while sending (499): ${[...cutShort].map(([kind, n]) => `${kind} x${n}`).join('; ')}`);
  // The 5xx first: they are what must be fixed.
  const ordered = [...fiveHundreds, ...result.failures.filter((f) => !fiveHundreds.includes(f))];
  for (const failure of ordered.slice(0, 30)) console.log(`\n${describeFailure(failure)}`);
  if (result.failures.length > 30) console.log(`\n… and ${result.failures.length - 30} more`);

  const health = await send({ method: 'GET', url: '/api/health', headers: {}, label: 'health' });
  const player = await registerPlayer(send, `after-bad-input-${Date.now().toString(36)}@players.example`).then(
    () => 'ok',
    (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  console.log(`after it: health ${health.status}, a new registration ${player}`);
  if (fiveHundreds.length > 0 || result.failures.length > 0 || health.status !== 200 || player !== 'ok') exitCode = 1;
} finally {
  await server.stop();
}
process.exit(exitCode);
