import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { jobs } from '../../db/schema.ts';
import { enqueueJob, exponentialBackoff, JobWorker, pruneFinishedJobs, type JobKind } from './queue.ts';

const log = pino({ level: 'silent' });

describe('exponentialBackoff', () => {
  it('doubles from the base and stops at the cap; the webhook schedule spans more than a day', () => {
    const backoff = exponentialBackoff(10_000, 3_600_000);
    expect([1, 2, 3].map(backoff)).toEqual([10_000, 20_000, 40_000]);
    expect(backoff(30)).toBe(3_600_000);
    let total = 0;
    for (let attempt = 1; attempt < 40; attempt += 1) total += backoff(attempt);
    expect(total).toBeGreaterThan(24 * 3_600_000);
  });
});

describe('JobWorker.register', () => {
  it('adds kinds after the worker is built and refuses a kind registered twice', () => {
    const kind: JobKind = { maxAttempts: 1, backoffMs: () => 0, handler: async () => {} };
    const worker = new JobWorker({ db: {} as never, log, pollIntervalMs: 10, leaseMs: 1000 });
    worker.register({ 'a.one': kind });
    worker.register({ 'b.one': kind });
    expect(() => worker.register({ 'a.one': kind })).toThrow('job kind a.one is registered twice');
  });
});

describe.each(backends)('jobs table over $name', (backend) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
  });
  afterAll(() => testDb?.drop());

  const worker = (kinds: Record<string, JobKind>, leaseMs = 60_000) =>
    new JobWorker({ db: testDb.database.db, log, kinds, pollIntervalMs: 10, leaseMs });

  it.skipIf(backend.skip)('prunes finished jobs past their keeping time, failed ones after 30 days, never open ones', async () => {
    const db = testDb.database.db;
    const day = 86_400_000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    const [oldDone, freshDone, oldFailed, monthFailed, open] = await db
      .insert(jobs)
      .values([
        { kind: 'prune', doneAt: ago(8 * day) },
        { kind: 'prune', doneAt: ago(1 * day) },
        { kind: 'prune', doneAt: ago(8 * day), failedAt: ago(8 * day) },
        { kind: 'prune', doneAt: ago(31 * day), failedAt: ago(31 * day) },
        { kind: 'prune', runAt: ago(40 * day) },
      ])
      .returning({ id: jobs.id });
    expect(await pruneFinishedJobs(db, 7 * day)).toBe(2);
    const left = (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'prune'))).map((row) => row.id).sort();
    expect(left).toEqual([freshDone!.id, oldFailed!.id, open!.id].sort());
    expect(left).not.toContain(oldDone!.id);
    expect(left).not.toContain(monthFailed!.id);
    expect(await pruneFinishedJobs(db, 7 * day)).toBe(0);
  });

  it.skipIf(backend.skip)('runs a due job once, retries a failing one later, and gives up after maxAttempts', async () => {
    const seen: string[] = [];
    let failures = 0;
    const kinds: Record<string, JobKind> = {
      ok: { maxAttempts: 3, backoffMs: () => 0, handler: async (payload) => void seen.push(String(payload.n)) },
      flaky: {
        maxAttempts: 5,
        backoffMs: () => 0,
        handler: async () => {
          failures += 1;
          if (failures < 3) throw new Error('not yet');
        },
      },
      doomed: {
        maxAttempts: 2,
        backoffMs: () => 0,
        handler: async () => {
          throw new Error('never');
        },
      },
    };
    const db = testDb.database.db;
    await enqueueJob(db, 'ok', { n: 1 });
    const flaky = await enqueueJob(db, 'flaky', {});
    const doomed = await enqueueJob(db, 'doomed', {});
    const later = await enqueueJob(db, 'ok', { n: 2 }, { runAt: new Date(Date.now() + 3_600_000) });
    const w = worker(kinds);
    for (let i = 0; i < 5; i += 1) await w.runDue();
    expect(seen).toEqual(['1']);
    const rows = new Map((await db.select().from(jobs)).map((row) => [row.id, row]));
    expect(rows.get(flaky)).toMatchObject({ attempts: 3, failedAt: null });
    expect(rows.get(flaky)?.doneAt).not.toBeNull();
    expect(rows.get(doomed)?.failedAt).not.toBeNull();
    expect(rows.get(doomed)).toMatchObject({ attempts: 2, lastError: 'never' });
    expect(rows.get(later)?.doneAt).toBeNull();
    await db.delete(jobs);
  });

  it.skipIf(backend.skip)('a job claimed by a worker that died is taken again after the lease', async () => {
    const db = testDb.database.db;
    const id = await enqueueJob(db, 'ok', {});
    await db
      .update(jobs)
      .set({ lockedAt: new Date(Date.now() - 5_000), lockedBy: 'dead-worker', attempts: 1 })
      .where(eq(jobs.id, id));
    let runs = 0;
    const kinds = { ok: { maxAttempts: 5, backoffMs: () => 0, handler: async () => void (runs += 1) } };
    expect(await worker(kinds, 60_000).runDue()).toBe(0);
    expect(await worker(kinds, 1_000).runDue()).toBe(1);
    expect(runs).toBe(1);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(row?.attempts).toBe(2);
    expect(row?.doneAt).not.toBeNull();
    await db.delete(jobs);
  });

  it.skipIf(backend.skip)('workers sharing the table never run one job twice (FOR UPDATE SKIP LOCKED)', async () => {
    const db = testDb.database.db;
    await db.insert(jobs).values(Array.from({ length: 60 }, (_, n) => ({ kind: 'count', payload: { n } })));
    const runs: number[] = [];
    const kinds = {
      count: {
        maxAttempts: 1,
        backoffMs: () => 0,
        handler: async (payload: Record<string, unknown>) => {
          runs.push(Number(payload.n));
          await new Promise((r) => setTimeout(r, 2));
        },
      },
    };
    await Promise.all([worker(kinds).runDue(), worker(kinds).runDue(), worker(kinds).runDue()]);
    expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    const result = (await db.execute(sql`select count(*)::int as n from jobs where done_at is null`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    const [left] = result.rows;
    expect(left?.n).toBe(0);
    await db.delete(jobs);
  });
});
