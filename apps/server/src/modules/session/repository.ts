import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, type SessionRow } from '../../db/schema.ts';

export interface NewSession {
  iid: string | null;
  uid: string | null;
  platformId: string;
  source: string;
  locale: string;
  project: string;
  clientIp: string;
}

export function createSessionRepository(db: Db) {
  return {
    async create(input: NewSession): Promise<SessionRow> {
      const [row] = await db
        .insert(sessions)
        .values({ id: randomUUID(), ...input })
        .returning();
      if (!row) throw new Error('insert into sessions returned nothing');
      return row;
    },
    async find(id: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      return row;
    },
    /** Sessions this address made since `since`, counted up to `cap`. */
    async madeBy(clientIp: string, since: Date, cap: number): Promise<number> {
      const recent = db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.clientIp, clientIp), gt(sessions.createdAt, since)))
        .limit(cap)
        .as('recent');
      const [row] = await db.select({ n: count() }).from(recent);
      return Number(row?.n ?? 0);
    },
    /** Drops sessions made before `before` (expired: nobody can sign in to them any more). */
    async sweep(before: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.createdAt, before));
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
