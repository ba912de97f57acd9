import { and, eq, lt } from 'drizzle-orm';
import type { CodePurpose, TAuthResult } from '@portal/contracts/auth';
import type { Db } from '../../db/client.ts';
import { authStates, emailCodes, pendingRegistrations, revokedTokens, type EmailCodeRow } from '../../db/schema.ts';
import type { PendingSignIn } from '../../integrations/sign-in/state.ts';

/** Codes, pending registrations, revoked tokens and outside sign-in states. */
export function createAuthRepository(db: Db) {
  return {
    /** Locks the row for the rest of the transaction, so two guesses cannot both be "the 5th". */
    async codeForUpdate(purpose: CodePurpose, email: string): Promise<EmailCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(emailCodes)
        .where(and(eq(emailCodes.purpose, purpose), eq(emailCodes.email, email)))
        .for('update');
      return row;
    },

    async code(purpose: CodePurpose, email: string): Promise<EmailCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(emailCodes)
        .where(and(eq(emailCodes.purpose, purpose), eq(emailCodes.email, email)));
      return row;
    },

    async saveCode(row: EmailCodeRow): Promise<void> {
      const { purpose: _purpose, email: _email, ...rest } = row;
      await db
        .insert(emailCodes)
        .values(row)
        .onConflictDoUpdate({ target: [emailCodes.purpose, emailCodes.email], set: rest });
    },

    async deleteCode(purpose: CodePurpose, email: string): Promise<void> {
      await db.delete(emailCodes).where(and(eq(emailCodes.purpose, purpose), eq(emailCodes.email, email)));
    },

    async deleteCodesOf(email: string): Promise<void> {
      await db.delete(emailCodes).where(eq(emailCodes.email, email));
      await db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email));
    },

    async savePendingRegistration(email: string, passwordHash: string, expiresAt: Date): Promise<void> {
      await db
        .insert(pendingRegistrations)
        .values({ email, passwordHash, expiresAt })
        .onConflictDoUpdate({ target: pendingRegistrations.email, set: { passwordHash, expiresAt, createdAt: new Date() } });
    },

    async pendingRegistration(email: string) {
      const [row] = await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email));
      return row;
    },

    async deletePendingRegistration(email: string): Promise<void> {
      await db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email));
    },

    async revoke(jti: string, expiresAt: Date): Promise<void> {
      await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
    },

    async isRevoked(jti: string): Promise<boolean> {
      const [row] = await db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti));
      return row !== undefined;
    },

    /** Creates or refreshes the opener's state; a refresh forgets an earlier result. */
    async upsertAuthState(id: string, session: string, expiresAt: Date): Promise<void> {
      await db
        .insert(authStates)
        .values({ id, session, expiresAt })
        .onConflictDoUpdate({
          target: authStates.id,
          set: { session, expiresAt, result: null, state: null, codeVerifier: null, provider: null },
        });
    },

    async savePendingSignIn(state: string, pending: PendingSignIn): Promise<void> {
      const values = {
        session: pending.session,
        provider: pending.provider,
        state,
        codeVerifier: pending.codeVerifier,
        redirectUri: pending.redirectUri,
        result: null,
        expiresAt: new Date(pending.expiresAt),
      };
      await db
        .insert(authStates)
        .values({ id: pending.userAuthDataId, ...values })
        .onConflictDoUpdate({ target: authStates.id, set: values });
    },

    /** One-time: the state is cleared in the same transaction that reads it. */
    async takePendingSignIn(state: string): Promise<PendingSignIn | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(authStates).where(eq(authStates.state, state)).for('update');
        if (!row) return undefined;
        await tx.update(authStates).set({ state: null, codeVerifier: null }).where(eq(authStates.id, row.id));
        return {
          provider: row.provider ?? '',
          userAuthDataId: row.id,
          session: row.session,
          codeVerifier: row.codeVerifier ?? '',
          redirectUri: row.redirectUri ?? '',
          expiresAt: row.expiresAt.getTime(),
        };
      });
    },

    async saveAuthResult(id: string, result: TAuthResult, expiresAt: Date): Promise<void> {
      await db.update(authStates).set({ result, expiresAt }).where(eq(authStates.id, id));
    },

    async authResult(id: string, now: Date): Promise<TAuthResult | null> {
      const [row] = await db
        .select({ result: authStates.result, expiresAt: authStates.expiresAt })
        .from(authStates)
        .where(eq(authStates.id, id));
      if (!row || row.expiresAt <= now) return null;
      return row.result ?? null;
    },

    /** Housekeeping: expired states and revocations of tokens that expired anyway. */
    async sweep(now: Date): Promise<void> {
      await db.delete(authStates).where(lt(authStates.expiresAt, now));
      await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
