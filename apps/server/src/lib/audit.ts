import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { TAuditEntry, TAuditQuery } from '@portal/contracts/catalog-console';
import type { Db } from '../db/client.ts';
import { staffAccounts, staffAudit } from '../db/schema.ts';

/** A transaction or the database: both write the same rows. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type AuditChange = {
  staffId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
};

/** Adds a line to the staff audit log; written in the transaction of the change it records. */
export async function recordAudit(tx: DbOrTx, change: AuditChange): Promise<void> {
  await tx.insert(staffAudit).values({
    staffId: change.staffId,
    action: change.action,
    targetType: change.targetType,
    targetId: change.targetId,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** The log newest first, a page at a time (`before`: the id of the last line already shown). */
export async function readAudit(db: Db, query: TAuditQuery): Promise<TAuditEntry[]> {
  const where: SQL[] = [];
  if (query.targetType) where.push(eq(staffAudit.targetType, query.targetType));
  if (query.targetId) where.push(eq(staffAudit.targetId, query.targetId));
  if (query.before) where.push(lt(staffAudit.id, query.before));
  const rows = await db
    .select({ entry: staffAudit, email: staffAccounts.email })
    .from(staffAudit)
    .leftJoin(staffAccounts, eq(staffAccounts.id, staffAudit.staffId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(staffAudit.id))
    .limit(query.limit);
  return rows.map(({ entry, email }) => ({
    id: entry.id,
    staffId: entry.staffId,
    staffEmail: email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.at.toISOString(),
  }));
}
