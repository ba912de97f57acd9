import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, SKIP_POSTGRES } from '../../test/databases.ts';
import { openDatabase } from './client.ts';

describe.skipIf(SKIP_POSTGRES)('PostgreSQL client', () => {
  it('survives the server ending an idle connection and reports it', async () => {
    const created = await createPostgresDatabase();
    const idleErrors: Error[] = [];
    const database = await openDatabase(created.url, { onIdleError: (error) => idleErrors.push(error) });
    try {
      await database.ping();
      // End every connection of this database from outside, as a restart or an operator would.
      const admin = new pg.Client({ connectionString: created.url.replace(/\/[^/]+$/, '/postgres') });
      await admin.connect();
      const name = new URL(created.url).pathname.slice(1);
      // Only client connections: a background worker on this database is not the pool's.
      const ended = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and backend_type = 'client backend'",
        [name],
      );
      await admin.end();
      // Every ended connection was one of the pool's idle ones, and each is reported once the
      // pool has seen it go; until then the pool could still hand it to the next query.
      expect(ended.rowCount).toBeGreaterThan(0);
      await expect.poll(() => idleErrors.length).toBe(ended.rowCount);
      // The pool opens a fresh connection for the next query.
      await expect(database.db.execute(sql`select 1 as one`)).resolves.toBeDefined();
    } finally {
      await database.close();
      await created.drop();
    }
  });
});
