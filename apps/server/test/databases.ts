import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';

/**
 * The two database backends every data test runs over: an in-memory PGlite,
 * and a throwaway database on a real PostgreSQL (TEST_DATABASE_URL, else the local
 * server at 127.0.0.1:5432 as user postgres). An unreachable PostgreSQL fails the
 * PostgreSQL leg; only SKIP_POSTGRES=1 skips it, and then visibly.
 */

export type TestDatabase = { database: Database; url: string; drop(): Promise<void> };
export type Backend = { name: 'pglite' | 'postgres'; skip: boolean; open(): Promise<TestDatabase> };

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SKIP_POSTGRES = process.env.SKIP_POSTGRES === '1';

const pglite: Backend = {
  name: 'pglite',
  skip: false,
  async open() {
    const database = await openDatabase('memory://');
    return { database, url: 'memory://', drop: () => database.close() };
  },
};

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.href;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL is not reachable at ${new URL(ADMIN_URL).host} (${reason}). ` +
        'Start it, point TEST_DATABASE_URL at one, or set SKIP_POSTGRES=1 to skip the PostgreSQL tests on purpose.',
    );
  }
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Creates `portal_test_<random>`; `drop()` closes the app's pool and removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  return {
    url: withDatabase(ADMIN_URL, name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

const postgres: Backend = {
  name: 'postgres',
  skip: SKIP_POSTGRES,
  async open() {
    const created = await createPostgresDatabase();
    try {
      const database = await openDatabase(created.url);
      return {
        database,
        url: created.url,
        drop: async () => {
          await database.close();
          await created.drop();
        },
      };
    } catch (error) {
      await created.drop();
      throw error;
    }
  },
};

if (SKIP_POSTGRES) {
  console.warn('SKIP_POSTGRES=1: the PostgreSQL leg of the server tests is skipped on purpose.');
}

export const backends: Backend[] = [pglite, postgres];
