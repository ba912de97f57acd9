import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, codeContext, CodePolicy, generateCode, type CodeState } from './code-policy.ts';

const SECRET = 'test-secret-with-enough-bytes-0123456789';

function clock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** A wrong code for the state: any 6 digits except the right one. */
const wrongFor = (code: string) => (code === '123456' ? '654321' : '123456');

describe('generateCode', () => {
  it('always gives 6 digits within 100000..999999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), () => {
        const code = generateCode();
        expect(code).toMatch(/^\d{6}$/);
        const n = Number(code);
        expect(n).toBeGreaterThanOrEqual(100_000);
        expect(n).toBeLessThanOrEqual(999_999);
      }),
      { numRuns: 2_000 },
    );
  });

  it('is not constant', () => {
    const seen = new Set(Array.from({ length: 50 }, generateCode));
    expect(seen.size).toBeGreaterThan(40);
  });
});

describe('CodePolicy', () => {
  it('stores a hash, never the code, and expires after 10 minutes by default', () => {
    const c = clock();
    const policy = new CodePolicy({ secret: SECRET, now: c.now });
    const { code, state } = policy.issue('register:a@example.com');
    expect(state.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(state)).not.toContain(code);
    expect(state.expiresAt - c.now()).toBe(CODE_TTL_MS);
    expect(state).toMatchObject({ attempts: 0, usedAt: null });
  });

  it('accepts the right code once, then reports it used', () => {
    const policy = new CodePolicy({ secret: SECRET });
    const { code, state } = policy.issue('register:a@example.com');
    const first = policy.verify(state, 'register:a@example.com', ` ${code} `);
    expect(first.verdict).toBe('ok');
    expect(first.state.usedAt).not.toBeNull();
    expect(policy.verify(first.state, 'register:a@example.com', code).verdict).toBe('used');
  });

  it('binds the code to its context', () => {
    const policy = new CodePolicy({ secret: SECRET });
    const { code, state } = policy.issue('register:a@example.com');
    expect(policy.verify(state, 'register:b@example.com', code).verdict).toBe('wrong');
    expect(policy.verify(state, 'recover:a@example.com', code).verdict).toBe('wrong');
  });

  it('normalises the address in the context and keeps purposes apart', () => {
    const policy = new CodePolicy({ secret: SECRET });
    const { code, state } = policy.issue(codeContext('register', 'fox@example.com'));
    expect(policy.verify(state, codeContext('register', ' Fox@Example.COM '), code).verdict).toBe('ok');
    expect(policy.verify(state, codeContext('recover', 'fox@example.com'), code).verdict).toBe('wrong');
  });

  it('depends on the secret', () => {
    const policy = new CodePolicy({ secret: SECRET });
    const other = new CodePolicy({ secret: `${SECRET}-other` });
    const { code, state } = policy.issue('ctx');
    expect(other.verify(state, 'ctx', code).verdict).toBe('wrong');
  });

  it('voids the code after 5 wrong tries, even for the right code afterwards', () => {
    const policy = new CodePolicy({ secret: SECRET });
    const { code, state: issued } = policy.issue('ctx');
    let state: CodeState = issued;
    for (let i = 1; i <= CODE_MAX_ATTEMPTS; i++) {
      const check = policy.verify(state, 'ctx', wrongFor(code));
      expect(check.verdict).toBe('wrong');
      expect(check.attemptsLeft).toBe(CODE_MAX_ATTEMPTS - i);
      state = check.state;
    }
    const after = policy.verify(state, 'ctx', code);
    expect(after.verdict).toBe('exhausted');
    expect(after.state).toBe(state);
  });

  it('counts malformed input as a try', () => {
    const policy = new CodePolicy({ secret: SECRET });
    const { state } = policy.issue('ctx');
    for (const junk of ['', '12345', '1234567', 'abcdef', '12 456']) {
      expect(policy.verify(state, 'ctx', junk)).toMatchObject({ verdict: 'wrong', state: { attempts: 1 } });
    }
  });

  it('expires at the deadline and does not count tries on an expired code', () => {
    const c = clock();
    const policy = new CodePolicy({ secret: SECRET, now: c.now });
    const { code, state } = policy.issue('ctx');
    c.advance(CODE_TTL_MS - 1);
    expect(policy.verify(state, 'ctx', wrongFor(code)).verdict).toBe('wrong');
    c.advance(1);
    const expired = policy.verify(state, 'ctx', code);
    expect(expired.verdict).toBe('expired');
    expect(expired.state).toBe(state);
  });

  it('never accepts any code but the issued one (property)', () => {
    const policy = new CodePolicy({ secret: SECRET });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.string(), (n, context) => {
        const { code, state } = policy.issue(context);
        const guess = String(n).padStart(6, '0');
        const verdict = policy.verify(state, context, guess).verdict;
        expect(verdict).toBe(guess === code ? 'ok' : 'wrong');
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a short secret', () => {
    expect(() => new CodePolicy({ secret: 'short' })).toThrow(RangeError);
  });
});
