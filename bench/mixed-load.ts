// Mixed load on one process and on two behind a round-robin proxy, over one PostgreSQL.
// 1. Creates a PostgreSQL database (BENCH_DATABASE_URL names one instead), starts the product
//    as `npm start` does with rate limits off, makes a game-server API key, registers
//    BENCH_PLAYERS players, and gives each a support ticket.
// 2. For BENCH_SECONDS with BENCH_CONCURRENCY requests in flight, sends a mix: catalogue reads
//    (50 %), e-mail logins (10 %, argon2id each), payment creations by the game server (15 %),
//    payment status reads (15 %) and ticket messages (10 %). Prints throughput, p50 and p99,
//    overall and per kind.
// 3. Starts a second process on the same database and data folder, and runs the same mix through
//    a round-robin proxy over both. (One process is measured through the same proxy.)
// Usage: npm run mixed-load -w bench
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../apps/server/test/databases.ts';
import { startRoundRobin } from '../apps/server/test/round-robin.ts';
import { prepareMixWorld, printMix, runMix, startBenchProduct, type MixWorld, type RunningServer } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 8);
const basePort = Number(process.env.BENCH_PORT ?? 8301);

const run = async (url: string, world: MixWorld, label: string): Promise<void> => {
  printMix(label, await runMix(url, world, seconds, concurrency));
};

const created = process.env.BENCH_DATABASE_URL ? undefined : await createPostgresDatabase();
const databaseUrl = process.env.BENCH_DATABASE_URL ?? created!.url;
// One data folder (generated keys, uploads) for both processes, as a shared volume would be.
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-mixed-'));
const servers: RunningServer[] = [];
const targets: string[] = [];
const proxy = await startRoundRobin(() => targets);
// Both processes are one site: the proxy's address is their PUBLIC_URL (the tokens' issuer).
const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PUBLIC_URL: proxy.url, ALTCHA_MAX_NUMBER: '2000', UPLOAD_MIN_FREE_BYTES: '0' };
try {
  servers.push(await startBenchProduct(basePort, env));
  targets.push(servers[0]!.url);
  const world = await prepareMixWorld(servers[0]!.url, playerCount);

  console.log(`mixed load: ${concurrency} in flight, ${seconds} s each, PostgreSQL, ${playerCount} players; this machine has 2 cores`);
  await run(proxy.url, world, 'one process ');
  servers.push(await startBenchProduct(basePort + 1, env));
  targets.push(servers[1]!.url);
  await run(proxy.url, world, 'two processes');
} finally {
  await proxy.close();
  for (const server of servers) await server.stop();
  await created?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
