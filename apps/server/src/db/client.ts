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
  /** The connection pool's state (PostgreSQL); PGlite is one connection in the process. */
  poolStats(): { inUse: number; idle: number; waiting: number; max: number };
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
  /**
   * Asked before each PostgreSQL query with its text (placeholders, never values): a handle to
   * end when the query ends (a trace span), or nothing when no one is tracing now.
   */
  traceQuery?: (text: string) => QueryTrace | undefined;
};

export interface QueryTrace {
  end(error?: unknown): void;
}

/** The pool size of each process (see docs/operations.md for connections against max_connections). */
export const POOL_MAX = 10;

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
    poolStats: () => ({ inUse: 0, idle: 1, waiting: 0, max: 1 }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    ...(options.traceQuery && { Client: tracedClient(options.traceQuery) }),
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
    poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
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

type QueryArgs = Parameters<pg.Client['query']>;

/**
 * node-postgres' client with a trace handle around each query: the pool's queries come with a
 * callback, a transaction's with a promise; a submittable (a cursor, say) is left untraced.
 */
function tracedClient(traceQuery: (text: string) => QueryTrace | undefined): typeof pg.Client {
  return class TracedClient extends pg.Client {
    // node-postgres' query has many overloads; the arguments go through as they came.
    override query(...args: unknown[]): never {
      const first = args[0] as string | { text?: unknown; submit?: unknown } | undefined;
      const text = typeof first === 'string' ? first : typeof first?.text === 'string' && !first.submit ? first.text : undefined;
      const handle = text === undefined ? undefined : traceQuery(text);
      const run = (...given: unknown[]) => (super.query as (...a: unknown[]) => unknown)(...given) as never;
      if (!handle) return run(...args);
      const last = args.at(-1);
      if (typeof last === 'function') {
        const callback = last as (error: unknown, result: unknown) => void;
        return run(...args.slice(0, -1), (error: unknown, result: unknown) => {
          handle.end(error ?? undefined);
          callback(error, result);
        });
      }
      const result = run(...(args as QueryArgs)) as unknown;
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).then(
          (value) => {
            handle.end();
            return value;
          },
          (error: unknown) => {
            handle.end(error);
            throw error;
          },
        ) as never;
      }
      handle.end();
      return result as never;
    }
  };
}
