import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createPostgresDatabase, SKIP_POSTGRES } from '../../../test/databases.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { games } from '../../db/schema.ts';

/** Two server processes (two apps, two pools) over one PostgreSQL. */
describe.skipIf(SKIP_POSTGRES)('the catalogue across processes', () => {
  let created: { url: string; drop(): Promise<void> };
  let databases: Database[] = [];
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    created = await createPostgresDatabase();
    databases = [await openDatabase(created.url), await openDatabase(created.url)];
    one = await buildTestApp({}, { database: databases[0]!, jobs: false });
    two = await buildTestApp({}, { database: databases[1]!, seed: false, jobs: false });
  }, 60_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    for (const database of databases) await database.close();
    await created?.drop();
  });

  const titles = async (app: FastifyInstance) =>
    ((await app.inject('/api/control/get-games-data')).json() as { data: Array<{ localization: { en?: { name: string } } }> }).data.map(
      (game) => game.localization.en?.name,
    );

  it('an edit invalidated on one process shows on the other at once, not after the cache lifetime', async () => {
    expect(await titles(two)).toContain('Family Town');
    // The edit (as the staff console will make it) and its invalidation, on process one.
    await databases[0]!.db
      .update(games)
      .set({ localization: sql`jsonb_set(${games.localization}, '{en,name}', '"Family Town Deluxe"')` })
      .where(eq(games.project, 'familytown'));
    one.catalogCache.invalidate();
    await expect.poll(() => titles(two), { timeout: 10_000, interval: 100 }).toContain('Family Town Deluxe');
    expect(await titles(one)).toContain('Family Town Deluxe');
  });
});
