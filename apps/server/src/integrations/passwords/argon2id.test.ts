import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { Argon2idHasher, OWASP_MIN_ARGON2ID } from './argon2id.ts';

describe('Argon2idHasher', () => {
  const hasher = new Argon2idHasher();

  it('hashes with argon2id at OWASP parameters and a fresh salt each time', async () => {
    const a = await hasher.hashPassword('correct horse battery staple');
    const b = await hasher.hashPassword('correct horse battery staple');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hasher.hashPassword('Pässwörd-123');
    await expect(hasher.verifyPassword(stored, 'Pässwörd-123')).resolves.toBe(true);
    await expect(hasher.verifyPassword(stored, 'Pässwörd-124')).resolves.toBe(false);
    await expect(hasher.verifyPassword(stored, '')).resolves.toBe(false);
  });

  it('treats a malformed stored hash as a mismatch rather than throwing', async () => {
    await expect(hasher.verifyPassword('not-a-hash', 'x')).resolves.toBe(false);
    await expect(hasher.verifyPassword('', 'x')).resolves.toBe(false);
  });

  it('asks for a rehash only when the stored parameters are weaker or unreadable', async () => {
    const current = await hasher.hashPassword('pw');
    expect(hasher.needsRehash(current)).toBe(false);

    // 2 = Argon2id in the library's const enum.
    const weakMemory = await hash('pw', { memoryCost: 8192, timeCost: 2, parallelism: 1, algorithm: 2 });
    expect(hasher.needsRehash(weakMemory)).toBe(true);
    const weakTime = await hash('pw', { memoryCost: 19456, timeCost: 1, parallelism: 1, algorithm: 2 });
    expect(hasher.needsRehash(weakTime)).toBe(true);
    // 1 = Argon2i: another variant than the one we standardise on.
    const argon2i = await hash('pw', { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 1 });
    expect(hasher.needsRehash(argon2i)).toBe(true);
    expect(hasher.needsRehash('$2b$10$abcdefghijklmnopqrstuu')).toBe(true);

    // Hashes from today's hasher still verify after the policy is raised, and are flagged for upgrade.
    const stronger = new Argon2idHasher({ memoryCost: 32_768, timeCost: 3 });
    expect(stronger.needsRehash(current)).toBe(true);
    await expect(stronger.verifyPassword(current, 'pw')).resolves.toBe(true);
  });

  it('refuses to be configured below OWASP minimums', () => {
    expect(() => new Argon2idHasher({ memoryCost: OWASP_MIN_ARGON2ID.memoryCost - 1 })).toThrow(RangeError);
    expect(() => new Argon2idHasher({ timeCost: 1 })).toThrow(RangeError);
  });
});
