// Throughput of GET /api/control/get-games-data against a bare node:http server that sends
// the same bytes, measured in the same run with the same load (autocannon).
// Usage: npm run games-throughput -w bench   (BENCH_SECONDS, BENCH_CONNECTIONS to tune)
import autocannon from 'autocannon';
import { startProduct, startScript } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
// Rounds alternate between the two servers so background load hits both alike.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const route = '/api/control/get-games-data';

async function load(url: string): Promise<{ rps: number; p99: number; errors: number; non2xx: number }> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

const product = await startProduct(8291, { RATE_LIMIT_MAX: '100000000' });
try {
  const sample = await fetch(product.url + route);
  const body = Buffer.from(await sample.arrayBuffer());
  const contentType = sample.headers.get('content-type') ?? 'application/json';

  const bare = await startScript(
    `import http from 'node:http';
     const body = Buffer.from(${JSON.stringify(body.toString('base64'))}, 'base64');
     http.createServer((req, res) => {
       if (req.url === '/health') { res.end('ok'); return; }
       res.writeHead(200, { 'content-type': ${JSON.stringify(contentType)}, 'content-length': body.length });
       res.end(body);
     }).listen(Number(process.env.PORT), '127.0.0.1');`,
    8292,
  );
  try {
    // Warm both up so neither pays for JIT compilation inside the measured window.
    await autocannon({ url: product.url + route, connections, amount: 2000 });
    await autocannon({ url: bare.url + route, connections, amount: 2000 });
    console.log(`response body: ${body.length} bytes, ${connections} connections, ${rounds} rounds of ${seconds} s each`);
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const node = await load(bare.url + route);
      const fastify = await load(product.url + route);
      const ratio = fastify.rps / node.rps;
      ratios.push(ratio);
      console.log(
        `round ${round}: bare node:http ${node.rps.toFixed(0)} req/s (p99 ${node.p99} ms), ` +
          `get-games-data ${fastify.rps.toFixed(0)} req/s (p99 ${fastify.p99} ms, errors ${fastify.errors}, non-2xx ${fastify.non2xx}), ` +
          `${(ratio * 100).toFixed(1)} %`,
      );
    }
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] ?? 0;
    console.log(`ratio (median of ${rounds}): ${(median * 100).toFixed(1)} % of bare node (goal >= 60 %, aim 90 %)`);
  } finally {
    await bare.stop();
  }
} finally {
  await product.stop();
}
