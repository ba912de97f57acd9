import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxPayments } from '../../db/schema.ts';
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
