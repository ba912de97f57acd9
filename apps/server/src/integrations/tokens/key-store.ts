import { createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, randomUUID, type KeyObject, type webcrypto } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, type JSONWebKeySet, type JWK } from 'jose';

export type SigningAlg = 'EdDSA' | 'ES256';

export interface PublicKeyEntry {
  readonly kid: string;
  readonly alg: SigningAlg;
  readonly publicKey: KeyObject;
  /** public JWK with kid, alg and use, as published in the JWKS */
  readonly jwk: JWK;
}

export interface SigningKey extends PublicKeyEntry {
  readonly privateKey: KeyObject;
}

/** The keys tokens are signed and checked with. */
export interface KeyStore {
  /** the key new tokens are signed with */
  readonly current: SigningKey;
  /** every key a token may still carry: the current one first, then the retiring one */
  readonly verificationKeys: readonly PublicKeyEntry[];
  /** the public JWKS for `/.well-known/jwks.json` */
  jwks(): JSONWebKeySet;
  /**
   * A key store of its own for one kind of token (staff, game, host, payment), derived from this
   * one's private keys (HKDF-SHA256 with the kind as info, an Ed25519 key): every process that
   * shares JWT_PRIVATE_KEY derives the same keys, and a token of one kind never verifies as
   * another, whatever its claims say.
   */
  derive(kind: string): Promise<KeyStore>;
}

export interface KeyStoreOptions {
  /** PEM (PKCS#8) or JSON JWK of the private key, typically from the environment. Wins over `dataDir`. */
  privateKey?: string;
  /**
   * The key being rotated out (PEM or JWK, private or public). Only its public half is used:
   * it stays in the JWKS and keeps verifying tokens issued before the rotation until they expire.
   */
  previousKey?: string;
  /** Without `privateKey`, a key is generated once into `${dataDir}/keys/jwt-private.jwk` and reused. */
  dataDir?: string;
  /** algorithm for a generated key; a given key's algorithm follows from the key itself. Default EdDSA. */
  generateAlg?: SigningAlg;
}

export const KEY_FILE = path.join('keys', 'jwt-private.jwk');

/** Which JWS algorithm a key is for, or an error for key types we do not sign with. */
function algOf(key: KeyObject): SigningAlg {
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new Error(`unsupported JWT key type ${key.asymmetricKeyType ?? key.type}: use Ed25519 or P-256`);
}

function parseKey(text: string, kind: 'private' | 'any'): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const jwk = JSON.parse(trimmed) as webcrypto.JsonWebKey;
    if (jwk.d !== undefined) return createPrivateKey({ key: jwk, format: 'jwk' });
    if (kind === 'private') throw new Error('the JWT signing key must be a private key (a JWK with "d")');
    return createPublicKey({ key: jwk, format: 'jwk' });
  }
  // Environment values often carry "\n" literally instead of line breaks.
  const pem = trimmed.replace(/\\n/g, '\n');
  if (pem.includes('PRIVATE KEY')) return createPrivateKey(pem);
  if (kind === 'private') throw new Error('the JWT signing key must be a PEM private key (PKCS#8)');
  return createPublicKey(pem);
}

async function publicEntry(publicKey: KeyObject): Promise<PublicKeyEntry> {
  const alg = algOf(publicKey);
  const raw = publicKey.export({ format: 'jwk' }) as JWK;
  // RFC 7638 thumbprint: stable for the same key across processes and restarts.
  const kid = await calculateJwkThumbprint(raw, 'sha256');
  return Object.freeze({ kid, alg, publicKey, jwk: Object.freeze({ ...raw, kid, alg, use: 'sig' }) });
}

function toPublic(key: KeyObject): KeyObject {
  return key.type === 'public' ? key : createPublicKey(key);
}

async function signingKey(privateKey: KeyObject): Promise<SigningKey> {
  const entry = await publicEntry(createPublicKey(privateKey));
  return Object.freeze({ ...entry, privateKey });
}

/**
 * Reads the key file, or creates it if absent. Creation writes a temporary file with mode 0600
 * and hard-links it into place, which fails if another process won the race: then both use
 * the winner's key, and nobody ever reads a half-written file.
 */
async function loadOrCreateKeyFile(dataDir: string, alg: SigningAlg): Promise<KeyObject> {
  const file = path.join(dataDir, KEY_FILE);
  try {
    return parseKey(await readFile(file, 'utf8'), 'private');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = alg === 'EdDSA' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const content = JSON.stringify(privateKey.export({ format: 'jwk' }));
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, content, { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') {
      // Some mounted volumes have no hard links: exclusive create still picks one winner.
      await writeFile(file, content, { mode: 0o600, flag: 'wx' }).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'EEXIST') throw e;
      });
    } else if (code !== 'EEXIST') {
      throw error;
    }
  } finally {
    await unlink(temp);
  }
  return parseKey(await readFile(file, 'utf8'), 'private');
}

/** PKCS#8 of an Ed25519 private key is this prefix and the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The Ed25519 key of `kind` under `master`: HKDF-SHA256 over the master's PKCS#8, the kind as info. */
function derivedPrivateKey(master: KeyObject, kind: string): KeyObject {
  const ikm = master.export({ format: 'der', type: 'pkcs8' });
  const seed = Buffer.from(hkdfSync('sha256', ikm, Buffer.from('portal-token-kind'), Buffer.from(kind), 32));
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

class LoadedKeyStore implements KeyStore {
  readonly verificationKeys: readonly PublicKeyEntry[];
  private readonly derived = new Map<string, Promise<KeyStore>>();

  constructor(
    readonly current: SigningKey,
    previous: PublicKeyEntry | undefined,
    /** the retiring key's private half, when it was given: tokens of derived kinds signed before a rotation keep verifying */
    private readonly previousPrivate?: KeyObject,
  ) {
    const keys: PublicKeyEntry[] = [current];
    if (previous && previous.kid !== current.kid) keys.push(previous);
    this.verificationKeys = Object.freeze(keys);
  }

  jwks(): JSONWebKeySet {
    return { keys: this.verificationKeys.map((k) => ({ ...k.jwk })) };
  }

  derive(kind: string): Promise<KeyStore> {
    let store = this.derived.get(kind);
    if (!store) {
      store = (async () => {
        const current = await signingKey(derivedPrivateKey(this.current.privateKey, kind));
        const previous = this.previousPrivate
          ? await publicEntry(createPublicKey(derivedPrivateKey(this.previousPrivate, kind)))
          : undefined;
        return new LoadedKeyStore(current, previous);
      })();
      this.derived.set(kind, store);
    }
    return store;
  }
}

/**
 * Builds the key store once at start. With several server processes on different machines,
 * give them the same `privateKey` through the environment: a key generated into one
 * machine's DATA_DIR is unknown to the others.
 */
export async function loadKeyStore(options: KeyStoreOptions): Promise<KeyStore> {
  let privateKey: KeyObject;
  if (options.privateKey !== undefined && options.privateKey.trim() !== '') {
    privateKey = parseKey(options.privateKey, 'private');
  } else if (options.dataDir !== undefined) {
    privateKey = await loadOrCreateKeyFile(options.dataDir, options.generateAlg ?? 'EdDSA');
  } else {
    throw new Error('the key store needs a privateKey or a dataDir to keep a generated key in');
  }
  const current = await signingKey(privateKey);
  const previousKey =
    options.previousKey !== undefined && options.previousKey.trim() !== '' ? parseKey(options.previousKey, 'any') : undefined;
  const previous = previousKey ? await publicEntry(toPublic(previousKey)) : undefined;
  return new LoadedKeyStore(current, previous, previousKey?.type === 'private' ? previousKey : undefined);
}
