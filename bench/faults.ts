// Faults across two processes: a SIGKILL in the middle of 1,000 payments, then a PostgreSQL
// restart under load.
// 1. Creates a PostgreSQL database, starts two server processes (the compiled server, as
//    `npm start` runs it) on it and on one data folder, behind a round-robin proxy, with the
//    game server's webhook pointing at a local receiver that checks every signature.
// 2. Runs BENCH_PAYMENTS payments (BENCH_CONCURRENCY at once): the game server creates each, the
//    player opens it at YooKassa's sandbox and pays. Halfway, process 2 is killed with SIGKILL;
//    the proxy stops sending to it a second later (as a load balancer's health check would) and
//    it is started again. Clients retry what failed, as browsers and game servers do.
// 3. Waits for the webhooks and prints: payments paid, webhooks per paid payment (each at least
//    once; every delivery of a payment the same event), payments charged twice (0) and lost
//    (acknowledged paid but not paid: 0).
// 4. Refunds BENCH_REFUNDS of the paid payments in full from the staff API (BENCH_CONCURRENCY at
//    once, retried like the payments), killing process 1 with SIGKILL halfway; waits for every
//    refund to end and prints: refunds made at the provider per payment (each exactly 1),
//    refunded twice (0), and payment.refunded events per payment (one event id each).
// 5. Restarts PostgreSQL (pg_ctlcluster) under a status-reading load and prints the seconds to
//    full service, with no restart of ours. Skipped when the cluster cannot be restarted.
// Usage: npm run faults -w bench (it restarts this machine's PostgreSQL: run it alone)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPostgresDatabase } from '../apps/server/test/databases.ts';
import { startRoundRobin } from '../apps/server/test/round-robin.ts';
import { benchAdmin, registerPlayer, root, sleep } from './lib.ts';

const total = Number(process.env.BENCH_PAYMENTS ?? 1000);
const refundsWanted = Number(process.env.BENCH_REFUNDS ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const basePort = Number(process.env.BENCH_PORT ?? 8311);

interface Server {
  url: string;
  child: ChildProcess;
}

async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`faults: the server on ${port} stopped`);
    if ((await fetch(`${url}/health/ready`).catch(() => undefined))?.ok) return { url, child };
    await sleep(100);
  }
  throw new Error(`faults: the server on ${port} did not start`);
}

/** A request retried on network errors and 5xx (the process that had it may be gone), as clients do. */
async function retried(url: string, init: RequestInit = {}, attempts = 20): Promise<Response> {
  for (let i = 1; ; i += 1) {
    try {
      const response = await fetch(url, init);
      if (response.status < 500 || i >= attempts) return response;
      await response.arrayBuffer();
    } catch (error) {
      if (i >= attempts) throw error;
    }
    await sleep(100 * i);
  }
}

// The build `npm start` would make; the bench runs what a deployment runs.
if (spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'ignore' }).status !== 0)
  throw new Error('faults: build failed');
const database = await createPostgresDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-faults-'));
const targets: string[] = [];
const proxy = await startRoundRobin(() => targets);
const env = {
  NODE_ENV: 'test',
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  PUBLIC_URL: proxy.url,
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  ADMIN_EMAIL: benchAdmin.email,
  ADMIN_PASSWORD: benchAdmin.password,
  RATE_LIMIT_MAX: '0',
  AUTH_RATE_LIMIT_MAX: '0',
  ALTCHA_MAX_NUMBER: '2000',
  JOB_POLL_INTERVAL_MS: '200',
  JOB_LEASE_SECONDS: '5',
  WEBHOOK_RETRY_BASE_MS: '500',
};

// The game server's webhook receiver: deliveries per payment, each signature checked.
const deliveries = new Map<string, string[]>();
/** payment.refunded events per payment: their event ids as delivered. */
const refundEvents = new Map<string, string[]>();
let forged = 0;
let secret = '';
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const header = String(req.headers['portal-signature'] ?? '');
    const t = /t=(\d+)/.exec(header)?.[1] ?? '';
    const v1 = /v1=([0-9a-f]+)/.exec(header)?.[1] ?? '';
    if (createHmac('sha256', secret).update(`${t}.${body}`).digest('hex') !== v1) {
      forged += 1;
      res.writeHead(400).end();
      return;
    }
    const event = JSON.parse(body) as { id: string; type: string; data: { paymentId: string; status: string } };
    const headerId = String(req.headers['portal-event-id'] ?? '');
    if (event.type === 'payment.refunded') {
      refundEvents.set(event.data.paymentId, [...(refundEvents.get(event.data.paymentId) ?? []), `${event.id}:${headerId}`]);
      res.writeHead(200).end('ok');
      return;
    }
    deliveries.set(event.data.paymentId, [
      ...(deliveries.get(event.data.paymentId) ?? []),
      `${event.id}:${headerId}:${event.type}:${event.data.status}`,
    ]);
    res.writeHead(200).end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const servers: Server[] = [];
try {
  servers.push(await startServer(basePort, env), await startServer(basePort + 1, env));
  targets.push(servers[0]!.url, servers[1]!.url);
  const staff = (await (
    await fetch(`${proxy.url}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchAdmin),
    })
  ).json()) as { token: string };
  const admin = { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' };
  const key = (
    (await (
      await fetch(`${proxy.url}/api/staff/projects/familytown/api-keys`, {
        method: 'POST',
        headers: { authorization: admin.authorization },
      })
    ).json()) as { key: string }
  ).key;
  const hook = await fetch(`${proxy.url}/api/staff/projects/familytown/webhook`, {
    method: 'PUT',
    headers: admin,
    body: JSON.stringify({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` }),
  });
  secret = ((await hook.json()) as { secret: string }).secret;
  // Registration reads the code from a process's own dev mailbox: straight to process 1.
  const players = await Promise.all(
    [0, 1, 2, 3].map((i) => registerPlayer(servers[0]!.url, `faults-${Date.now().toString(36)}-${i}@players.example`)),
  );

  const acknowledged = new Set<string>();
  const failures: string[] = [];
  let started = 0;
  let killed = false;
  const payOne = async (n: number) => {
    const player = players[n % players.length]!;
    const auth = { authorization: `Bearer ${player.jwt}` };
    const created = await retried(`${proxy.url}/api/v1/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: player.userId, priceId: 'ft-coins-100', idempotencyKey: `faults-${n}` }),
    });
    if (!created.ok) return void failures.push(`create ${created.status}`);
    const { paymentId } = (await created.json()) as { paymentId: string };
    const opened = await retried(`${proxy.url}/api/payments/yookassa/create/${paymentId}`, { headers: auth });
    if (!opened.ok) return void failures.push(`open ${opened.status}`);
    await opened.arrayBuffer();
    const paid = await retried(`${proxy.url}/api/payments/sandbox/${paymentId}/complete`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"outcome":"paid"}',
    });
    const text = await paid.text();
    if (paid.ok && text.includes('"paid"')) acknowledged.add(paymentId);
    else if (paid.status === 409) {
      // A retry of a completion whose answer was lost: the status says what happened.
      const status = await retried(`${proxy.url}/api/v1/payments/${paymentId}`, { headers: { authorization: `Bearer ${key}` } });
      if (((await status.json()) as { status: string }).status === 'paid') acknowledged.add(paymentId);
    } else failures.push(`pay ${paid.status} ${text.slice(0, 80)}`);
  };
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < total) {
        const n = started++;
        if (!killed && n >= total / 2) {
          killed = true;
          void (async () => {
            servers[1]!.child.kill('SIGKILL');
            await sleep(1000);
            targets.splice(1, 1);
            servers[1] = await startServer(basePort + 1, env);
            targets.push(servers[1].url);
          })();
        }
        await payOne(n);
      }
    }),
  );
  const payingSeconds = (Date.now() - t0) / 1000;
  // Every paid payment's webhook, however long the retries take.
  for (let i = 0; i < 600 && [...acknowledged].some((id) => !deliveries.has(id)); i += 1) await sleep(200);

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const paidRows = await client.query<{ id: string }>("select id from payments where status = 'paid'");
  const paidIds = new Set(paidRows.rows.map((row) => row.id));
  const twice = await client.query<{ n: string }>(
    "select count(*) as n from (select payment_id from sandbox_payments where status = 'paid' group by payment_id having count(*) > 1) as charged",
  );
  await client.end();
  const counts = [...paidIds].map((id) => deliveries.get(id)?.length ?? 0);
  const sameEvent = [...paidIds].every((id) => new Set(deliveries.get(id) ?? []).size <= 1);
  console.log(
    `faults: ${total} payments over two processes in ${payingSeconds.toFixed(1)} s, process 2 killed with SIGKILL halfway and restarted`,
  );
  console.log(
    `  payments paid: ${paidIds.size} (acknowledged to the player: ${acknowledged.size}; client-visible failures: ${failures.length}${failures.length ? `, first: ${failures[0]}` : ''})`,
  );
  console.log(
    `  webhooks per paid payment: min ${Math.min(...counts)}, max ${Math.max(...counts)}, total ${counts.reduce((a, b) => a + b, 0)}; every delivery of a payment the same event id: ${sameEvent ? 'yes' : 'no'}; bad signatures: ${forged}`,
  );
  console.log(
    `  charged twice: ${twice.rows[0]?.n ?? '?'}; lost (acknowledged, not paid): ${[...acknowledged].filter((id) => !paidIds.has(id)).length}`,
  );

  // Refunds racing a SIGKILL of process 1: each refunded once at the provider, told once.
  const toRefund = [...acknowledged].filter((id) => paidIds.has(id)).slice(0, refundsWanted);
  const refundFailures: string[] = [];
  let refundStarted = 0;
  let refundKilled = false;
  const r0 = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (refundStarted < toRefund.length) {
        const n = refundStarted++;
        if (!refundKilled && n >= toRefund.length / 2) {
          refundKilled = true;
          void (async () => {
            servers[0]!.child.kill('SIGKILL');
            await sleep(1000);
            targets.splice(0, 1);
            servers[0] = await startServer(basePort, env);
            targets.push(servers[0].url);
          })();
        }
        const answer = await retried(`${proxy.url}/api/staff/money/payments/${toRefund[n]}/refunds`, {
          method: 'POST',
          headers: admin,
          body: JSON.stringify({ amountMinor: 7900, reason: 'faults bench' }),
        });
        // 409: a retry of a refund the first try made (its answer was lost with the process).
        if (answer.status !== 201 && answer.status !== 409)
          refundFailures.push(`refund ${answer.status} ${(await answer.text()).slice(0, 80)}`);
        else await answer.arrayBuffer();
      }
    }),
  );
  const refundingSeconds = (Date.now() - r0) / 1000;
  const refundClient = new pg.Client({ connectionString: database.url });
  await refundClient.connect();
  // A refund whose request died with its process is finished by its job on the other one.
  for (let i = 0; i < 900; i += 1) {
    const open = await refundClient.query<{ n: string }>("select count(*) as n from payment_refunds where status = 'pending'");
    if (Number(open.rows[0]?.n) === 0 && toRefund.every((id) => refundEvents.has(id))) break;
    await sleep(200);
  }
  const atProvider = await refundClient.query<{ payment_id: string; n: string; minor: string }>(
    `select s.payment_id, count(*) as n, sum(r.amount_minor) as minor from sandbox_refunds r
       join sandbox_payments s on s.provider_ref = r.provider_ref where r.status = 'succeeded' group by s.payment_id`,
  );
  const ours = await refundClient.query<{ status: string; n: string }>('select status, count(*) as n from payment_refunds group by status');
  const refundedRows = await refundClient.query<{ n: string }>('select count(*) as n from payments where refunded_minor = amount_minor');
  await refundClient.end();
  const providerCounts = new Map(atProvider.rows.map((row) => [row.payment_id, Number(row.n)]));
  const perPayment = toRefund.map((id) => providerCounts.get(id) ?? 0);
  const eventIds = toRefund.map((id) => new Set((refundEvents.get(id) ?? []).map((entry) => entry.split(':')[0])).size);
  console.log(
    `faults: ${toRefund.length} full refunds over two processes in ${refundingSeconds.toFixed(1)} s, process 1 killed with SIGKILL halfway and restarted`,
  );
  console.log(
    `  refunds at the provider per payment: min ${Math.min(...perPayment)}, max ${Math.max(...perPayment)}; refunded twice: ${perPayment.filter((n) => n > 1).length}; payments fully refunded: ${refundedRows.rows[0]?.n ?? '?'}`,
  );
  console.log(
    `  refunds recorded: ${ours.rows.map((row) => `${row.n} ${row.status}`).join(', ')}; client-visible failures: ${refundFailures.length}${refundFailures.length ? `, first: ${refundFailures[0]}` : ''}`,
  );
  console.log(
    `  payment.refunded event ids per payment: min ${Math.min(...eventIds)}, max ${Math.max(...eventIds)} (deliveries: ${toRefund.reduce((sum, id) => sum + (refundEvents.get(id)?.length ?? 0), 0)})`,
  );

  // PostgreSQL restart under load: seconds from the restart to full service on both processes.
  const cluster = readdirSync('/etc/postgresql', { withFileTypes: true }).find((entry) => entry.isDirectory())?.name;
  const sample = [...paidIds][0]!;
  let stop = false;
  const outcomes: Array<{ at: number; ok: boolean; status: number }> = [];
  const load = Promise.all(
    Array.from({ length: 8 }, async () => {
      while (!stop) {
        const response = await fetch(`${proxy.url}/api/v1/payments/${sample}`, { headers: { authorization: `Bearer ${key}` } }).catch(
          () => undefined,
        );
        outcomes.push({ at: Date.now(), ok: response?.ok === true, status: response?.status ?? 0 });
        await response?.arrayBuffer();
        await sleep(20);
      }
    }),
  );
  await sleep(1000);
  const restartAt = Date.now();
  // Not spawnSync: the load keeps running while PostgreSQL restarts.
  const restarted = cluster
    ? await new Promise<number | null>((resolve) => {
        const child = spawn('pg_ctlcluster', ['--skip-systemctl-redirect', cluster, 'main', 'restart'], { stdio: 'ignore' });
        child.on('error', () => resolve(null));
        child.on('exit', (code) => resolve(code));
      })
    : null;
  if (restarted !== 0) {
    stop = true;
    await load;
    console.log('  PostgreSQL restart: skipped (pg_ctlcluster could not restart the cluster here)');
  } else {
    // Full service: from here on 3 s without a failed request.
    let fullAt = 0;
    for (let i = 0; i < 600 && !fullAt; i += 1) {
      await sleep(100);
      const lastFailure = Math.max(restartAt, ...outcomes.filter((o) => !o.ok).map((o) => o.at));
      if (Date.now() - lastFailure >= 3000 && outcomes.some((o) => o.ok && o.at > lastFailure))
        fullAt = outcomes.find((o) => o.ok && o.at > lastFailure)!.at;
    }
    stop = true;
    await load;
    const failed = new Map<number, number>();
    for (const o of outcomes) if (!o.ok && o.at >= restartAt) failed.set(o.status, (failed.get(o.status) ?? 0) + 1);
    const answers = [...failed].map(([status, count]) => `${count} x ${status === 0 ? 'no answer' : status}`).join(', ') || 'none';
    console.log(
      `  PostgreSQL restart under load: full service ${((fullAt - restartAt) / 1000).toFixed(1)} s after the restart began, no restart of ours (failed meanwhile: ${answers})`,
    );
  }
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
  await proxy.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await sleep(1000);
  await database.drop();
}
