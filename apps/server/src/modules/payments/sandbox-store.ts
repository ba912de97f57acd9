import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxPayments, sandboxRefunds } from '../../db/schema.ts';
import type { SandboxPaymentRecord, SandboxPaymentStore } from '../../integrations/payments/sandbox.ts';

/** The sandbox's payments in a table, so every server process sees the same sandbox. */
export function createTableSandboxStore(db: Db): SandboxPaymentStore {
  const byRef = async (providerRef: string): Promise<SandboxPaymentRecord | undefined> => {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.providerRef, providerRef));
    return row;
  };
  return {
    async insertOrGet(record) {
      await db.insert(sandboxPayments).values(record).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.provider, record.provider), eq(sandboxPayments.idempotencyKey, record.idempotencyKey)));
      if (!row) throw new Error('sandbox payment vanished after insert');
      return row;
    },
    get: byRef,
    async insertRefundOrGet(record, decide) {
      return db.transaction(async (tx) => {
        // The payment's lock: two refunds of one sandbox payment decide one after the other.
        await tx.select().from(sandboxPayments).where(eq(sandboxPayments.providerRef, record.providerRef)).for('update');
        const byKey = () =>
          tx
            .select()
            .from(sandboxRefunds)
            .where(and(eq(sandboxRefunds.provider, record.provider), eq(sandboxRefunds.idempotencyKey, record.idempotencyKey)));
        const [existing] = await byKey();
        if (existing) return existing;
        const earlier = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.providerRef, record.providerRef));
        await tx
          .insert(sandboxRefunds)
          .values({ ...record, ...decide(earlier) })
          .onConflictDoNothing();
        const [row] = await byKey();
        if (!row) throw new Error('sandbox refund vanished after insert');
        return row;
      });
    },
    async refunds(providerRef) {
      return db.select().from(sandboxRefunds).where(eq(sandboxRefunds.providerRef, providerRef)).orderBy(sandboxRefunds.createdAt);
    },
    async transition(providerRef, from, to, at) {
      const moved = await db
        .update(sandboxPayments)
        .set({ status: to, updatedAt: at })
        .where(and(eq(sandboxPayments.providerRef, providerRef), eq(sandboxPayments.status, from)))
        .returning({ ref: sandboxPayments.providerRef });
      return moved.length > 0;
    },
  };
}
