import { solveChallenge } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { AltchaCaptcha, CHALLENGE_TTL_MS, DEFAULT_MAX_NUMBER } from './altcha.ts';
import type { CaptchaChallenge } from './captcha.ts';
import { MemorySeenStore } from './seen-store.ts';

const KEY = 'altcha-test-hmac-key-0123456789';

function clock(start = Date.now()) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** What the widget does: solve, then base64 the JSON into its hidden field. */
async function solve(challenge: CaptchaChallenge) {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('no solution found');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    took: solution.took,
  };
  return { payload, encoded: Buffer.from(JSON.stringify(payload)).toString('base64') };
}

function captcha(now: () => number = Date.now, maxNumber = 5_000) {
  return new AltchaCaptcha({ hmacKey: KEY, seen: new MemorySeenStore(now), maxNumber, now });
}

describe('AltchaCaptcha', () => {
  it('issues a phone-sized SHA-256 challenge that expires in 10 minutes', async () => {
    const c = clock();
    const challenge = await captcha(c.now, DEFAULT_MAX_NUMBER).createChallenge();
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 50_000 });
    const expires = Number(new URLSearchParams(challenge.salt.split('?')[1]).get('expires'));
    expect(expires).toBe(Math.floor((c.now() + CHALLENGE_TTL_MS) / 1000));
  });

  it('accepts a solution found by the solver, at the default cost', async () => {
    const subject = captcha(Date.now, DEFAULT_MAX_NUMBER);
    const { encoded } = await solve(await subject.createChallenge());
    await expect(subject.verify(encoded)).resolves.toBe('ok');
  });

  it('refuses the same solved challenge a second time', async () => {
    const subject = captcha();
    const { encoded, payload } = await solve(await subject.createChallenge());
    await expect(subject.verify(encoded)).resolves.toBe('ok');
    await expect(subject.verify(encoded)).resolves.toBe('replayed');
    await expect(subject.verify(payload)).resolves.toBe('replayed');
  });

  it('refuses tampered payloads', async () => {
    const subject = captcha();
    const challenge = await subject.createChallenge();
    const { payload } = await solve(challenge);
    const wrongNumber = { ...payload, number: payload.number + 1 };
    const forgedSignature = { ...payload, signature: payload.signature.replace(/^./, (ch) => (ch === 'a' ? 'b' : 'a')) };
    // Pushing the expiry out changes the salt, so the signed challenge no longer matches.
    const longerLife = { ...payload, salt: payload.salt.replace(/expires=\d+/, 'expires=9999999999') };
    const weakerAlgorithm = { ...payload, algorithm: 'SHA-1' };
    for (const bad of [wrongNumber, forgedSignature, longerLife, weakerAlgorithm]) {
      await expect(subject.verify(bad)).resolves.toBe('invalid');
    }
    // Another server's key.
    const other = new AltchaCaptcha({ hmacKey: `${KEY}-other`, seen: new MemorySeenStore(), maxNumber: 5_000 });
    await expect(other.verify(payload)).resolves.toBe('invalid');
    // The untampered one still passes afterwards: refusals do not burn it.
    await expect(subject.verify(payload)).resolves.toBe('ok');
  });

  it('refuses junk without throwing', async () => {
    const subject = captcha();
    for (const junk of [undefined, null, '', 'not base64 !!', Buffer.from('{"a":1}').toString('base64'), 42, {}, 'x'.repeat(10_000)]) {
      await expect(subject.verify(junk)).resolves.toBe('invalid');
    }
  });

  it('reports a right answer to an expired challenge as expired', async () => {
    const c = clock();
    const subject = captcha(c.now);
    const { encoded } = await solve(await subject.createChallenge());
    c.advance(CHALLENGE_TTL_MS + 1000);
    await expect(subject.verify(encoded)).resolves.toBe('expired');
  });

  it('refuses a weak key or a trivial cost', () => {
    expect(() => new AltchaCaptcha({ hmacKey: 'short', seen: new MemorySeenStore() })).toThrow(RangeError);
    expect(() => new AltchaCaptcha({ hmacKey: KEY, seen: new MemorySeenStore(), maxNumber: 10 })).toThrow(RangeError);
  });
});

describe('MemorySeenStore', () => {
  it('remembers a key until it expires, then forgets it', () => {
    const c = clock(1_000_000);
    const store = new MemorySeenStore(c.now);
    expect(store.seen('a', c.now() + 5_000)).toBe(false);
    expect(store.seen('a', c.now() + 5_000)).toBe(true);
    c.advance(5_000);
    expect(store.seen('b', c.now() + 5_000)).toBe(false);
    expect(store.size).toBe(1);
    expect(store.seen('a', c.now() + 5_000)).toBe(false);
  });
});
