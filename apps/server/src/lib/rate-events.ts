import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateEvents } from '../db/schema.ts';

/**
 * Events counted over a sliding window (failed sign-ins, code mails), kept in the database so
 * every server process counts the same ones. A count stops at `cap`: only "at least the
 * limit" ever matters, and a flood must not make one count expensive.
 */
export interface RateEvents {
  count(key: string, windowMs: number, cap?: number): Promise<number>;
  /** One event now for each key (a failure counts for the address and the account). */
  add(...keys: string[]): Promise<void>;
  /** Forgets every event of `key` (a success clears an account's failures). */
  reset(key: string): Promise<void>;
  /** Drops events older than `olderThanMs`. */
  sweep(olderThanMs: number): Promise<void>;
}

const DEFAULT_CAP = 1000;

export function createRateEvents(db: Db, now: () => number = Date.now): RateEvents {
  return {
    async count(key, windowMs, cap = DEFAULT_CAP) {
      const since = new Date(now() - windowMs);
      const bounded = db
        .select({ one: sql`1` })
        .from(rateEvents)
        .where(and(eq(rateEvents.key, key), gt(rateEvents.at, since)))
        .limit(cap)
        .as('bounded');
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bounded);
      return Number(row?.n ?? 0);
    },

    async add(...keys) {
      if (keys.length === 0) return;
      const at = new Date(now());
      await db.insert(rateEvents).values(keys.map((key) => ({ key, at })));
    },

    async reset(key) {
      await db.delete(rateEvents).where(eq(rateEvents.key, key));
    },

    async sweep(olderThanMs) {
      await db.delete(rateEvents).where(lt(rateEvents.at, new Date(now() - olderThanMs)));
    },
  };
}
