import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, SKIP_POSTGRES } from '../../test/databases.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};
const statementsOf = (tag: string) =>
  readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

/** Runs the migrations before 0011_price_titles, stores a price and a payment the old way, then runs it. */
async function backfill(query: Query) {
  const index = journal.entries.findIndex((entry) => entry.tag === '0011_price_titles');
  expect(index).toBeGreaterThan(0);
  for (const entry of journal.entries.slice(0, index)) for (const statement of statementsOf(entry.tag)) await query(statement);
  await query(`insert into projects (name) values ('starfall')`);
  await query(
    `insert into prices (id, project, ru_title, ru_value, en_title, en_value, logo_name)
     values ('sf-stars', 'starfall', 'Звёзды', 99, 'Stars', 1.99, 'stars.svg')`,
  );
  await query(
    `insert into payments (id, project, user_id, price_id, title_ru, title_en, ru_amount_minor, en_amount_minor, amount_minor, currency)
     values ('7b0c3c52-57a4-4d8e-9a53-4ee0a1d1c6a0', 'starfall', 'player-1', 'sf-stars', 'Звёзды', 'Stars', 9900, 199, 9900, 'RUB')`,
  );
  for (const statement of statementsOf('0011_price_titles')) await query(statement);

  const [price] = await query(`select * from prices where id = 'sf-stars'`);
  expect(price).toMatchObject({ titles: { ru: 'Звёзды', en: 'Stars' }, logo_name: 'stars.svg' });
  expect(price).not.toHaveProperty('ru_title');
  expect(price).not.toHaveProperty('en_title');
  const [payment] = await query(`select title_ru, title_en, titles from payments`);
  expect(payment).toEqual({ title_ru: 'Звёзды', title_en: 'Stars', titles: { ru: 'Звёзды', en: 'Stars' } });
  await query(`insert into prices (id, project, ru_value, en_value, logo_name) values ('sf-new', 'starfall', 1, 1, '')`);
  expect(await query(`select titles from prices where id = 'sf-new'`)).toEqual([{ titles: {} }]);
}

describe('migration 0011_price_titles', () => {
  it('fills the names per language from the Russian and English titles on PGlite', async () => {
    const db = new PGlite();
    try {
      await backfill(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
    } finally {
      await db.close();
    }
  });

  it.skipIf(SKIP_POSTGRES)('fills the names per language from the Russian and English titles on PostgreSQL', async () => {
    const created = await createPostgresDatabase();
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    try {
      await backfill(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    } finally {
      await client.end();
      await created.drop();
    }
  });
});
