import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import type { CodePurpose, TAuthResult } from '@portal/contracts/auth';
import type { Db } from '../../db/client.ts';
import { authStates, codeFlows, emailCodes, revokedTokens, type CodeFlowRow, type EmailCodeRow } from '../../db/schema.ts';
import type { PendingSignIn } from '../../integrations/sign-in/state.ts';

/** Equal hex hashes, compared in constant time. */
function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** Codes, registration and recovery flows, revoked tokens and outside sign-in states. */
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
      await db.delete(codeFlows).where(eq(codeFlows.email, email));
    },

    /**
     * Starts a flow unless the e-mail or the client address already has its share of live ones:
     * then it answers how many seconds until the oldest of them ends, and starts nothing. A new
     * flow never ends another one (whoever started it).
     */
    async createBoundedFlow(
      flow: Omit<CodeFlowRow, 'createdAt' | 'verifiedUntil'>,
      now: Date,
      bounds: { perEmail: number; perClient: number },
    ): Promise<{ started: true } | { started: false; retryAfterSeconds: number }> {
      const oldestOver = async (where: SQL | undefined, bound: number): Promise<Date | null> => {
        const live = await db
          .select({ expiresAt: codeFlows.expiresAt })
          .from(codeFlows)
          .where(and(where, gt(codeFlows.expiresAt, now)))
          .orderBy(asc(codeFlows.expiresAt))
          .limit(bound);
        return live.length >= bound ? live[0]!.expiresAt : null;
      };
      const full =
        (await oldestOver(and(eq(codeFlows.purpose, flow.purpose), eq(codeFlows.email, flow.email)), bounds.perEmail)) ??
        (flow.clientIp ? await oldestOver(eq(codeFlows.clientIp, flow.clientIp), bounds.perClient) : null);
      if (full) return { started: false, retryAfterSeconds: Math.max(1, Math.ceil((full.getTime() - now.getTime()) / 1000)) };
      await db.insert(codeFlows).values(flow);
      return { started: true };
    },

    async deleteFlow(id: string): Promise<void> {
      await db.delete(codeFlows).where(eq(codeFlows.id, id));
    },

    /** The live flow of this token for this purpose and address. */
    async flow(purpose: CodePurpose, email: string, tokenHash: string, now: Date): Promise<CodeFlowRow | undefined> {
      const [row] = await db
        .select()
        .from(codeFlows)
        .where(
          and(eq(codeFlows.tokenHash, tokenHash), eq(codeFlows.purpose, purpose), eq(codeFlows.email, email), gt(codeFlows.expiresAt, now)),
        );
      return row;
    },

    async verifyFlow(id: string, until: Date): Promise<void> {
      await db.update(codeFlows).set({ verifiedUntil: until }).where(eq(codeFlows.id, id));
    },

    /** Spends a verified recovery flow: true for exactly one caller while it is verified. */
    async takeVerifiedFlow(id: string, now: Date): Promise<boolean> {
      const taken = await db
        .delete(codeFlows)
        .where(and(eq(codeFlows.id, id), gt(codeFlows.verifiedUntil, now)))
        .returning({ id: codeFlows.id });
      return taken.length > 0;
    },

    /** A finished registration or recovery ends every flow of its address. */
    async deleteFlows(purpose: CodePurpose, email: string): Promise<void> {
      await db.delete(codeFlows).where(and(eq(codeFlows.purpose, purpose), eq(codeFlows.email, email)));
    },

    async revoke(jti: string, expiresAt: Date): Promise<void> {
      await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
    },

    async isRevoked(jti: string): Promise<boolean> {
      const [row] = await db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti));
      return row !== undefined;
    },

    /**
     * Creates the opener's state, or refreshes a live one for whoever holds its secret (a
     * refresh forgets an earlier result). A live state of another window is 'taken'.
     */
    async startAuthState(id: string, session: string, secretHash: string, expiresAt: Date, now: Date): Promise<'started' | 'taken'> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(authStates).where(eq(authStates.id, id)).for('update');
        if (row && row.expiresAt > now && row.secretHash !== secretHash) return 'taken' as const;
        const values = {
          session,
          secretHash,
          expiresAt,
          result: null,
          failed: false,
          handoffHash: null,
          state: null,
          codeVerifier: null,
          provider: null,
        };
        await tx
          .insert(authStates)
          .values({ id, ...values })
          .onConflictDoUpdate({ target: authStates.id, set: values });
        return 'started' as const;
      });
    },

    /**
     * Attaches an OAuth state to a live opener's state made by set-user-auth-state (same
     * session, no result yet); false when there is none: a link cannot name a state of its own.
     */
    async savePendingSignIn(state: string, pending: PendingSignIn, now: Date): Promise<boolean> {
      const values = {
        provider: pending.provider,
        state,
        codeVerifier: pending.codeVerifier,
        redirectUri: pending.redirectUri,
      };
      const saved = await db
        .update(authStates)
        .set(values)
        .where(
          and(
            eq(authStates.id, pending.userAuthDataId),
            eq(authStates.session, pending.session),
            gt(authStates.expiresAt, now),
            isNull(authStates.result),
            isNotNull(authStates.secretHash),
          ),
        )
        .returning({ id: authStates.id });
      return saved.length > 0;
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

    async saveAuthResult(id: string, result: TAuthResult, handoffHash: string, expiresAt: Date): Promise<void> {
      await db.update(authStates).set({ result, handoffHash, expiresAt }).where(eq(authStates.id, id));
    },

    /** Marks a state whose sign-in the provider refused or failed. */
    async failAuthState(id: string): Promise<void> {
      await db
        .update(authStates)
        .set({ failed: true })
        .where(and(eq(authStates.id, id), isNull(authStates.result)));
    },

    /**
     * The result of a state for the holder of its secret: 'unknown' (no such live state, or
     * not this secret), 'pending', 'failed' (told once: the state is deleted), 'waiting'
     * (finished, but not with this handoff), or the result itself, handed once: the state is
     * deleted as it is read.
     */
    async claimAuthResult(
      id: string,
      secretHash: string,
      handoffHash: string | undefined,
      now: Date,
    ): Promise<'unknown' | 'pending' | 'failed' | 'waiting' | { result: TAuthResult }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(authStates).where(eq(authStates.id, id)).for('update');
        if (!row || row.expiresAt <= now || !row.secretHash || !sameHash(row.secretHash, secretHash)) return 'unknown' as const;
        if (!row.result && row.failed) {
          await tx.delete(authStates).where(eq(authStates.id, id));
          return 'failed' as const;
        }
        if (!row.result) return 'pending' as const;
        if (!handoffHash || !row.handoffHash || !sameHash(row.handoffHash, handoffHash)) return 'waiting' as const;
        await tx.delete(authStates).where(eq(authStates.id, id));
        return { result: row.result };
      });
    },

    /** Housekeeping: expired states and flows, and revocations of tokens that expired anyway. */
    async sweep(now: Date): Promise<void> {
      await db.delete(authStates).where(lt(authStates.expiresAt, now));
      await db.delete(codeFlows).where(lt(codeFlows.expiresAt, now));
      await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
