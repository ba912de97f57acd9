import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../../test/app.ts';
import { createPostgresDatabase, SKIP_POSTGRES } from '../../test/databases.ts';
import { openDatabase, type Db } from './client.ts';
import { games, prices, projects } from './schema.ts';
import { seedDemoData } from './seed.ts';

async function counts(db: Db) {
  const [p] = await db.select({ n: count() }).from(projects);
  const [g] = await db.select({ n: count() }).from(games);
  const [r] = await db.select({ n: count() }).from(prices);
  return { projects: p?.n, games: g?.n, prices: r?.n };
}

const SEEDED = { projects: 4, games: 4, prices: 17 };

describe('demo seed', () => {
  it('seeds an embedded database in DATA_DIR once; a second start adds nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-seed-'));
    const first = await buildApp(testConfig({ DATA_DIR: dataDir }));
    await first.close();

    const reopened = await openDatabase(path.join(dataDir, 'pgdata'));
    try {
      expect(await counts(reopened.db)).toEqual(SEEDED);
      expect(await seedDemoData(reopened.db)).toBe(false);
      expect(await counts(reopened.db)).toEqual(SEEDED);
    } finally {
      await reopened.close();
    }
  });

  it.skipIf(SKIP_POSTGRES)('seeds PostgreSQL once even when two processes start together', async () => {
    const created = await createPostgresDatabase();
    try {
      const [a, b] = await Promise.all([openDatabase(created.url), openDatabase(created.url)]);
      try {
        const results = await Promise.all([seedDemoData(a.db), seedDemoData(b.db)]);
        expect(results.sort()).toEqual([false, true]);
        expect(await counts(a.db)).toEqual(SEEDED);
      } finally {
        await a.close();
        await b.close();
      }
      const app = await buildApp(testConfig({ DATABASE_URL: created.url }));
      try {
        expect(await counts(app.database.db)).toEqual(SEEDED);
      } finally {
        await app.close();
      }
    } finally {
      await created.drop();
    }
  });
});
