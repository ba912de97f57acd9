import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLE_ISSUER, verifyAppleIdToken } from './apple.ts';
import { sendJson, startTestServer, type TestServer } from './test-http.ts';

const CLIENT_ID = 'com.example.portal';

describe('verifyAppleIdToken', () => {
  let privateKey: CryptoKey;
  let otherKey: CryptoKey;
  let publicJwk: JWK;
  let server: TestServer;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'apple-test-kid', alg: 'RS256', use: 'sig' };
    // Apple's key endpoint, as the documented JSON.
    server = await startTestServer((_req, res) => sendJson(res, 200, { keys: [publicJwk] }));
  });
  afterAll(() => server.close());

  function token(
    claims: Record<string, unknown> = {},
    { key = privateKey, kid = 'apple-test-kid', iss = APPLE_ISSUER, aud = CLIENT_ID, exp = '10m' } = {},
  ) {
    return new SignJWT({ email: 'player@privaterelay.appleid.com', email_verified: 'true', is_private_email: 'true', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setSubject('001234.abcdef.0001')
      .setIssuer(iss)
      .setAudience(aud)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(key);
  }

  const keys = () => ({ keys: [publicJwk] });

  it('accepts a token signed by Apple for our client and reads the profile', async () => {
    await expect(verifyAppleIdToken(await token(), { clientId: CLIENT_ID, keys: keys() })).resolves.toEqual({
      providerUserId: '001234.abcdef.0001',
      email: 'player@privaterelay.appleid.com',
      emailVerified: true,
      isPrivateEmail: true,
    });
  });

  it('fetches Apple keys from the configured JWKS URL', async () => {
    const profile = await verifyAppleIdToken(await token(), {
      clientId: [CLIENT_ID, 'com.example.ios'],
      jwksUrl: `${server.url}/auth/keys`,
    });
    expect(profile.providerUserId).toBe('001234.abcdef.0001');
  });

  it('refuses a token for another audience', async () => {
    await expect(
      verifyAppleIdToken(await token({}, { aud: 'com.someone.else' }), { clientId: CLIENT_ID, keys: keys() }),
    ).rejects.toMatchObject({ reason: 'wrong_audience', statusCode: 401 });
  });

  it('refuses a token from another issuer', async () => {
    await expect(
      verifyAppleIdToken(await token({}, { iss: 'https://evil.example' }), { clientId: CLIENT_ID, keys: keys() }),
    ).rejects.toMatchObject({ reason: 'wrong_issuer' });
  });

  it('refuses an expired token', async () => {
    const old = await token({}, { exp: '-1m' });
    await expect(verifyAppleIdToken(old, { clientId: CLIENT_ID, keys: keys() })).rejects.toMatchObject({ reason: 'token_expired' });
    // ...and one that is fine now but expired at the given time.
    const later = new Date(Date.now() + 3600_000);
    await expect(verifyAppleIdToken(await token(), { clientId: CLIENT_ID, keys: keys(), now: later })).rejects.toMatchObject({
      reason: 'token_expired',
    });
  });

  it('refuses a token whose key id Apple does not publish', async () => {
    await expect(verifyAppleIdToken(await token({}, { kid: 'unknown-kid' }), { clientId: CLIENT_ID, keys: keys() })).rejects.toMatchObject({
      reason: 'signature_invalid',
    });
    await expect(
      verifyAppleIdToken(await token({}, { kid: 'unknown-kid' }), { clientId: CLIENT_ID, jwksUrl: `${server.url}/auth/keys` }),
    ).rejects.toMatchObject({ reason: 'signature_invalid' });
  });

  it("refuses a token signed by another key under Apple's key id", async () => {
    await expect(verifyAppleIdToken(await token({}, { key: otherKey }), { clientId: CLIENT_ID, keys: keys() })).rejects.toMatchObject({
      reason: 'signature_invalid',
    });
  });

  it('checks the nonce when one was sent', async () => {
    const withNonce = await token({ nonce: 'n-1' });
    await expect(verifyAppleIdToken(withNonce, { clientId: CLIENT_ID, keys: keys(), nonce: 'n-1' })).resolves.toBeDefined();
    await expect(verifyAppleIdToken(withNonce, { clientId: CLIENT_ID, keys: keys(), nonce: 'n-2' })).rejects.toMatchObject({
      reason: 'token_invalid',
    });
  });

  it('refuses garbage', async () => {
    await expect(verifyAppleIdToken('not.a.jwt', { clientId: CLIENT_ID, keys: keys() })).rejects.toMatchObject({
      statusCode: 401,
    });
    await expect(verifyAppleIdToken('', { clientId: CLIENT_ID, keys: keys() })).rejects.toMatchObject({ reason: 'invalid_request' });
  });
});
