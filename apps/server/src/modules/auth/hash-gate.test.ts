import { describe, expect, it } from 'vitest';
import type { PasswordHasher } from '../../integrations/passwords/password-hasher.ts';
import { HashGate } from './hash-gate.ts';

function slowHasher() {
  let active = 0;
  let peak = 0;
  const hasher: PasswordHasher = {
    async hashPassword(password) {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      return `h:${password}`;
    },
    async verifyPassword(hash, password) {
      return hash === (await hasher.hashPassword(password));
    },
    needsRehash: () => false,
  };
  return { hasher, peak: () => peak };
}

describe('HashGate', () => {
  it('runs at most `concurrency` hashes at once and finishes every queued one', async () => {
    const slow = slowHasher();
    const gate = new HashGate(slow.hasher, { concurrency: 2, maxQueue: 10 });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => gate.hashPassword(`p${i}`)));
    expect(results).toHaveLength(12);
    expect(slow.peak()).toBe(2);
  });

  it('answers 429 RATE_LIMITED beyond the queue, and recovers afterwards', async () => {
    const gate = new HashGate(slowHasher().hasher, { concurrency: 1, maxQueue: 2 });
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => gate.hashPassword(`p${i}`)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 });
    await expect(gate.verifyPassword('h:x', 'x')).resolves.toBe(true);
  });
});
