import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  AuthMethod,
  AuthType,
  PaymentProvider,
  TGameLocalization,
  TLegalDocs,
  TSeoData,
  TSingleGameSettings,
  TPriceTitles,
  TSocialItem,
  TWebPage,
} from '@portal/contracts/control';
import type { Language } from '@portal/contracts/languages';

/**
 * Portal data. JSON columns keep the shapes of the contracts so a record
 * goes to the wire without reshaping; later issues add their own tables and migrations.
 */

export type ExtraItem = { id: string; value: string | number | boolean };
export type LocalizedTexts = Partial<Record<Language, TGameLocalization>>;
export type PriceTitles = TPriceTitles;
export type LocalizedSeo = Partial<Record<Language, Partial<TSeoData>>>;
export type LocalizedLegalDocs = Partial<Record<Language, TLegalDocs>>;

export const projects = pgTable('projects', {
  name: text('name').primaryKey(),
  authType: text('auth_type').$type<AuthType>().notNull().default('postMessage'),
  authMethods: jsonb('auth_methods')
    .$type<AuthMethod[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  paymentsMethods: jsonb('payments_methods')
    .$type<PaymentProvider[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  extra: jsonb('extra')
    .$type<ExtraItem[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  outOfCatalog: boolean('out_of_catalog').notNull().default(false),
  /** Host names that show this project at /games (the out-of-catalogue single game). */
  hostNames: jsonb('host_names')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  singleGameSettings: jsonb('single_game_settings').$type<TSingleGameSettings | null>(),
  seoData: jsonb('seo_data')
    .$type<LocalizedSeo>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** Addresses of the project's legal documents per language; missing ones fall back to /docs. */
  legalDocs: jsonb('legal_docs')
    .$type<LocalizedLegalDocs>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** bumped by every console edit: a save naming an older version is a conflict */
  version: integer('version').notNull().default(1),
});

export const games = pgTable('games', {
  project: text('project')
    .primaryKey()
    .references(() => projects.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
  webPage: jsonb('web_page').$type<TWebPage | null>(),
  localization: jsonb('localization')
    .$type<LocalizedTexts>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  seoData: jsonb('seo_data')
    .$type<LocalizedSeo>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  socialItems: jsonb('social_items')
    .$type<TSocialItem[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  sortOrder: integer('sort_order').notNull().default(0),
  /** hidden from the catalogue and its page; payments and tickets keep their references */
  archived: boolean('archived').notNull().default(false),
  version: integer('version').notNull().default(1),
  /** exact origins the game's pages run on besides its address's own (a CDN, a second domain) */
  extraOrigins: jsonb('extra_origins')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

export const prices = pgTable(
  'prices',
  {
    id: text('id').primaryKey(),
    project: text('project')
      .notNull()
      .references(() => projects.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** the item's name per language; English is always there and stands in for a missing one */
    titles: jsonb('titles')
      .$type<PriceTitles>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // numeric keeps kopecks and cents exact; the repository converts to numbers for the wire.
    ruValue: numeric('ru_value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    enValue: numeric('en_value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    logoName: text('logo_name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** no longer offered; payments made with it keep the amounts they were created with */
    archived: boolean('archived').notNull().default(false),
    version: integer('version').notNull().default(1),
  },
  (table) => [index('prices_project_idx').on(table.project, table.sortOrder)],
);

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type GameRow = typeof games.$inferSelect;
export type NewGame = typeof games.$inferInsert;
export type PriceRow = typeof prices.$inferSelect;
export type NewPrice = typeof prices.$inferInsert;

// Accounts tables live in their own file.
export * from './schema-accounts.ts';

// Support tables live in their own file.
export * from './schema-support.ts';
export * from './schema-payments.ts';
// Receipts and payment help.
export * from './schema-receipts.ts';
// The staff audit log.
export * from './schema-audit.ts';
