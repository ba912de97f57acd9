import { statfs } from 'node:fs/promises';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client), named by Prometheus' conventions: `portal_`
 * first, base units (seconds, bytes), `_total` on counters. Each app has a registry of its own
 * (tests build many apps in one process); the metrics listener serves it.
 *
 * Counters count what happened in this process (requests, deliveries, payments it finished);
 * PromQL sums them over processes. Gauges of shared state (the jobs table, the database) are
 * read when scraped, so every process reports the same queue.
 */

export interface PoolStats {
  inUse: number;
  idle: number;
  waiting: number;
  max: number;
}

/** One line of the jobs table's state per job kind. */
export interface JobKindState {
  kind: string;
  /** due and not taken by a worker (or its lease expired) */
  queued: number;
  /** waiting for their run time (retries after a backoff) */
  scheduled: number;
  /** held by a worker's lease */
  running: number;
  /** gave up and kept for the record */
  failed: number;
  /** how long the oldest due, unclaimed job has waited, in seconds (0 when none) */
  oldestQueuedSeconds: number;
}

/** What the gauges read when scraped; wired by the app once the parts exist. */
export interface MetricsSources {
  pool?: () => PoolStats;
  /** resolves when the database answers `select 1` */
  ping?: () => Promise<void>;
  jobs?: () => Promise<JobKindState[]>;
  openStreams?: () => number;
  /** the folder whose free space the disk watermark alert watches (DATA_DIR) */
  dataDir?: string;
}

/** Buckets for answers of a web service: 5 ms to 10 s. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A game server's answer to a webhook: up to the 10 s delivery timeout. */
const WEBHOOK_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60];

/** A scrape gives up on the database after this: a stuck database must not hang the scraper. */
const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Callers that ask while a call runs share its answer; the next call after it starts afresh. */
function sharedWhileRunning<T>(work: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= work().finally(() => (running = undefined));
    return running;
  };
}

export class Metrics {
  readonly registry = new Registry();
  private sources: MetricsSources = {};

  /** Every answer by method, matched route (never the raw URL) and status; event streams are left out. */
  readonly httpRequestDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, matched route and status code (event streams excluded)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly webhookDeliveries = new Counter({
    name: 'portal_webhook_deliveries_total',
    help: 'Webhook deliveries to game servers by outcome: delivered (2xx), rejected (another status), failed (no answer, or a refused address)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly webhookDeliveryDuration = new Histogram({
    name: 'portal_webhook_delivery_duration_seconds',
    help: 'Time a game server took to answer a webhook delivery, by outcome',
    labelNames: ['outcome'] as const,
    buckets: WEBHOOK_BUCKETS,
    registers: [this.registry],
  });

  readonly paymentsFinished = new Counter({
    name: 'portal_payments_finished_total',
    help: 'Payments that reached a final state in this process, by provider, state (paid, failed, canceled) and mode (live, test)',
    labelNames: ['provider', 'state', 'mode'] as const,
    registers: [this.registry],
  });

  readonly rateLimitRefusals = new Counter({
    name: 'portal_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by matched route',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  readonly signInFailures = new Counter({
    name: 'portal_sign_in_failures_total',
    help: 'Refused sign-ins with a password or a code, by who signed in (player, staff)',
    labelNames: ['who'] as const,
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'portal_job_runs_total',
    help: 'Background job runs in this process by kind and outcome: done, retry (failed, will run again), failed (gave up)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobRunDuration = new Histogram({
    name: 'portal_job_run_duration_seconds',
    help: 'Time one background job run took, by kind',
    labelNames: ['kind'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    const sources = () => this.sources;
    // Series that exist from the start, at 0: `increase()` cannot see a series' first count.
    for (const outcome of ['delivered', 'rejected', 'failed']) this.webhookDeliveries.inc({ outcome }, 0);
    for (const who of ['player', 'staff']) this.signInFailures.inc({ who }, 0);
    // Process CPU, memory, file descriptors, garbage collection and event-loop lag
    // (nodejs_eventloop_lag_p99_seconds ...), under their usual names so stock dashboards work.
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });

    new Gauge({
      name: 'portal_db_up',
      help: 'Whether the database answered a query during this scrape (1) or not (0)',
      registers: [this.registry],
      async collect() {
        const ping = sources().ping;
        if (!ping) return;
        try {
          await withTimeout(ping(), PING_TIMEOUT_MS);
          this.set(1);
        } catch {
          this.set(0);
        }
      },
    });
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'Database connections of this process by state (in_use, idle)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = sources().pool?.();
        if (!stats) return;
        this.set({ state: 'in_use' }, stats.inUse);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'portal_db_pool_waiting',
      help: 'Queries of this process waiting for a free database connection',
      registers: [this.registry],
      collect() {
        const stats = sources().pool?.();
        if (stats) this.set(stats.waiting);
      },
    });
    new Gauge({
      name: 'portal_db_pool_max',
      help: 'The most database connections this process opens',
      registers: [this.registry],
      collect() {
        const stats = sources().pool?.();
        if (stats) this.set(stats.max);
      },
    });
    // One query of the jobs table feeds both job gauges: a scrape collects every metric at once,
    // so the second gauge joins the query the first one started.
    const readJobs = sharedWhileRunning(async () => {
      const read = sources().jobs;
      return read ? withTimeout(read(), PING_TIMEOUT_MS).catch(() => []) : [];
    });
    new Gauge({
      name: 'portal_jobs',
      help: 'Background jobs in the shared jobs table by kind and state (queued, scheduled, running, failed)',
      labelNames: ['kind', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await readJobs()) {
          for (const state of ['queued', 'scheduled', 'running', 'failed'] as const) this.set({ kind: row.kind, state }, row[state]);
        }
      },
    });
    new Gauge({
      name: 'portal_jobs_oldest_queued_age_seconds',
      help: 'How long the oldest due background job of each kind has waited for a worker',
      labelNames: ['kind'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await readJobs()) this.set({ kind: row.kind }, row.oldestQueuedSeconds);
      },
    });
    new Gauge({
      name: 'portal_event_streams_open',
      help: 'Server-Sent Event streams open in this process (support chats, payment popups)',
      registers: [this.registry],
      collect() {
        const open = sources().openStreams;
        if (open) this.set(open());
      },
    });
    // One statfs of DATA_DIR per scrape, for both disk gauges.
    const disk = sharedWhileRunning(async () => {
      const folder = sources().dataDir;
      return folder ? statfs(folder).catch(() => undefined) : undefined;
    });
    new Gauge({
      name: 'portal_data_dir_free_bytes',
      help: 'Free bytes on the volume of DATA_DIR (uploads and receipts without a bucket, the embedded database, keys)',
      registers: [this.registry],
      async collect() {
        const stats = await disk();
        if (stats) this.set(stats.bavail * stats.bsize);
      },
    });
    new Gauge({
      name: 'portal_data_dir_size_bytes',
      help: 'Size in bytes of the volume of DATA_DIR',
      registers: [this.registry],
      async collect() {
        const stats = await disk();
        if (stats) this.set(stats.blocks * stats.bsize);
      },
    });
  }

  /** The job kinds a worker runs: their run counters start at 0. */
  jobKinds(kinds: readonly string[]): void {
    for (const kind of kinds) for (const outcome of ['done', 'retry', 'failed']) this.jobRuns.inc({ kind, outcome }, 0);
  }

  /** Tells the gauges where to read (the app calls it once the database, jobs and streams exist). */
  readFrom(sources: MetricsSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  /** The text Prometheus scrapes. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
