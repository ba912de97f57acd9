// Login latency and the health of the server under a login flood.
// 1. Starts the product as `npm start` does (embedded default: PGlite, dev mailbox).
// 2. Registers BENCH_USERS players through the API, reading their codes on /dev/mail.json.
// 3. Logs in at BENCH_LOGIN_RATE (40/s) for BENCH_SECONDS, each from its own client address
//    (X-Forwarded-For with TRUST_PROXY, as behind a load balancer): login p50/p95/p99.
// 4. Floods login at BENCH_FLOOD_RATE (400/s) from BENCH_FLOOD_IPS addresses (1: one abuser)
//    while probing /health at 50/s: /health p99, and the flood's answers by status
//    (429 expected, 5xx must be zero).
// Usage: npm run login -w bench
import { percentile, startProduct } from './lib.ts';
import { solvedCaptcha } from './lib/portal.ts';

const port = Number(process.env.BENCH_PORT ?? 8293);
const users = Number(process.env.BENCH_USERS ?? 40);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const loginRate = Number(process.env.BENCH_LOGIN_RATE ?? 40);
const floodRate = Number(process.env.BENCH_FLOOD_RATE ?? 400);
const floodIps = Number(process.env.BENCH_FLOOD_IPS ?? 1);
const healthRate = 50;
const password = 'Bench12345';

let ipSeq = 0;
/** a fresh client address per call: 10.a.b.c */
const nextIp = () => {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

interface Sample {
  ms: number;
  status: number;
}

async function timed(url: string, init: RequestInit): Promise<Sample> {
  const start = performance.now();
  try {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return { ms: performance.now() - start, status: response.status };
  } catch {
    return { ms: performance.now() - start, status: 0 };
  }
}

/** Fires `make()` at `rate` per second for `durationMs`, on schedule whatever the answers take. */
async function paced(rate: number, durationMs: number, make: (i: number) => Promise<Sample>): Promise<Sample[]> {
  const pending: Promise<Sample>[] = [];
  const start = performance.now();
  const total = Math.round((rate * durationMs) / 1000);
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(make(i));
  }
  return Promise.all(pending);
}

function summary(samples: Sample[]) {
  const ok = samples
    .filter((s) => s.status === 200)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const byStatus: Record<string, number> = {};
  for (const s of samples) byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
  return {
    count: samples.length,
    byStatus,
    p50: percentile(ok, 50),
    p95: percentile(ok, 95),
    p99: percentile(ok, 99),
    fiveXx: samples.filter((s) => s.status >= 500 || s.status === 0).length,
  };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

const product = await startProduct(port, { TRUST_PROXY: 'true', NODE_ENV: 'development' });
try {
  const api = `${product.url}/api`;
  const json = (ip: string, body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

  // Registration through the dev mailbox, a few at a time (argon2 is the cost).
  const emails = Array.from({ length: users }, (_, i) => `bench${i}.${Date.now()}@example.com`);
  const registerStart = performance.now();
  for (let i = 0; i < emails.length; i += 8) {
    await Promise.all(
      emails.slice(i, i + 8).map(async (email) => {
        const ip = nextIp();
        const started = await fetch(
          `${api}/auth/register-by-email`,
          json(ip, { email, password, altcha: await solvedCaptcha(product.url) }),
        );
        if (started.status !== 200) throw new Error(`register ${email}: ${started.status}`);
        const { flowToken } = ((await started.json()) as { data: { flowToken: string } }).data;
        const mail = (await (await fetch(`${product.url}/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
          data: { text: string }[];
        };
        const code = /\b(\d{6})\b/.exec(mail.data[0]?.text ?? '')?.[1];
        if (!code) throw new Error(`no code mailed to ${email}`);
        const confirmed = (await (await fetch(`${api}/auth/send-verification-code`, json(ip, { email, code, flowToken }))).json()) as {
          data: { result?: { jwt: string } };
        };
        if (!confirmed.data.result?.jwt) throw new Error(`confirm ${email}: ${JSON.stringify(confirmed)}`);
      }),
    );
  }
  console.log(`registered ${users} players through the dev mailbox in ${((performance.now() - registerStart) / 1000).toFixed(1)} s`);

  // Warm-up, then logins at the target rate, each from its own address.
  await paced(20, 3000, (i) => timed(`${api}/auth/login-by-email`, json(nextIp(), { email: emails[i % users], password })));
  const logins = summary(
    await paced(loginRate, seconds * 1000, (i) =>
      timed(`${api}/auth/login-by-email`, json(nextIp(), { email: emails[i % users], password })),
    ),
  );
  console.log(
    `login at ${loginRate}/s for ${seconds} s: ${logins.count} calls ${JSON.stringify(logins.byStatus)}; ` +
      `p50 ${fmt(logins.p50)}, p95 ${fmt(logins.p95)}, p99 ${fmt(logins.p99)}`,
  );

  // /health alone first: the baseline the flood figure compares with on this machine.
  const quiet = summary(await paced(healthRate, 5000, () => timed(`${product.url}/health`, {})));
  console.log(`/health at ${healthRate}/s, no flood: p50 ${fmt(quiet.p50)}, p95 ${fmt(quiet.p95)}, p99 ${fmt(quiet.p99)}`);

  // Flood login and probe /health alongside.
  const floodAddresses = Array.from({ length: floodIps }, () => nextIp());
  const [flood, health] = await Promise.all([
    paced(floodRate, seconds * 1000, (i) =>
      timed(`${api}/auth/login-by-email`, json(floodAddresses[i % floodIps] ?? '10.255.0.1', { email: emails[i % users], password })),
    ),
    paced(healthRate, seconds * 1000, () => timed(`${product.url}/health`, {})),
  ]);
  const f = summary(flood);
  const h = summary(health);
  console.log(
    `login flood at ${floodRate}/s from ${floodIps} address(es) for ${seconds} s: ${f.count} calls ${JSON.stringify(f.byStatus)}; ` +
      `5xx or failed: ${f.fiveXx}`,
  );
  console.log(
    `/health at ${healthRate}/s during the flood: ${h.count} calls ${JSON.stringify(h.byStatus)}; ` +
      `p50 ${fmt(h.p50)}, p95 ${fmt(h.p95)}, p99 ${fmt(h.p99)}`,
  );
  if (f.fiveXx > 0 || h.fiveXx > 0) {
    console.error('FAIL: 5xx or failed requests under the flood');
    process.exitCode = 1;
  }
} finally {
  await product.stop();
}
