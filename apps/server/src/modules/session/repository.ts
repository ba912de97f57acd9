import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, type SessionRow } from '../../db/schema.ts';

export interface NewSession {
  iid: string | null;
  uid: string | null;
  platformId: string;
  source: string;
  locale: string;
  project: string;
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
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
