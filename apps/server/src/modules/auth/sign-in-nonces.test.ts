import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../../../test/databases.ts';
import { APPLE_NONCE_TTL_MS, createSignInNonces, type SignInNonces } from './sign-in-nonces.ts';

describe.each(backends)('sign-in nonces over $name', (backend) => {
  let testDb: TestDatabase;
  let clock = Date.now();
  let nonces: SignInNonces;

  beforeAll(async () => {
    if (backend.skip) return;
    testDb = await backend.open();
    nonces = createSignInNonces(testDb.database.db, () => clock);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it.skipIf(backend.skip)('an Apple nonce is spent once, as issued or as its SHA-256, and not after ten minutes', async () => {
    const nonce = await nonces.issueApple();
    const [a, b] = await Promise.all([nonces.spendApple(nonce), nonces.spendApple(nonce)]);
    expect([a, b].sort()).toEqual([false, true]);
    const hashed = await nonces.issueApple();
    expect(await nonces.spendApple(createHash('sha256').update(hashed).digest('hex'))).toBe(true);
    expect(await nonces.spendApple(hashed)).toBe(false);
    expect(await nonces.spendApple('never-issued')).toBe(false);
    const late = await nonces.issueApple();
    clock += APPLE_NONCE_TTL_MS + 1;
    expect(await nonces.spendApple(late)).toBe(false);
  });

  it.skipIf(backend.skip)('a robot check solution is used once, whichever process checks it', async () => {
    const otherProcess = createSignInNonces(testDb.database.db, () => clock);
    const until = clock + 600_000;
    expect(await nonces.seenCaptcha('challenge-1:solution', until)).toBe(false);
    expect(await otherProcess.seenCaptcha('challenge-1:solution', until)).toBe(true);
    expect(await nonces.seenCaptcha('challenge-1:solution', until)).toBe(true);
    expect(await otherProcess.seenCaptcha('challenge-2:solution', until)).toBe(false);
  });

  it.skipIf(backend.skip)('Telegram data signs in once until it expires', async () => {
    const hash = 'ab'.repeat(32);
    const until = new Date(clock + 60_000);
    const [a, b] = await Promise.all([nonces.spendTelegram(hash, until), nonces.spendTelegram(hash.toUpperCase(), until)]);
    expect([a, b].sort()).toEqual([false, true]);
  });
});
