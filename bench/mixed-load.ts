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
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../apps/server/test/databases.ts';
import { startRoundRobin } from '../apps/server/test/round-robin.ts';
import { createApiKey, percentile, registerPlayer, startBenchProduct, type RunningServer } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 8);
const basePort = Number(process.env.BENCH_PORT ?? 8301);

type Kind = 'catalogue' | 'login' | 'create payment' | 'payment status' | 'ticket message';
const MIX: Array<[Kind, number]> = [
  ['catalogue', 50],
  ['login', 10],
  ['create payment', 15],
  ['payment status', 15],
  ['ticket message', 10],
];

interface World {
  key: string;
  players: Array<{ email: string; userId: string; jwt: string; ticketId: string }>;
  payments: string[];
}

function multipart(data: unknown): { body: Buffer; type: string } {
  const boundary = `bench${Math.random().toString(16).slice(2)}`;
  const body = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n--${boundary}--\r\n`,
  );
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function one(url: string, kind: Kind, world: World, n: number): Promise<boolean> {
  const player = world.players[n % world.players.length]!;
  let response: Response;
  switch (kind) {
    case 'catalogue':
      response = await fetch(`${url}/api/control/get-games-data`);
      break;
    case 'login':
      response = await fetch(`${url}/api/auth/login-by-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: player.email, password: 'Secret2024' }),
      });
      break;
    case 'create payment': {
      response = await fetch(`${url}/api/v1/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${world.key}` },
        body: JSON.stringify({ userId: player.userId, priceId: 'ft-coins-100', idempotencyKey: `mixed-${process.pid}-${n}-${Date.now()}` }),
      });
      if (response.ok) world.payments.push(((await response.clone().json()) as { paymentId: string }).paymentId);
      break;
    }
    case 'payment status': {
      const id = world.payments[n % Math.max(1, world.payments.length)];
      response = await fetch(`${url}/api/v1/payments/${id}`, { headers: { authorization: `Bearer ${world.key}` } });
      break;
    }
    case 'ticket message': {
      const form = multipart({ ticketId: player.ticketId, text: `<p>Still waiting, message ${n}</p>` });
      response = await fetch(`${url}/api/support/send-message`, {
        method: 'POST',
        headers: { authorization: `Bearer ${player.jwt}`, 'content-type': form.type },
        body: form.body,
      });
      break;
    }
  }
  const body = await response.text();
  if (!response.ok)
    failures.set(
      `${kind} ${response.status} ${body.slice(0, 120)}`,
      (failures.get(`${kind} ${response.status} ${body.slice(0, 120)}`) ?? 0) + 1,
    );
  return response.ok;
}

/** Failed answers by kind, status and the start of the body: printed after each run. */
const failures = new Map<string, number>();

async function run(url: string, world: World, label: string): Promise<void> {
  const deck: Kind[] = MIX.flatMap(([kind, weight]) => new Array<Kind>(weight).fill(kind));
  const timings = new Map<Kind, number[]>(MIX.map(([kind]) => [kind, []]));
  let failed = 0;
  let n = 0;
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const i = n++;
        const kind = deck[(i * 37) % deck.length]!;
        const t0 = performance.now();
        const ok = await one(url, kind, world, i).catch(() => false);
        timings.get(kind)!.push(performance.now() - t0);
        if (!ok) failed += 1;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const all = [...timings.values()].flat().sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `${label}: ${(all.length / elapsed).toFixed(0)} requests/s over ${elapsed.toFixed(1)} s, p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}, ${failed} failed`,
  );
  for (const [what, count] of failures) console.log(`  failed ${count} x ${what}`);
  failures.clear();
  for (const [kind, values] of timings) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `  ${kind.padEnd(15)} ${String(values.length).padStart(6)} requests, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}`,
    );
  }
}

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
  const url = servers[0]!.url;
  const world: World = { key: await createApiKey(url), players: [], payments: [] };
  for (let i = 0; i < playerCount; i += 1) {
    const player = await registerPlayer(url, `mixed-${Date.now().toString(36)}-${i}@players.example`);
    const form = multipart({ title: 'Where are my coins', text: '<p>I paid</p>' });
    const ticket = await fetch(`${url}/api/support/create-ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${player.jwt}`, 'content-type': form.type, project: 'familytown' },
      body: form.body,
    });
    const ticketId = ((await ticket.json()) as { data: { id: string } }).data.id;
    world.players.push({ email: player.email, userId: player.userId, jwt: player.jwt, ticketId });
  }
  await one(url, 'create payment', world, 0);

  console.log(`mixed load: ${concurrency} in flight, ${seconds} s each, PostgreSQL, ${playerCount} players; this machine has 2 cores`);
  await run(proxy.url, world, 'one process ');
  servers.push(await startBenchProduct(basePort + 1, env));
  targets.push(servers[1]!.url);
  await run(proxy.url, world, 'two processes');
} finally {
  await proxy.close();
  for (const server of servers) await server.stop();
  await created?.drop();
}
