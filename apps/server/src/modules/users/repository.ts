import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CurrentAuthType } from '@portal/contracts/auth';
import type { Db } from '../../db/client.ts';
import { anonymousMerges, passwordHistory, userIdentities, users, type UserRow } from '../../db/schema.ts';

// Crockford's alphabet without the look-alikes (I, L, O, U): "Player-7Q4K" reads aloud cleanly.
const NICK_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A nickname for a new player: "Player-" and four random characters. */
export function generateNickName(): string {
  let suffix = '';
  for (let i = 0; i < 4; i++) suffix += NICK_ALPHABET[randomInt(NICK_ALPHABET.length)];
  return `Player-${suffix}`;
}

export interface NewUserInput {
  email: string | null;
  passwordHash: string | null;
  currentAuthType: CurrentAuthType;
}

/** Player rows, outside identities, password history and guest merges. */
export function createUsersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async create(input: NewUserInput): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({ id: randomUUID(), nickName: generateNickName(), ...input })
        .returning();
      if (!row) throw new Error('insert into users returned nothing');
      return row;
    },

    async setAuthType(id: string, currentAuthType: CurrentAuthType): Promise<void> {
      await db.update(users).set({ currentAuthType }).where(eq(users.id, id));
    },

    async setPasswordHash(id: string, passwordHash: string, revokeTokensFrom?: Date): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, ...(revokeTokensFrom ? { tokensValidAfter: revokeTokensFrom } : {}) })
        .where(eq(users.id, id));
    },

    async addPasswordHistory(userId: string, passwordHash: string): Promise<void> {
      await db.insert(passwordHistory).values({ userId, passwordHash });
    },

    /** newest first, at most `limit` */
    async passwordHistory(userId: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ hash: passwordHistory.passwordHash })
        .from(passwordHistory)
        .where(eq(passwordHistory.userId, userId))
        .orderBy(desc(passwordHistory.id))
        .limit(limit);
      return rows.map((r) => r.hash);
    },

    async updateNames(id: string, name: string, lastName: string): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ name, lastName }).where(eq(users.id, id)).returning();
      return row;
    },

    async findByIdentity(provider: string, providerUserId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.userId))
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.providerUserId, providerUserId)))
        .limit(1);
      return row?.user;
    },

    async addIdentity(userId: string, provider: string, providerUserId: string): Promise<void> {
      await db.insert(userIdentities).values({ userId, provider, providerUserId }).onConflictDoNothing();
    },

    async recordMerge(tempUserId: string, userId: string): Promise<void> {
      await db.insert(anonymousMerges).values({ tempUserId, userId }).onConflictDoNothing();
    },

    async merges(userId: string): Promise<string[]> {
      const rows = await db.select({ id: anonymousMerges.tempUserId }).from(anonymousMerges).where(eq(anonymousMerges.userId, userId));
      return rows.map((r) => r.id);
    },

    /**
     * Removes the player's personal data; the row (id) stays so payments and tickets keep
     * their owner. Every token issued before now stops working.
     */
    async erase(id: string, now: Date): Promise<void> {
      await db.delete(userIdentities).where(eq(userIdentities.userId, id));
      await db.delete(passwordHistory).where(eq(passwordHistory.userId, id));
      await db
        .update(users)
        .set({
          email: null,
          passwordHash: null,
          name: null,
          lastName: null,
          nickName: sql`'Deleted-' || substr(${users.id}::text, 1, 8)`,
          deletedAt: now,
          tokensValidAfter: now,
        })
        .where(eq(users.id, id));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
