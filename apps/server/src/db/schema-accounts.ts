import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CurrentAuthType, TAuthResult } from '@portal/contracts/auth';

/**
 * Accounts: players, their outside identities, codes, tokens and sign-in states.
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

    language: text('language').notNull().default('en'),
  },
  (table) => [primaryKey({ columns: [table.purpose, table.email] })],
);

/**
 * A registration or recovery in progress, bound to the browser that started it by a secret
 * flow token (its SHA-256 here). The mailed code proves the mailbox, the token proves who
 * started: a second registration of the same address never changes the first one's
 * password, and only the browser that confirmed a recovery code sets the new password. An
 * address may have several flows (the code is shared); a finished one removes them all.
 */
export const codeFlows = pgTable(
  'code_flows',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose').$type<'registration' | 'recovery'>().notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** registration only: the password chosen, hashed */
    passwordHash: text('password_hash'),
    /** recovery only: the code was confirmed in this flow; a new password may be set until then */
    verifiedUntil: at('verified_until'),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    /** the client address that started it: flows are bounded per address as well as per e-mail */
    clientIp: text('client_ip'),
  },
  (table) => [
    index('code_flows_purpose_email_idx').on(table.purpose, table.email),
    index('code_flows_expires_idx').on(table.expiresAt),
    index('code_flows_client_ip_idx').on(table.clientIp, table.expiresAt),
  ],
);

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
    /** the provider refused or failed this sign-in (not a decline): the opener reports its failure code */
    failed: boolean('failed').notNull().default(false),
    /** SHA-256 of the poll secret handed to the window that created the state */
    secretHash: text('secret_hash'),
    /**
     * SHA-256 of the one-time handoff the callback page passes to its opener: the result is
     * handed only to who holds both, so a link started by someone else yields them nothing
     */
    handoffHash: text('handoff_hash'),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('auth_states_expires_idx').on(table.expiresAt)],
);

/**
 * Timestamped events counted over a sliding window, shared by every server process: failed
 * sign-ins per address and account, code mails per address, e-mail and overall. Rows older
 * than the longest window are swept.
 */
/**
 * One-time values of sign-ins, shared by every process: Apple nonces the portal issued
 * (`apple:<sha256 hex>`, spent by the id token that carries one), Telegram widget data already
 * used (`telegram:<sha256 hex of its hash>`) and robot check solutions already used
 * (`captcha:<sha256 hex>`), each kept until it would be refused as expired anyway.
 */
export const signInNonces = pgTable(
  'sign_in_nonces',
  {
    key: text('key').primaryKey(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [index('sign_in_nonces_expires_idx').on(table.expiresAt)],
);

/**
 * The local sign-in stand-in's storage (outside production only): oidc-provider's records
 * (sessions, interactions, codes, grants), the people who typed their name and e-mail, and its
 * signing key and secret, so every process serves one sign-in wherever its requests land.
 */
export const localOidcRecords = pgTable(
  'local_oidc_records',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: at('expires_at'),
    consumedAt: at('consumed_at'),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('local_oidc_records_uid_idx').on(table.uid),
    index('local_oidc_records_grant_idx').on(table.grantId),
    index('local_oidc_records_expires_idx').on(table.expiresAt),
  ],
);

export const rateEvents = pgTable(
  'rate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (table) => [index('rate_events_key_at_idx').on(table.key, table.at), index('rate_events_at_idx').on(table.at)],
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

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    iid: text('iid'),
    uid: text('uid'),
    platformId: text('platform_id').notNull(),
    source: text('source').notNull(),
    locale: text('locale').notNull(),
    project: text('project').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    /** the client address that made it: sessions are capped per address, and expire */
    clientIp: text('client_ip'),
  },
  (table) => [index('sessions_created_idx').on(table.createdAt), index('sessions_client_ip_idx').on(table.clientIp, table.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type EmailCodeRow = typeof emailCodes.$inferSelect;
export type CodeFlowRow = typeof codeFlows.$inferSelect;
export type AuthStateRow = typeof authStates.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
