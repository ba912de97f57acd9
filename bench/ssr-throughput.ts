// Throughput of the rendered catalogue (GET /games/en/, from the render cache) against
// GET /api/control/get-games-data in the same run with the same load (autocannon), and the
// time of an uncached render (each address new to the cache: a different query string).
// Usage: npm run ssr-throughput -w bench   (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_RENDERS to tune)
import autocannon from 'autocannon';
import { startProduct } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const renders = Number(process.env.BENCH_RENDERS ?? 60);
const api = '/api/control/get-games-data';
const page = '/games/en/';
// As browsers and crawlers ask: compressed.
const headers = { 'accept-encoding': 'br, gzip', accept: 'text/html,*/*' };

async function load(url: string) {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

const product = await startProduct(8293, { RATE_LIMIT_MAX: '100000000' });
try {
  const first = await fetch(product.url + page, { headers });
  const html = await first.text();
  if (!html.includes('id="page-state"')) throw new Error('the catalogue did not arrive rendered: is the web app built (npm run build)?');
  console.log(
    `rendered catalogue: ${Buffer.byteLength(html)} bytes of HTML (${first.headers.get('content-encoding') ?? 'identity'} on the wire)`,
  );

  // Uncached renders, one after another: each address is new to the cache. Asked for
  // uncompressed (the render alone) and compressed (with the one brotli pass at quality 11 that
  // every later answer of the page reuses).
  for (const [label, encoding] of [
    ['uncompressed', 'identity'],
    ['brotli', 'br'],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < renders; i += 1) {
      const started = performance.now();
      const answer = await fetch(`${product.url}${page}?bench=${label}-${i}`, { headers: { ...headers, 'accept-encoding': encoding } });
      const body = await answer.text();
      if (!body.includes('id="page-state"')) throw new Error(`render ${i} fell back to the client's page`);
      times.push(performance.now() - started);
    }
    const measured = times.slice(10);
    console.log(
      `uncached render, ${label} (${renders} sequential, the first 10 left out as warm-up): ` +
        `p50 ${percentile(measured, 0.5).toFixed(1)} ms, p90 ${percentile(measured, 0.9).toFixed(1)} ms`,
    );
  }

  await autocannon({ url: product.url + api, connections, amount: 2000, headers });
  await autocannon({ url: product.url + page, connections, amount: 2000, headers });
  const ratios: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const json = await load(product.url + api);
    const rendered = await load(product.url + page);
    const ratio = rendered.rps / json.rps;
    ratios.push(ratio);
    console.log(
      `round ${round}: get-games-data ${json.rps.toFixed(0)} req/s (p99 ${json.p99} ms), ` +
        `rendered catalogue ${rendered.rps.toFixed(0)} req/s (p99 ${rendered.p99} ms, errors ${rendered.errors}, non-2xx ${rendered.non2xx}), ` +
        `${(ratio * 100).toFixed(1)} %`,
    );
  }
  console.log(
    `rendered catalogue from the cache: ${(percentile(ratios, 0.5) * 100).toFixed(1)} % of get-games-data's throughput (median of ${rounds}; goal >= 50 %)`,
  );
} finally {
  await product.stop();
}
