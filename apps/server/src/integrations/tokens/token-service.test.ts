import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeyStore, type KeyStore } from './key-store.ts';
import { TokenError } from './token-error.ts';
import { TokenService } from './token-service.ts';

const ISSUER = 'http://localhost:8080';
let dataDir: string;
let keys: KeyStore;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-tokens-'));
  keys = await loadKeyStore({ dataDir });
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TokenError) return error.reason;
    throw error;
  }
  return 'accepted';
}

function tamper(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
  return [header, payload, flipped].join('.');
}

describe('TokenService', () => {
  it('round-trips a player token with sub, aud, iss, iat, exp and jti', async () => {
    const service = new TokenService({ keys, issuer: ISSUER });
    const signed = await service.signPlayerToken({
      sub: 'user-42',
      aud: 'familytown',
      ttlSeconds: 3600,
      extra: { nickName: 'Fox' },
    });
    const claims = await service.verify(signed.token, { audience: 'familytown' });
    expect(claims).toMatchObject({ sub: 'user-42', aud: 'familytown', iss: ISSUER, jti: signed.jti, nickName: 'Fox' });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(signed.expiresAt.getTime()).toBe(claims.exp * 1000);
  });

  it('refuses a wrong audience, a tampered signature and a token of another key as invalid', async () => {
    const service = new TokenService({ keys, issuer: ISSUER });
    const { token } = await service.signPlayerToken({ sub: 'u', aud: 'familytown', ttlSeconds: 60 });
    expect(await reasonOf(service.verify(token, { audience: 'neuroarena' }))).toBe('invalid');
    expect(await reasonOf(service.verify(tamper(token), { audience: 'familytown' }))).toBe('invalid');
    expect(await reasonOf(service.verify('not.a.jwt', { audience: 'familytown' }))).toBe('invalid');

    const otherDir = await mkdtemp(path.join(tmpdir(), 'portal-other-'));
    try {
      const other = new TokenService({ keys: await loadKeyStore({ dataDir: otherDir }), issuer: ISSUER });
      const forged = await other.signPlayerToken({ sub: 'u', aud: 'familytown', ttlSeconds: 60 });
      expect(await reasonOf(service.verify(forged.token, { audience: 'familytown' }))).toBe('invalid');
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('refuses a token from our key that claims another issuer, or carries our kid with alg none', async () => {
    const service = new TokenService({ keys, issuer: ISSUER });
    const foreign = await new SignJWT({ jti: 'x' })
      .setProtectedHeader({ alg: 'EdDSA', kid: keys.current.kid, typ: 'JWT' })
      .setSubject('u')
      .setAudience('familytown')
      .setIssuer('https://evil.example')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(keys.current.privateKey);
    expect(await reasonOf(service.verify(foreign, { audience: 'familytown' }))).toBe('invalid');

    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none', kid: keys.current.kid })}.${b64({ sub: 'u', aud: 'familytown', iss: ISSUER, iat: now, exp: now + 60, jti: 'x' })}.`;
    expect(await reasonOf(service.verify(unsigned, { audience: 'familytown' }))).toBe('invalid');
  });

  it('reports an expired token as expired (after the clock tolerance)', async () => {
    let now = Date.now();
    const service = new TokenService({ keys, issuer: ISSUER, now: () => now, clockToleranceSeconds: 30 });
    const { token } = await service.signPlayerToken({ sub: 'u', aud: 'familytown', ttlSeconds: 60 });
    now += 80_000;
    await expect(service.verify(token, { audience: 'familytown' })).resolves.toMatchObject({ sub: 'u' });
    now += 20_000;
    expect(await reasonOf(service.verify(token, { audience: 'familytown' }))).toBe('expired');
  });

  it('asks isRevoked with the jti and refuses a revoked token', async () => {
    const revoked = new Set<string>();
    const service = new TokenService({ keys, issuer: ISSUER, isRevoked: async (jti) => revoked.has(jti) });
    const { token, jti } = await service.signPlayerToken({ sub: 'u', aud: 'familytown', ttlSeconds: 60 });
    await expect(service.verify(token, { audience: 'familytown' })).resolves.toBeTruthy();
    revoked.add(jti);
    expect(await reasonOf(service.verify(token, { audience: 'familytown' }))).toBe('revoked');
  });

  it('will not let extra claims overwrite registered ones', async () => {
    const service = new TokenService({ keys, issuer: ISSUER });
    await expect(service.signPlayerToken({ sub: 'u', aud: 'a', ttlSeconds: 60, extra: { sub: 'admin' } })).rejects.toThrow(
      /registered claim "sub"/,
    );
    await expect(service.signPlayerToken({ sub: 'u', aud: 'a', ttlSeconds: 0 })).rejects.toThrow(RangeError);
  });

  it('signs payment tokens that verify as such but never pass as player tokens', async () => {
    const service = new TokenService({ keys, issuer: ISSUER });
    const { token } = await service.signPaymentToken({
      paymentId: 'pay_1',
      status: 'paid',
      userId: 'user-42',
      extra: { amount: 199, currency: 'RUB', payload: 'sku-7' },
    });
    await expect(service.verifyPaymentToken(token)).resolves.toMatchObject({
      paymentId: 'pay_1',
      status: 'paid',
      sub: 'user-42',
      amount: 199,
      aud: 'payment',
    });
    expect(await reasonOf(service.verify(token, { audience: 'payment' }))).toBe('invalid');
    const player = await service.signPlayerToken({ sub: 'u', aud: 'payment', ttlSeconds: 60 });
    expect(await reasonOf(service.verifyPaymentToken(player.token))).toBe('invalid');
  });

  it('keeps verifying tokens of the previous key after a rotation, and the JWKS verifies both', async () => {
    const oldPrivate = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const before = new TokenService({ keys: await loadKeyStore({ privateKey: oldPrivate }), issuer: ISSUER });
    const oldToken = (await before.signPlayerToken({ sub: 'u', aud: 'familytown', ttlSeconds: 600 })).token;

    const rotated = await loadKeyStore({ dataDir, previousKey: oldPrivate });
    const after = new TokenService({ keys: rotated, issuer: ISSUER });
    const newToken = (await after.signPlayerToken({ sub: 'u', aud: 'familytown', ttlSeconds: 600 })).token;
    await expect(after.verify(oldToken, { audience: 'familytown' })).resolves.toMatchObject({ sub: 'u' });

    // What a game server does with /.well-known/jwks.json: only the public JWKS, no shared secret.
    const jwks = createLocalJWKSet(JSON.parse(JSON.stringify(rotated.jwks())));
    for (const token of [oldToken, newToken]) {
      const { payload } = await jwtVerify(token, jwks, { issuer: ISSUER, audience: 'familytown' });
      expect(payload.sub).toBe('u');
    }
    await expect(jwtVerify(tamper(newToken), jwks, { issuer: ISSUER, audience: 'familytown' })).rejects.toThrow();
  });
});
