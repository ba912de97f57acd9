import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client.ts';
import { localOidcRecords } from '../../db/schema.ts';

/** Expired records go at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

/**
 * oidc-provider's storage over the database (its documented Adapter interface), so the local
 * sign-in stand-in keeps one sign-in across every process: the authorization request on one,
 * the page on another, the code exchanged on a third. Records expire as the provider says.
 */
export function tableOidcAdapter(db: Db, now: () => number = Date.now): AdapterConstructor {
  let nextSweep = 0;
  const sweep = async () => {
    if (now() < nextSweep) return;
    nextSweep = now() + SWEEP_EVERY_MS;
    await db.delete(localOidcRecords).where(lt(localOidcRecords.expiresAt, new Date(now())));
  };
  const alive = () => or(isNull(localOidcRecords.expiresAt), gt(localOidcRecords.expiresAt, new Date(now())));
  const payloadOf = (row: typeof localOidcRecords.$inferSelect | undefined): AdapterPayload | undefined =>
    row
      ? ({ ...row.payload, ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) } as AdapterPayload)
      : undefined;

  return class TableAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      await sweep();
      const values = {
        payload: payload as Record<string, unknown>,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        expiresAt: expiresIn ? new Date(now() + expiresIn * 1000) : null,
      };
      await db
        .insert(localOidcRecords)
        .values({ model: this.model, id, ...values })
        .onConflictDoUpdate({ target: [localOidcRecords.model, localOidcRecords.id], set: values });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(localOidcRecords)
        .where(and(eq(localOidcRecords.model, this.model), eq(localOidcRecords.id, id), alive()));
      return payloadOf(row);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(localOidcRecords)
        .where(and(eq(localOidcRecords.model, this.model), eq(localOidcRecords.userCode, userCode), alive()));
      return payloadOf(row);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(localOidcRecords)
        .where(and(eq(localOidcRecords.model, this.model), eq(localOidcRecords.uid, uid), alive()));
      return payloadOf(row);
    }

    async consume(id: string): Promise<void> {
      await db
        .update(localOidcRecords)
        .set({ consumedAt: new Date(now()) })
        .where(and(eq(localOidcRecords.model, this.model), eq(localOidcRecords.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(localOidcRecords).where(and(eq(localOidcRecords.model, this.model), eq(localOidcRecords.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(localOidcRecords).where(eq(localOidcRecords.grantId, grantId));
    }
  };
}

/** The person who typed a name and an e-mail on the stand-in's page, kept for the sign-in's hour. */
export interface LocalAccountStore {
  get(accountId: string): Promise<{ email: string; name: string } | undefined>;
  set(accountId: string, account: { email: string; name: string }): Promise<void>;
}

export function tableAccountStore(db: Db): LocalAccountStore {
  const Adapter = tableOidcAdapter(db);
  const accounts = new Adapter('LocalAccount');
  return {
    async get(accountId) {
      const found = await accounts.find(accountId);
      return found && typeof found.email === 'string' && typeof found.name === 'string'
        ? { email: found.email, name: found.name }
        : undefined;
    },
    async set(accountId, account) {
      await accounts.upsert(accountId, account as unknown as AdapterPayload, 3600);
    },
  };
}

/**
 * One value for every process: the first process stores it, the others read that one
 * (insert if absent, then read).
 */
async function sharedValue<T extends Record<string, unknown>>(db: Db, id: string, make: () => T): Promise<T> {
  await db.insert(localOidcRecords).values({ model: 'LocalShared', id, payload: make() }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(localOidcRecords)
    .where(and(eq(localOidcRecords.model, 'LocalShared'), eq(localOidcRecords.id, id)));
  if (!row) throw new Error(`local sign-in: the shared ${id} was not stored`);
  return row.payload as T;
}

/**
 * The stand-in's signing key, cookie key and client secrets, the same on every process over one
 * database: an id token signed on one verifies on another, a cookie set by one reads on another.
 */
export async function sharedLocalOidcSecrets(
  db: Db,
): Promise<{ jwks: { keys: JWK[] }; cookieKeys: string[]; clientSecret: (clientId: string) => string }> {
  const { jwk } = await sharedValue(db, 'signing-key', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return { jwk: { ...privateKey.export({ format: 'jwk' }), kid: `local-${randomBytes(8).toString('hex')}`, use: 'sig', alg: 'RS256' } };
  });
  const { secret } = await sharedValue(db, 'secret', () => ({ secret: randomBytes(32).toString('base64url') }));
  const derive = (purpose: string) => createHmac('sha256', String(secret)).update(purpose).digest('base64url');
  return { jwks: { keys: [jwk as JWK] }, cookieKeys: [derive('cookies')], clientSecret: (clientId) => derive(`client:${clientId}`) };
}
