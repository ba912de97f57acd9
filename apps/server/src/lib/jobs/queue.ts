import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import type { JobKindState, Metrics } from '../telemetry/metrics.ts';
import { currentTraceParent, failSpan, scope, type Tracing } from '../telemetry/tracing.ts';

/**
 * The jobs table: work is claimed with `FOR UPDATE SKIP LOCKED`, the pattern of
 * pg-boss and graphile-worker, so any number of processes (or one PGlite) share it. A claimed
 * job holds a lease; a worker that dies mid-job leaves the lease to expire, and the job runs
 * again. Handlers must therefore be safe to run twice.
 */

/** Something `db` or a transaction of it: both run Drizzle queries. */
type Executor = Pick<Db, 'insert' | 'execute'>;

export interface EnqueueOptions {
  /** Not before this instant (default now). */
  runAt?: Date;
}

export async function enqueueJob(
  db: Executor,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({ kind, payload, runAt: options.runAt ?? new Date(), traceParent: currentTraceParent() })
    .returning({ id: jobs.id });
  return (row as { id: number }).id;
}

export interface JobContext {
  id: number;
  /** 1 on the first run */
  attempt: number;
  log: FastifyBaseLogger;
}

/**
 * A failure no retry can mend (a refused target, say): thrown by a handler, the job is marked
 * failed at once with its message as last_error, whatever attempts are left.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobKind {
  handler: (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
  /** Runs before giving up (the job is then marked failed). */
  maxAttempts: number;
  /** Delay before the next attempt after `attempt` failed. */
  backoffMs: (attempt: number) => number;
}

/** 10 s, 20 s, 40 s ... capped at `capMs`: exponential backoff. */
export function exponentialBackoff(baseMs: number, capMs: number): (attempt: number) => number {
  return (attempt) => Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** A worker's poll interval and lease as the app config sets them (JOB_POLL_INTERVAL_MS, JOB_LEASE_SECONDS). */
export const jobTimings = (
  config: Pick<AppConfig, 'JOB_POLL_INTERVAL_MS' | 'JOB_LEASE_SECONDS' | 'JOB_KEEP_DAYS'>,
): Pick<JobWorkerOptions, 'pollIntervalMs' | 'leaseMs' | 'keepDoneMs'> => ({
  pollIntervalMs: config.JOB_POLL_INTERVAL_MS,
  leaseMs: config.JOB_LEASE_SECONDS * 1000,
  keepDoneMs: config.JOB_KEEP_DAYS * DAY_MS,
});

const DAY_MS = 86_400_000;
/** Failed jobs are the record of what never happened (a webhook never delivered): kept longer. */
const KEEP_FAILED_MS = 30 * DAY_MS;
/** Pruning runs at most this often per worker. */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Deletes jobs finished longer ago than `keepDoneMs` (failed ones: 30 days, or `keepDoneMs` if
 * longer). Answers how many went. Any process may run it; deleting twice deletes nothing.
 */
export async function pruneFinishedJobs(db: Pick<Db, 'execute'>, keepDoneMs: number): Promise<number> {
  const doneSeconds = keepDoneMs / 1000;
  const failedSeconds = Math.max(keepDoneMs, KEEP_FAILED_MS) / 1000;
  const result = await db.execute(sql`
    delete from jobs
    where done_at is not null
      and ((failed_at is null and done_at < now() - make_interval(secs => ${doneSeconds}))
        or (failed_at is not null and done_at < now() - make_interval(secs => ${failedSeconds})))`);
  // PGlite answers affectedRows, node-postgres rowCount.
  const outcome = result as unknown as { affectedRows?: number; rowCount?: number | null };
  return Number(outcome.affectedRows ?? outcome.rowCount ?? 0);
}

export interface JobWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** The kinds it runs from the start; `register` adds more before it starts. */
  kinds?: Record<string, JobKind>;
  pollIntervalMs: number;
  /** A claim older than this is taken to belong to a dead worker. */
  leaseMs: number;
  /** Jobs claimed per poll. */
  batchSize?: number;
  /** Finished jobs older than this are deleted, once an hour (unset: kept). */
  keepDoneMs?: number;
  /** Each run counted and timed, and traced as a span of its own trace. */
  telemetry?: { metrics: Metrics; tracing: Tracing };
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  traceParent: string | null;
}

export class JobWorker {
  readonly id = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** set by stop(): no further claims, even by a runDue() in progress */
  private closing = false;
  private nextPrune = 0;

  private readonly kinds: Record<string, JobKind>;

  constructor(private readonly options: JobWorkerOptions) {
    this.kinds = { ...options.kinds };
    options.telemetry?.metrics.jobKinds(Object.keys(this.kinds));
  }

  /** Adds the job kinds of a module; a kind registered twice is a wiring mistake. */
  register(kinds: Record<string, JobKind>): void {
    for (const [name, kind] of Object.entries(kinds)) {
      if (name in this.kinds) throw new Error(`job kind ${name} is registered twice`);
      this.kinds[name] = kind;
    }
    this.options.telemetry?.metrics.jobKinds(Object.keys(kinds));
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.closing = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the jobs in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs every due job once now (tests, and a nudge after enqueueing). Answers how many ran. */
  async runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return total;
      total += claimed.length;
      await Promise.all(claimed.map((job) => this.run(job)));
    }
  }

  /** Asks for a poll soon (after an enqueue) without waiting for the interval. */
  nudge(): void {
    if (this.stopped || this.running) return;
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    // A nudge comes from inside a request: the poll is not part of it (nor of its log lines).
    this.timer = scope.exit(() =>
      setTimeout(() => {
        this.running = this.runDue()
          .then(() => this.pruneNow())
          .catch((error: unknown) => this.options.log.warn({ err: error }, 'job poll failed'))
          .finally(() => {
            this.running = undefined;
            if (!this.stopped) this.schedule(this.options.pollIntervalMs);
          });
      }, delay),
    );
    this.timer.unref();
  }

  /** The hourly prune of finished jobs (a failed prune only waits for the next hour). */
  private async pruneNow(): Promise<void> {
    const { keepDoneMs } = this.options;
    if (keepDoneMs === undefined || keepDoneMs <= 0 || Date.now() < this.nextPrune) return;
    this.nextPrune = Date.now() + PRUNE_EVERY_MS;
    const pruned = await pruneFinishedJobs(this.options.db, keepDoneMs);
    if (pruned > 0) this.options.log.info({ pruned }, 'finished jobs pruned');
  }

  private async claim(): Promise<ClaimedJob[]> {
    const { db, leaseMs, batchSize = 10 } = this.options;
    const kinds = Object.keys(this.kinds);
    if (kinds.length === 0 || this.closing) return [];
    const leaseSeconds = leaseMs / 1000;
    const result = await db.execute(sql`
      update jobs set locked_at = now(), locked_by = ${this.id}, attempts = attempts + 1
      where id in (
        select id from jobs
        where done_at is null and run_at <= now()
          and kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
          and (locked_at is null or locked_at < now() - make_interval(secs => ${leaseSeconds}))
        order by run_at
        limit ${batchSize}
        for update skip locked
      )
      returning id, kind, payload, attempts, trace_parent`);
    type Row = { id: number | string; kind: string; payload: unknown; attempts: number; trace_parent: string | null };
    return (result as unknown as { rows: Row[] }).rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
      attempts: Number(row.attempts),
      traceParent: row.trace_parent ?? null,
    }));
  }

  /** One run in a scope of its own: its log lines carry the job id, its spans hang from the job's. */
  private run(job: ClaimedJob): Promise<void> {
    const { telemetry } = this.options;
    const started = performance.now();
    const counted = (outcome: 'done' | 'retry' | 'failed') => {
      telemetry?.metrics.jobRuns.inc({ kind: job.kind, outcome });
      telemetry?.metrics.jobRunDuration.observe({ kind: job.kind }, (performance.now() - started) / 1000);
    };
    return scope.run({ jobId: job.id }, () =>
      telemetry
        ? telemetry.tracing.inSpan(
            `job ${job.kind}`,
            {
              attributes: { 'portal.job.id': job.id, 'portal.job.kind': job.kind, 'portal.job.attempt': job.attempts },
              // The request that enqueued it: its trace goes on into the job (a paid payment's webhook).
              ...(job.traceParent && { parent: telemetry.tracing.extract({ traceparent: job.traceParent }) }),
            },
            () => this.runInScope(job, counted),
          )
        : this.runInScope(job, counted),
    );
  }

  private async runInScope(job: ClaimedJob, counted: (outcome: 'done' | 'retry' | 'failed') => void): Promise<void> {
    const { db, log } = this.options;
    const kind = this.kinds[job.kind];
    if (!kind) return;
    try {
      await kind.handler(job.payload, { id: job.id, attempt: job.attempts, log });
      await db.execute(
        sql`update jobs set done_at = now(), locked_at = null, last_error = null where id = ${job.id} and locked_by = ${this.id}`,
      );
      counted('done');
    } catch (error) {
      failSpan(scope.getStore()?.span, error);
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentJobError;
      if (permanent || job.attempts >= kind.maxAttempts) {
        log.error(
          { jobId: job.id, kind: job.kind, attempts: job.attempts, err: error },
          permanent ? 'job failed for good (no retry can help)' : 'job gave up',
        );
        counted('failed');
        await db.execute(sql`
          update jobs set done_at = now(), failed_at = now(), locked_at = null, last_error = ${message}
          where id = ${job.id} and locked_by = ${this.id}`);
        return;
      }
      counted('retry');
      const delaySeconds = kind.backoffMs(job.attempts) / 1000;
      log.info({ jobId: job.id, kind: job.kind, attempt: job.attempts, delaySeconds, reason: message }, 'job will retry');
      await db.execute(sql`
        update jobs set locked_at = null, last_error = ${message}, run_at = now() + make_interval(secs => ${delaySeconds})
        where id = ${job.id} and locked_by = ${this.id}`);
    }
  }
}

/**
 * The jobs table per kind, for the metrics: due jobs no worker holds, jobs waiting for a retry,
 * jobs held under a live lease, failed jobs kept, and the wait of the oldest due one. Reads the
 * unfinished jobs (the partial index) and the kept failed ones, never the finished history.
 */
export async function jobStates(db: Pick<Db, 'execute'>, leaseMs: number): Promise<JobKindState[]> {
  const leaseSeconds = leaseMs / 1000;
  const result = await db.execute(sql`
    with open as (
      select kind, run_at, locked_at is not null and locked_at >= now() - make_interval(secs => ${leaseSeconds}) as held
      from jobs where done_at is null
    ), states as (
      select kind,
        count(*) filter (where not held and run_at <= now()) as queued,
        count(*) filter (where not held and run_at > now()) as scheduled,
        count(*) filter (where held) as running,
        0 as failed,
        coalesce(extract(epoch from now() - min(run_at) filter (where not held and run_at <= now())), 0) as oldest
      from open group by kind
      union all
      select kind, 0, 0, 0, count(*), 0 from jobs where failed_at is not null group by kind
    )
    select kind, sum(queued) as queued, sum(scheduled) as scheduled, sum(running) as running, sum(failed) as failed, max(oldest) as oldest
    from states group by kind order by kind`);
  const rows = (result as unknown as { rows: Array<Record<string, string | number | null>> }).rows;
  return rows.map((row) => ({
    kind: String(row.kind),
    queued: Number(row.queued ?? 0),
    scheduled: Number(row.scheduled ?? 0),
    running: Number(row.running ?? 0),
    failed: Number(row.failed ?? 0),
    oldestQueuedSeconds: Math.max(0, Number(row.oldest ?? 0)),
  }));
}
