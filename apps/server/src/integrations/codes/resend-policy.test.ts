import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResendPolicy } from './resend-policy.ts';

function clock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('ResendPolicy', () => {
  it('allows the first mail at once', () => {
    expect(new ResendPolicy().secondsToWait([])).toBe(0);
  });

  it('enforces the minimum interval, rounding the wait up', () => {
    const c = clock();
    const policy = new ResendPolicy({ minIntervalSeconds: 60, now: c.now });
    let history = policy.record([]);
    expect(policy.secondsToWait(history)).toBe(60);
    c.advance(59_500);
    expect(policy.secondsToWait(history)).toBe(1);
    c.advance(500);
    expect(policy.secondsToWait(history)).toBe(0);
    history = policy.record(history);
    expect(history).toHaveLength(2);
  });

  it('caps mails per rolling hour and says when the window frees a slot', () => {
    const c = clock();
    const policy = new ResendPolicy({ minIntervalSeconds: 60, maxPerHour: 3, now: c.now });
    let history: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect(policy.secondsToWait(history)).toBe(0);
      history = policy.record(history);
      c.advance(60_000);
    }
    // Sent at 0, 60, 120 s; now 180 s: the slot frees when the first send turns an hour old.
    expect(policy.secondsToWait(history)).toBe(3600 - 180);
    c.advance((3600 - 180) * 1000);
    expect(policy.secondsToWait(history)).toBe(0);
  });

  it('drops sends older than an hour from the stored history', () => {
    const c = clock();
    const policy = new ResendPolicy({ now: c.now });
    const old = [c.now() - 3_600_001, c.now() - 3_700_000];
    expect(policy.record(old)).toEqual([c.now()]);
  });

  it('never lets more than maxPerHour mails through in any hour, nor two closer than the interval (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 600_000 }), { maxLength: 60 }), (gaps) => {
        const c = clock();
        const policy = new ResendPolicy({ minIntervalSeconds: 60, maxPerHour: 5, now: c.now });
        let history: number[] = [];
        const sent: number[] = [];
        for (const gap of gaps) {
          c.advance(gap);
          if (policy.secondsToWait(history) === 0) {
            history = policy.record(history);
            sent.push(c.now());
          }
        }
        for (let i = 1; i < sent.length; i++) expect(sent[i]! - sent[i - 1]!).toBeGreaterThanOrEqual(60_000);
        for (let i = 5; i < sent.length; i++) expect(sent[i]! - sent[i - 5]!).toBeGreaterThanOrEqual(3_600_000);
      }),
    );
  });
});
