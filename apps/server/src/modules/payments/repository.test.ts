import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { jobs, paymentAttempts, payments } from '../../db/schema.ts';
import { RECONCILE_JOB } from './job-kinds.ts';
import { createPaymentsRepository, type AttemptRecord, type PaymentsRepository } from './repository.ts';

describe.each(backends)('payments repository over $name', (backend) => {
  let testDb: TestDatabase;
  let repository: PaymentsRepository;
  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    repository = createPaymentsRepository(testDb.database.db);
  });
  afterAll(() => testDb?.drop());

  const newPayment = async (): Promise<string> => {
    const id = randomUUID();
    await repository.insert({
      id,
      project: 'repo-test',
      userId: randomUUID(),
      priceId: 'gems',
      titleRu: 'Кристаллы',
      titleEn: 'Gems',
      ruAmountMinor: 9900,
      enAmountMinor: 199,
      amountMinor: 9900,
      currency: 'RUB',
    });
    return id;
  };
  const attempt = (paymentId: string, providerRef: string): AttemptRecord => ({
    paymentId,
    provider: 'yookassa',
    providerRef,
    amountMinor: 9900,
    currency: 'RUB',
    receiptEmail: 'player@example.com',
    reconcileAt: new Date(Date.now() + 60_000),
    now: new Date(),
  });
  const written = async (paymentId: string) => {
    const db = testDb.database.db;
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    const attempts = await db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, paymentId));
    const reconciles = (await db.select().from(jobs).where(eq(jobs.kind, RECONCILE_JOB))).filter(
      (job) => (job.payload as { paymentId?: string }).paymentId === paymentId,
    );
    return { payment, attempts, reconciles };
  };

  it.skipIf(backend.skip)('recordAttempt writes the attempt, the payment and its reconciliation job together', async () => {
    const id = await newPayment();
    const updated = await repository.recordAttempt(attempt(id, 'ref-ok'));
    expect(updated).toMatchObject({ provider: 'yookassa', providerRef: 'ref-ok', receiptEmail: 'player@example.com' });
    const after = await written(id);
    expect(after.attempts.map((row) => row.providerRef)).toEqual(['ref-ok']);
    expect(after.payment?.providerRef).toBe('ref-ok');
    expect(after.reconciles.map((job) => job.payload)).toEqual([{ paymentId: id, providerRef: 'ref-ok' }]);
  });

  it.skipIf(backend.skip)('recordAttempt writes nothing when its last write fails', async () => {
    const id = await newPayment();
    const db = testDb.database.db;
    // The jobs table gone for a moment: the third write fails after the first two succeeded.
    await db.execute(sql`alter table jobs rename to jobs_away`);
    try {
      await expect(repository.recordAttempt(attempt(id, 'ref-lost'))).rejects.toThrow();
    } finally {
      await db.execute(sql`alter table jobs_away rename to jobs`);
    }
    const after = await written(id);
    expect(after.attempts).toEqual([]);
    expect(after.payment).toMatchObject({ provider: null, providerRef: null, receiptEmail: null });
    expect(after.reconciles).toEqual([]);
  });

  it.skipIf(backend.skip)('recordAttempt on a finished payment keeps only the attempt', async () => {
    const id = await newPayment();
    await testDb.database.db.update(payments).set({ status: 'none', finishedAt: new Date() }).where(eq(payments.id, id));
    expect(await repository.recordAttempt(attempt(id, 'ref-late'))).toBeUndefined();
    const after = await written(id);
    expect(after.attempts.map((row) => row.providerRef)).toEqual(['ref-late']);
    expect(after.payment?.providerRef).toBeNull();
    expect(after.reconciles).toEqual([]);
  });
});
