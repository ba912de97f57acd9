import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

/** One Drizzle type for both drivers, so repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** `select 1`; throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Many server processes may start at once over one PostgreSQL: a session-level advisory
// lock (held on one pooled client) lets exactly one of them migrate while the others wait.
const MIGRATION_LOCK_KEY = 7_246_001;

/**
 * Opens the database: `postgres://` and `postgresql://` use node-postgres, `memory://` an
 * in-memory PGlite (tests), anything else is a directory for an embedded PGlite.
 */
export type OpenOptions = {
  /** Told when an idle PostgreSQL connection fails (see openPostgres); PGlite has none. */
  onIdleError?: (error: Error) => void;
};

export async function openDatabase(url: string, options: OpenOptions = {}): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options);
  return openPglite(url);
}

async function openPglite(location: string): Promise<Database> {
  if (location !== 'memory://') await mkdir(location, { recursive: true });
  const client = new PGlite(location === 'memory://' ? undefined : location);
  const db = drizzlePglite(client, { schema });
  // PGlite is single-connection and in-process: no lock needed.
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A database that is away fails a request in seconds (503), never hangs it; a query the
    // server stops answering is given up too.
    connectionTimeoutMillis: 5_000,
    query_timeout: 30_000,
  });
  // An idle pooled connection that the server ends (restart, failover, an administrator's
  // terminate) makes the pool emit 'error'; unhandled, that would crash the process. The
  // pool has already dropped that client and the next query opens a fresh one; queries in
  // flight still reject to their callers.
  pool.on('error', (error) => options.onIdleError?.(error));
  const db = drizzlePg(pool, { schema });
  try {
    await withAdvisoryLock(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }));
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function withAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
