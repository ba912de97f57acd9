// PDF receipts: how soon a paid payment's receipt can be opened, and how many the jobs worker
// makes per second.
// 1. Starts the product as `npm start` does (embedded PGlite; BENCH_DATABASE_URL=postgres://...
//    runs it over PostgreSQL), with a staff admin for the game-server API key.
// 2. A player registered through the dev mailbox. BENCH_RUNS (20) times: the game server creates
//    a payment, the player pays it in the sandbox (YooKassa, roubles, Cyrillic title), then asks
//    for the receipt link every 100 ms as the page would; time from the paid answer to a link,
//    median and p95, and the PDF's size.
// 3. A burst: BENCH_BURST (50) payments paid at once; time until every link is there: receipts/s.
// Usage: npm run receipts -w bench
import { createApiKey, json, onPostgres, percentile, post, registerPlayer, sleep, startBenchProduct } from './lib.ts';

const port = Number(process.env.BENCH_PORT ?? 8296);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const burst = Number(process.env.BENCH_BURST ?? 50);

const server = await startBenchProduct(port);
try {
  const { url } = server;
  const player = await registerPlayer(url);
  const auth = { authorization: `Bearer ${player.jwt}` };
  const key = await createApiKey(url);

  const pay = async (): Promise<{ id: string; paidAt: number }> => {
    const { paymentId } = await json<{ paymentId: string }>(
      await post(`${url}/api/v1/payments`, { userId: player.userId, priceId: 'ft-coins-100' }, { authorization: `Bearer ${key}` }),
    );
    await json(await fetch(`${url}/api/payments/yookassa/create/${paymentId}`, { headers: auth }));
    await json(await post(`${url}/api/payments/sandbox/${paymentId}/complete`, { outcome: 'paid' }, auth));
    return { id: paymentId, paidAt: performance.now() };
  };
  const link = async (id: string) =>
    (await json<{ data: { result: string } }>(await fetch(`${url}/api/user/get-receipt-link?privatePaymentId=${id}`, { headers: auth })))
      .data.result;
  const waitForLink = async (id: string, timeoutMs = 60_000): Promise<string> => {
    const end = performance.now() + timeoutMs;
    for (;;) {
      const found = await link(id);
      if (found) return found;
      if (performance.now() > end) throw new Error(`no receipt for ${id}`);
      await sleep(100);
    }
  };

  const latencies: number[] = [];
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const { id, paidAt } = await pay();
    const found = await waitForLink(id);
    latencies.push(performance.now() - paidAt);
    if (run === 0) bytes = (await (await fetch(`${url}${found}`)).arrayBuffer()).byteLength;
  }
  latencies.sort((a, b) => a - b);
  console.log(`backend: ${onPostgres() ? 'PostgreSQL' : 'PGlite'}`);
  console.log(
    `paid -> receipt link (player polling every 100 ms), ${runs} runs: median ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms`,
  );
  console.log(`receipt PDF size: ${(bytes / 1024).toFixed(1)} KB (DejaVu Sans subset embedded)`);

  const paid = await Promise.all(Array.from({ length: burst }, () => pay()));
  const start = Math.min(...paid.map((p) => p.paidAt));
  await Promise.all(paid.map((p) => waitForLink(p.id, 120_000)));
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `burst of ${burst} paid payments: every receipt ready after ${seconds.toFixed(2)} s (${(burst / seconds).toFixed(1)} receipts/s)`,
  );
} finally {
  await server.stop();
}
