import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_FILE, loadKeyStore } from './key-store.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-keys-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('loadKeyStore', () => {
  it('generates an Ed25519 key into DATA_DIR with mode 0600 and reuses it on the next start', async () => {
    const first = await loadKeyStore({ dataDir });
    const file = path.join(dataDir, KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first.current.alg).toBe('EdDSA');
    const second = await loadKeyStore({ dataDir });
    expect(second.current.kid).toBe(first.current.kid);
    expect(JSON.parse(await readFile(file, 'utf8'))).toHaveProperty('d');
  });

  it('agrees on one key when several processes start at once', async () => {
    const stores = await Promise.all(Array.from({ length: 5 }, () => loadKeyStore({ dataDir })));
    expect(new Set(stores.map((s) => s.current.kid)).size).toBe(1);
  });

  it('can generate ES256 instead', async () => {
    const store = await loadKeyStore({ dataDir, generateAlg: 'ES256' });
    expect(store.current.alg).toBe('ES256');
    expect(store.jwks().keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
  });

  it('loads a PEM private key (also with literal \\n from an env file) and derives kid from the thumbprint', async () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const a = await loadKeyStore({ privateKey: pem, dataDir });
    const b = await loadKeyStore({ privateKey: pem.replace(/\n/g, '\\n') });
    expect(a.current.alg).toBe('ES256');
    expect(a.current.kid).toBe(b.current.kid);
    expect(a.current.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A given key wins: nothing is generated.
    await expect(stat(path.join(dataDir, KEY_FILE))).rejects.toThrow();
  });

  it('loads a JWK private key', async () => {
    const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
    const store = await loadKeyStore({ privateKey: JSON.stringify(jwk) });
    expect(store.current.alg).toBe('EdDSA');
  });

  it('publishes only public halves, with the previous key for rotation', async () => {
    const old = generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();
    const store = await loadKeyStore({ dataDir, previousKey: old });
    const { keys } = store.jwks();
    expect(keys).toHaveLength(2);
    expect(keys[0]?.kid).toBe(store.current.kid);
    for (const key of keys) {
      expect(key).not.toHaveProperty('d');
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    }
  });

  it('refuses keys it cannot sign with, and a public key as the signing key', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    await expect(loadKeyStore({ privateKey: rsa.toString() })).rejects.toThrow(/unsupported/);
    const pub = generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();
    await expect(loadKeyStore({ privateKey: pub })).rejects.toThrow(/private key/);
    await expect(loadKeyStore({})).rejects.toThrow(/dataDir/);
  });
});
