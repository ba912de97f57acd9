import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signInNonces } from '../../db/schema.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** How long an issued Apple nonce waits for its id token. */
export const APPLE_NONCE_TTL_MS = 10 * 60_000;

/**
 * One-time values of token sign-ins, in the database so every process spends each one once.
 * Only hashes are stored: a leaked table row cannot be replayed.
 */
export interface SignInNonces {
  /** A fresh nonce for Sign in with Apple (the page passes it to Apple, Apple puts it in the id token). */
  issueApple(): Promise<string>;
  /**
   * Spends the nonce an Apple id token carries: the nonce as issued (Sign in with Apple JS), or
   * its SHA-256 hex (native apps hand Apple the hash). False when unknown, expired or spent.
   */
  spendApple(tokenNonce: string): Promise<boolean>;
  /** Marks Telegram widget data (by its hash) as used until it expires; false when it was used. */
  spendTelegram(hash: string, expiresAt: Date): Promise<boolean>;
  /**
   * The robot check's replay guard (a SeenStore): marks a solved challenge used until it expires
   * and tells whether it already was, on every process alike.
   */
  seenCaptcha(key: string, expiresAt: number): Promise<boolean>;
}

/** Expired rows are dropped at most this often per process (each insert would be wasteful). */
const SWEEP_EVERY_MS = 60_000;

export function createSignInNonces(db: Db, now: () => number = Date.now): SignInNonces {
  let nextSweep = 0;
  const sweep = async () => {
    if (now() < nextSweep) return;
    nextSweep = now() + SWEEP_EVERY_MS;
    await db.delete(signInNonces).where(lt(signInNonces.expiresAt, new Date(now())));
  };
  /** Inserts a used key; false when it was there (and not expired) already. */
  const firstUse = async (key: string, expiresAt: Date) => {
    await sweep();
    const inserted = await db
      .insert(signInNonces)
      .values({ key, expiresAt, usedAt: new Date(now()) })
      .onConflictDoNothing()
      .returning({ key: signInNonces.key });
    return inserted.length > 0;
  };
  return {
    async issueApple() {
      const nonce = randomBytes(32).toString('base64url');
      await sweep();
      await db.insert(signInNonces).values({ key: `apple:${sha256(nonce)}`, expiresAt: new Date(now() + APPLE_NONCE_TTL_MS) });
      return nonce;
    },

    async spendApple(tokenNonce) {
      for (const key of [`apple:${sha256(tokenNonce)}`, `apple:${tokenNonce.toLowerCase()}`]) {
        const spent = await db
          .update(signInNonces)
          .set({ usedAt: new Date(now()) })
          .where(and(eq(signInNonces.key, key), isNull(signInNonces.usedAt), gt(signInNonces.expiresAt, new Date(now()))))
          .returning({ key: signInNonces.key });
        if (spent.length > 0) return true;
      }
      return false;
    },

    async spendTelegram(hash, expiresAt) {
      return firstUse(`telegram:${sha256(hash.toLowerCase())}`, expiresAt);
    },

    async seenCaptcha(key, expiresAt) {
      return !(await firstUse(`captcha:${sha256(key)}`, new Date(expiresAt)));
    },
  };
}
