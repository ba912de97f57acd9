import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CurrentAuthType, TAuthResult } from '@portal/contracts/auth';

/**
 * Accounts (issue 3): players, their outside identities, codes, tokens and sign-in states.
 * A user row exists only once a registration code was confirmed or an outside sign-in
 * finished; everything before that lives in `pending_registrations` and `email_codes`.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  nickName: text('nick_name').notNull(),
  /** lowercased; null for players of outside sign-in without an e-mail, and after deletion */
  email: text('email').unique(),
  passwordHash: text('password_hash'),
  name: text('name'),
  lastName: text('last_name'),
  currentAuthType: text('current_auth_type').$type<CurrentAuthType>().notNull(),
  /** tokens issued before this instant are refused (account deletion revokes them all) */
  tokensValidAfter: at('tokens_valid_after'),
  deletedAt: at('deleted_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.providerUserId] }), index('user_identities_user_idx').on(table.userId)],
);

export const passwordHistory = pgTable(
  'password_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('password_history_user_idx').on(table.userId)],
);

/** One live code per purpose and address (CodePolicy state) plus its resend history. */
export const emailCodes = pgTable(
  'email_codes',
  {
    purpose: text('purpose').$type<'registration' | 'recovery'>().notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: at('used_at'),
    /** epoch ms of the mails sent in the last hour (ResendPolicy) */
    sentAt: jsonb('sent_at').$type<number[]>().notNull(),
    /** recovery only: the code was confirmed, a new password may be set until then */
    verifiedUntil: at('verified_until'),
    language: text('language').notNull().default('en'),
  },
  (table) => [primaryKey({ columns: [table.purpose, table.email] })],
);

export const pendingRegistrations = pgTable('pending_registrations', {
  email: text('email').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
});

export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('revoked_tokens_expires_idx').on(table.expiresAt)],
);

/** Outside sign-in: the opener's user-auth-data id, its pending OAuth state and the result. */
export const authStates = pgTable(
  'auth_states',
  {
    id: text('id').primaryKey(),
    session: text('session').notNull().default(''),
    provider: text('provider'),
    /** the one-time OAuth `state` value; cleared when the callback spends it */
    state: text('state').unique(),
    codeVerifier: text('code_verifier'),
    redirectUri: text('redirect_uri'),
    result: jsonb('result').$type<TAuthResult | null>(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('auth_states_expires_idx').on(table.expiresAt)],
);

/** Guest ids merged into a signed-in player; support and payments move guest data later. */
export const anonymousMerges = pgTable(
  'anonymous_merges',
  {
    tempUserId: uuid('temp_user_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tempUserId, table.userId] }), index('anonymous_merges_user_idx').on(table.userId)],
);

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  iid: text('iid'),
  uid: text('uid'),
  platformId: text('platform_id').notNull(),
  source: text('source').notNull(),
  locale: text('locale').notNull(),
  project: text('project').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type EmailCodeRow = typeof emailCodes.$inferSelect;
export type AuthStateRow = typeof authStates.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
