import { count, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { games, prices, projects } from './schema.ts';
import { demoGames, demoProjects } from './seed-data/catalog.ts';
import { demoPrices } from './seed-data/prices.ts';

// Held for the seeding transaction only, so two processes starting together seed once.
const SEED_LOCK_KEY = 7_246_002;

/**
 * Fills an empty database with the demo catalogue. A database that already
 * has projects is left alone: staff edits are never overwritten by a restart.
 * Returns whether it seeded.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [row] = await tx.select({ total: count() }).from(projects);
    if ((row?.total ?? 0) > 0) return false;
    await tx.insert(projects).values(demoProjects);
    await tx.insert(games).values(demoGames);
    await tx.insert(prices).values(demoPrices);
    return true;
  });
}
