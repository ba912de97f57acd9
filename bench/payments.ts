// Payments created per second through the game-server API.
// 1. Starts the product as `npm start` does (PGlite in a fresh DATA_DIR; BENCH_DATABASE_URL in
//    the environment switches to PostgreSQL), with a staff admin.
// 2. Signs in as staff and creates a project API key for familytown; registers BENCH_PLAYERS
//    players (the API answers 404 for a userId that is no player).
// 3. Runs autocannon against POST /api/v1/payments for BENCH_SECONDS with BENCH_CONNECTIONS
//    connections, each request a new payment (its own idempotency key) for one of the players in
//    turn, and prints the rate.
// Usage: npm run payments -w bench
import autocannon from 'autocannon';
import { createApiKey, onPostgres, registerPlayer, startBenchProduct } from './lib.ts';

const port = Number(process.env.BENCH_PORT ?? 8294);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 5);

const server = await startBenchProduct(port);
try {
  const key = await createApiKey(server.url);
  const players: string[] = [];
  for (let i = 0; i < playerCount; i += 1) players.push((await registerPlayer(server.url, `bench-payer-${i}@players.example`)).userId);

  let seq = 0;
  const result = await autocannon({
    url: `${server.url}/api/v1/payments`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        setupRequest: (request) => {
          seq += 1;
          return {
            ...request,
            body: JSON.stringify({ userId: players[seq % players.length], priceId: 'ft-coins-100', idempotencyKey: `bench-${seq}` }),
          };
        },
      },
    ],
  });
  const created = result['2xx'];
  console.log(`database: ${onPostgres() ? 'PostgreSQL' : 'PGlite'}; ${connections} connections, ${seconds} s, ${players.length} players`);
  console.log(`payments created: ${created} (${(created / seconds).toFixed(0)}/s); non-2xx: ${result.non2xx}, errors: ${result.errors}`);
  console.log(`latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
} finally {
  await server.stop();
}
