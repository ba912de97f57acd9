// Capacity: the product as 1, 2 and 4 processes behind a reverse proxy, over PostgreSQL, Redis
// and a local S3, on this machine, under the mixed load of mixed-load.ts.
// 1. Creates a PostgreSQL database (BENCH_DATABASE_URL names one instead; it is then kept),
//    starts a local S3 server (s3rver, in this process) with one bucket, and picks one address
//    for the proxy: every process has it as PUBLIC_URL, as one site behind one proxy.
// 2. For each size of BENCH_SIZES (1,2,4): starts that many processes as `npm start` does, one
//    after the other, all with the same DATABASE_URL, DATA_DIR (the generated keys), REDIS_URL
//    (redis://127.0.0.1:6379/BENCH_REDIS_DB, 7), S3 bucket and TRUST_PROXY=1, then nginx
//    (/usr/sbin/nginx, NGINX_PATH) in front of them: a generated config in a temp folder, one
//    worker, the location block of deploy/nginx.conf over plain http. Without nginx, or with
//    BENCH_PROXY=node, the round-robin proxy of the server tests stands in (and the output says so).
// 3. Makes the world once (an API key, BENCH_PLAYERS players with a ticket each), sends the mix
//    through the proxy for BENCH_WARMUP_SECONDS (3) per process (not counted: every process warms
//    up on as many requests, whatever the size), then for BENCH_SECONDS (15) with
//    BENCH_CONCURRENCY (32) requests in flight. Meanwhile it counts the database's connections
//    (pg_stat_activity, every 250 ms) and the CPU time of the server processes, PostgreSQL, nginx,
//    Redis and this process (the load, the S3 server); at the end it reads each server process's RSS.
// 4. Stops the proxy and the processes; after the last size prints the markdown tables, and
//    removes the database, the bucket's folder and the data folder.
// Rate limits are off, as in mixed-load.ts (RATE_LIMIT_MAX=0): Redis then carries nothing.
// BENCH_RATE_LIMITS=redis turns them on with ceilings no run reaches, so that every request
// counts in Redis as in production; the table then shows what that costs.
// Usage: npm run capacity -w bench
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createPostgresDatabase } from '../apps/server/test/databases.ts';
import { freePort } from '../apps/server/test/ports.ts';
import { startRoundRobin } from '../apps/server/test/round-robin.ts';
import { startTestS3, type TestS3 } from '../apps/server/test/s3-server.ts';
import {
  MIX,
  prepareMixWorld,
  printMix,
  runMix,
  sleep,
  startBenchProduct,
  type MixFigures,
  type MixKind,
  type MixWorld,
  type RunningServer,
} from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
/** Warm-up a process: each process's JIT and caches warm on about as many requests at every size. */
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 8);
const sizes = (process.env.BENCH_SIZES ?? '1,2,4').split(',').map((size) => Number(size.trim()));
const redisUrl = `redis://127.0.0.1:6379/${Number(process.env.BENCH_REDIS_DB ?? 7)}`;
const countInRedis = process.env.BENCH_RATE_LIMITS === 'redis';
const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const useNginx = process.env.BENCH_PROXY !== 'node' && existsSync(nginxPath);
if (!sizes.every((size) => Number.isInteger(size) && size > 0))
  throw new Error(`BENCH_SIZES must list process counts, got ${sizes.join(',')}`);

// ---- processes, read from /proc -------------------------------------------------------------

/** Clock ticks a second of /proc's CPU times. */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Proc {
  pid: number;
  ppid: number;
  name: string;
  /** user + system CPU time so far, in clock ticks */
  ticks: number;
}

function readProc(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (name) state ppid ... utime stime ...": the name may hold spaces and parentheses.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { pid, ppid: Number(fields[1]), name: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // gone meanwhile
  }
}

const allProcesses = (): Proc[] =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProc(Number(entry)))
    .filter((proc): proc is Proc => proc !== undefined);

/** `root` and every process below it. */
function tree(processes: Proc[], root: number): number[] {
  const found = [root];
  for (let i = 0; i < found.length; i += 1) for (const proc of processes) if (proc.ppid === found[i]) found.push(proc.pid);
  return found;
}

/** The busy and total clock ticks of the whole machine so far (/proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = values.map(Number);
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  return { busy: total - idle - iowait, total };
}

const rssMb = (pid: number): number => {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

interface CpuSnapshot {
  ticks: Map<number, number>;
  machine: { busy: number; total: number };
}

const cpuSnapshot = (): CpuSnapshot => ({
  ticks: new Map(allProcesses().map((proc) => [proc.pid, proc.ticks])),
  machine: machineTicks(),
});

/** CPU seconds the processes `pids` used between two snapshots (a process new since `before` counts from 0). */
const cpuSeconds = (before: CpuSnapshot, after: CpuSnapshot, pids: number[]): number =>
  pids.reduce((sum, pid) => sum + (after.ticks.get(pid) ?? 0) - (before.ticks.get(pid) ?? 0), 0) / ticksPerSecond;

// ---- the proxy --------------------------------------------------------------------------------

interface Proxy {
  /** The proxy's own processes (none when it runs in this process). */
  pids(): number[];
  close(): Promise<void>;
}

/** deploy/nginx.conf's upstream and location block, on plain http at 127.0.0.1:`port`, all paths in `dir`. */
function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  const servers = upstreams.map((url) => `    server ${new URL(url).host} max_fails=2 fail_timeout=10s;`).join('\n');
  return `# Generated by bench/capacity.ts: the proxying of deploy/nginx.conf, without TLS.
daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;

events {
  worker_connections 1024;
}

http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  upstream portal {
${servers}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${port};
    client_max_body_size 110m;

    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # $http_host, not deploy's $host: the port is not the scheme's default here.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 120s;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

/** Waits until `url` answers 2xx; fails early when `gone` settles first (the process exited). */
async function waitForAnswer(url: string, timeoutMs: number, gone: Promise<unknown>): Promise<void> {
  let exited = false;
  void gone.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (!exited && Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`capacity: ${url} did not answer${exited ? ' (the proxy exited)' : ` within ${timeoutMs} ms`}`);
}

/** nginx as a child (no daemon, one worker) on `port`, spreading requests over `upstreams`. */
async function startNginx(port: number, upstreams: string[]): Promise<Proxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-nginx-'));
  // Started as root, the worker runs as an unprivileged user: it must reach its temp folders.
  chmodSync(dir, 0o755);
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig(dir, port, upstreams));
  const child = spawn(nginxPath, ['-p', dir, '-c', config, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForAnswer(`http://127.0.0.1:${port}/health`, 15_000, exited);
  } catch (error) {
    const log = existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
    await close();
    throw new Error(`${(error as Error).message}\nnginx error log:\n${log}`);
  }
  return { pids: () => (child.pid && child.exitCode === null ? tree(allProcesses(), child.pid) : []), close };
}

// ---- measuring ---------------------------------------------------------------------------------

/** Counts the connections to database `name` every 250 ms until stopped: the peak, and the peak of those running a query. */
async function countConnections(adminUrl: string, name: string): Promise<() => Promise<{ peak: number; peakActive: number }>> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  let peak = 0;
  let peakActive = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ all: number; active: number }>(
        `select count(*)::int as all, (count(*) filter (where state = 'active'))::int as active from pg_stat_activity where datname = $1`,
        [name],
      );
      peak = Math.max(peak, rows[0]!.all);
      peakActive = Math.max(peakActive, rows[0]!.active);
      await sleep(250);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    await client.end();
    return { peak, peakActive };
  };
}

async function redisCommands(redis: Redis): Promise<number> {
  const info = await redis.info('stats');
  return Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? Number.NaN);
}

interface Row {
  processes: number;
  figures: MixFigures;
  connections: { peak: number; peakActive: number };
  rss: number[];
  /** CPU seconds a second of the run: the server processes together, PostgreSQL, nginx, Redis, this process (the load, the S3 server) */
  cpu: { servers: number; postgres: number; proxy: number; redis: number; bench: number; machine: number };
  /** requests per CPU second of the server processes */
  perCore: number;
  redisPerSecond: number;
}

// ---- the run -----------------------------------------------------------------------------------

const created = process.env.BENCH_DATABASE_URL ? undefined : await createPostgresDatabase();
const databaseUrl = process.env.BENCH_DATABASE_URL ?? created!.url;
const databaseName = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
const adminUrl = new URL(databaseUrl);
adminUrl.pathname = '/postgres';
// One data folder (the generated keys) for every process, as a shared volume would be.
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-capacity-'));
const running: RunningServer[] = [];
let proxy: Proxy | undefined;
let s3: TestS3 | undefined;
let redis: Redis | undefined;
const targets: string[] = [];
const roundRobin = useNginx ? undefined : await startRoundRobin(() => targets);

let cleaned: Promise<void> | undefined;
const cleanUp = () =>
  (cleaned ??= (async () => {
    await proxy?.close().catch(() => undefined);
    await roundRobin?.close();
    for (const server of running.splice(0)) await server.stop();
    await s3?.close().catch(() => undefined);
    if (redis && countInRedis) {
      const keys = await redis.keys('portal-rl:*');
      if (keys.length > 0) await redis.del(...keys);
    }
    redis?.disconnect();
    await created?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`capacity: ${signal}, cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const rows: Row[] = [];
try {
  s3 = await startTestS3('portal-capacity');
  redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const proxyPort = roundRobin ? Number(new URL(roundRobin.url).port) : await freePort();
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: proxyUrl,
    TRUST_PROXY: '1',
    REDIS_URL: redisUrl,
    ...s3.env,
    ALTCHA_MAX_NUMBER: '2000',
    UPLOAD_MIN_FREE_BYTES: '0',
    ...(countInRedis && { RATE_LIMIT_MAX: '1000000000', AUTH_RATE_LIMIT_MAX: '1000000000', GAME_API_RATE_LIMIT_MAX: '1000000000' }),
  };
  const admin = new pg.Client({ connectionString: adminUrl.href });
  await admin.connect();
  const { rows: about } = await admin.query<{ version: string; max: string }>(
    `select current_setting('server_version') as version, current_setting('max_connections') as max`,
  );
  await admin.end();
  const cores = cpus().length;

  console.log(
    `capacity: ${concurrency} requests in flight, ${seconds} s per size after ${warmupSeconds} s of warm-up a process, ${playerCount} players; ` +
      `${cores} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), PostgreSQL ${about[0]!.version} on this machine (max_connections ${about[0]!.max}), ` +
      `Redis ${redisUrl}, S3: s3rver in the bench process`,
  );
  console.log(
    useNginx
      ? `proxy: ${spawnSync(nginxPath, ['-v'], { encoding: 'utf8' }).stderr.trim() || 'nginx'} (${nginxPath}), one worker, keepalive 32 to the processes`
      : `proxy: ${process.env.BENCH_PROXY === 'node' ? 'BENCH_PROXY=node' : `nginx is not installed (${nginxPath})`}: the round-robin proxy of the server tests (apps/server/test/round-robin.ts) stands in, in the bench process`,
  );
  console.log(
    countInRedis
      ? 'rate limits: on, counted in Redis, ceilings out of reach (BENCH_RATE_LIMITS=redis)'
      : 'rate limits: off (RATE_LIMIT_MAX=0, as mixed-load): Redis carries no counters',
  );

  let world: MixWorld | undefined;
  for (const size of sizes) {
    for (let i = 0; i < size; i += 1) running.push(await startBenchProduct(await freePort(), env));
    const upstreams = running.map((server) => server.url);
    if (roundRobin) targets.splice(0, targets.length, ...upstreams);
    else proxy = await startNginx(proxyPort, upstreams);
    // The dev mailbox of registration is one process's own: the world is made on one process, directly.
    world ??= await prepareMixWorld(running[0]!.url, playerCount);

    if (warmupSeconds > 0) {
      const warm = await runMix(proxyUrl, world, warmupSeconds * size, concurrency);
      const failed = [...warm.failed.values()].reduce((sum, count) => sum + count, 0);
      if (failed > 0) console.log(`  (warm-up: ${failed} failed, not counted)`);
    }

    const stopCounting = await countConnections(adminUrl.href, databaseName);
    const commandsBefore = await redisCommands(redis);
    const before = cpuSnapshot();
    const result = await runMix(proxyUrl, world, seconds, concurrency);
    const after = cpuSnapshot();
    const commandsAfter = await redisCommands(redis);
    const connections = await stopCounting();

    const processes = allProcesses();
    // Each launcher (scripts/start.mjs) runs the server as its child: the server is the tree below it.
    const serverTrees = running.map((server) => tree(processes, server.pid!).slice(1));
    const rss = serverTrees.map((pids) => pids.reduce((sum, pid) => sum + rssMb(pid), 0));
    const during = (ticks: number) => ticks / result.elapsed;
    const serverCpu = cpuSeconds(before, after, serverTrees.flat());
    const named = (name: string) => processes.filter((proc) => proc.name === name).map((proc) => proc.pid);
    const cpu = {
      servers: during(serverCpu),
      postgres: during(cpuSeconds(before, after, named('postgres'))),
      proxy: during(cpuSeconds(before, after, proxy?.pids() ?? [])),
      redis: during(cpuSeconds(before, after, named('redis-server'))),
      bench: during(cpuSeconds(before, after, [process.pid])),
      machine: (cores * (after.machine.busy - before.machine.busy)) / (after.machine.total - before.machine.total),
    };

    const label = `${size} process${size > 1 ? 'es' : ''}`;
    const figures = printMix(label, result);
    console.log(
      `  database connections at peak: ${connections.peak} (${connections.peakActive} running a query); ` +
        `RSS: ${rss.map((mb) => `${mb.toFixed(0)} MB`).join(', ')}; Redis: ${((commandsAfter - commandsBefore) / result.elapsed).toFixed(0)} commands/s`,
    );
    console.log(
      `  CPU (cores busy): servers ${cpu.servers.toFixed(2)}, PostgreSQL ${cpu.postgres.toFixed(2)}, ${roundRobin ? 'proxy in the bench process' : `nginx ${cpu.proxy.toFixed(2)}`}, Redis ${cpu.redis.toFixed(2)}, ` +
        `bench process (load${roundRobin ? ', proxy' : ''}, S3) ${cpu.bench.toFixed(2)}; machine ${cpu.machine.toFixed(2)} of ${cores}; ` +
        `${(figures.requests / serverCpu).toFixed(0)} requests per CPU second of the servers`,
    );
    rows.push({
      processes: size,
      figures,
      connections,
      rss,
      cpu,
      perCore: figures.requests / serverCpu,
      redisPerSecond: (commandsAfter - commandsBefore) / result.elapsed,
    });

    await proxy?.close();
    proxy = undefined;
    for (const server of running.splice(0)) await server.stop();
  }

  // ---- the tables ----
  const f = (value: number, digits = 0) => value.toFixed(digits);
  const kinds: MixKind[] = MIX.map(([kind]) => kind);
  const p99Of = (row: Row, kind: MixKind) => row.figures.byKind.find((entry) => entry.kind === kind)!;
  console.log(
    `\n### ${concurrency} in flight, ${seconds} s per size, ${useNginx ? 'nginx' : 'round-robin proxy (no nginx)'}, rate limits ${countInRedis ? 'in Redis' : 'off'}, ${cores} cores\n`,
  );
  console.log(
    `| processes | requests/s | p50 ms | p99 ms | ${kinds.map((kind) => `${kind} p99 ms`).join(' | ')} | errors | DB connections at peak (running) | RSS per process MB |`,
  );
  console.log(`|${' --- |'.repeat(7 + kinds.length)}`);
  for (const row of rows) {
    console.log(
      `| ${row.processes} | ${f(row.figures.throughput)} | ${f(row.figures.p50, 1)} | ${f(row.figures.p99, 1)} | ` +
        `${kinds.map((kind) => f(p99Of(row, kind).p99, 1)).join(' | ')} | ${row.figures.failed} of ${row.figures.requests} | ` +
        `${row.connections.peak} (${row.connections.peakActive}) | ${row.rss.map((mb) => f(mb)).join(', ')} |`,
    );
  }
  console.log(
    `\n| processes | CPU of the servers (cores) | PostgreSQL | ${useNginx ? 'nginx' : 'proxy'} | Redis | bench process (load, S3) | machine busy (of ${cores}) | requests per server CPU second | Redis commands/s |`,
  );
  console.log(`|${' --- |'.repeat(9)}`);
  for (const row of rows) {
    console.log(
      `| ${row.processes} | ${f(row.cpu.servers, 2)} | ${f(row.cpu.postgres, 2)} | ${roundRobin ? 'in the bench' : f(row.cpu.proxy, 2)} | ${f(row.cpu.redis, 2)} | ${f(row.cpu.bench, 2)} | ` +
        `${f(row.cpu.machine, 2)} | ${f(row.perCore)} | ${f(row.redisPerSecond)} |`,
    );
  }

  // ---- the finding: more processes than cores ----
  for (let i = 1; i < rows.length; i += 1) {
    const [previous, row] = [rows[i - 1]!, rows[i]!];
    const gain = row.figures.throughput / previous.figures.throughput - 1;
    if (row.processes > previous.processes && row.processes > cores && gain < 0.1) {
      console.log(
        `\n${row.processes} processes serve ${f(row.figures.throughput)} requests/s against ${f(previous.figures.throughput)} for ${previous.processes} ` +
          `(${gain >= 0 ? '+' : ''}${f(gain * 100)} %): this machine has ${cores} cores and they were ${f((row.cpu.machine / cores) * 100)} % busy, ` +
          `shared by the servers (${f(row.cpu.servers, 2)} cores), PostgreSQL (${f(row.cpu.postgres, 2)}), the proxy and the load generator ` +
          `(${f(row.cpu.proxy + row.cpu.bench, 2)}). More processes than cores add no CPU, only more processes taking turns on the same cores ` +
          `(and more connections and memory); capacity grows with cores: processes on more machines or pods.`,
      );
    }
  }
} finally {
  await cleanUp();
}
