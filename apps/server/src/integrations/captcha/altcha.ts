import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Payload } from 'altcha-lib/v1/types';
import type { Captcha, CaptchaChallenge, CaptchaCost, CaptchaVerdict } from './captcha.ts';
import type { SeenStore } from './seen-store.ts';

/**
 * 50 000: the widget tries numbers from 0 up, so it hashes 25 000 SHA-256 on average and
 * 50 000 at most. One core's Web Crypto loop manages about 25 000–50 000 such hashes a second
 * (measured with altcha-lib's own solver on this 2-core server; phones are in the same range),
 * so a phone is done in about a second even on one core, and sooner with the widget's
 * parallel workers. A bot pays the same for every attempt. 100 000 would double that, too slow
 * for cheap phones. (altcha-lib's v1 scheme, which the `altcha` widget, v3 included, solves.)
 */
export const DEFAULT_MAX_NUMBER = 50_000;
/**
 * A hard challenge (an address past its failure limit) asks for this many times the work: 8x.
 * Measured (`npm run captcha-cost -w bench`, Chromium solving as the widget does): normal
 * median 0.2 s on this 2-core server and 0.8 s slowed 4x like a mid-range phone; hard 1.6 s and
 * 6.8 s (p95 12.8 s) of CPU, spread over the widget's workers on a phone's cores. So each guess
 * past the limit costs a phone seconds, while a player who mistyped five times waits once.
 */
export const HARD_COST_FACTOR = 8;
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export interface AltchaCaptchaOptions {
  /** HMAC key that signs challenges (from config); at least 16 characters */
  hmacKey: string;
  /** replay guard; `MemorySeenStore` for one process */
  seen: SeenStore;
  maxNumber?: number;
  ttlMs?: number;
  now?: () => number;
}

function isPayload(value: unknown): value is Payload {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.challenge === 'string' &&
    typeof p.salt === 'string' &&
    typeof p.signature === 'string' &&
    typeof p.algorithm === 'string' &&
    typeof p.number === 'number' &&
    Number.isSafeInteger(p.number) &&
    p.number >= 0
  );
}

/** The widget sends base64 of a JSON object; tests and other clients may send the object. */
function parsePayload(raw: unknown): Payload | null {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > 4096) return null;
    try {
      value = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
    } catch {
      return null;
    }
  }
  return isPayload(value) ? value : null;
}

export class AltchaCaptcha implements Captcha {
  private readonly hmacKey: string;
  private readonly seenStore: SeenStore;
  private readonly maxNumber: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: AltchaCaptchaOptions) {
    if (options.hmacKey.length < 16) throw new RangeError('the ALTCHA HMAC key must be at least 16 characters');
    this.hmacKey = options.hmacKey;
    this.seenStore = options.seen;
    this.maxNumber = options.maxNumber ?? DEFAULT_MAX_NUMBER;
    if (!Number.isSafeInteger(this.maxNumber) || this.maxNumber < 1000) throw new RangeError('maxNumber must be >= 1000');
    this.ttlMs = options.ttlMs ?? CHALLENGE_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  async createChallenge(cost: CaptchaCost = 'normal'): Promise<CaptchaChallenge> {
    const maxNumber = cost === 'hard' ? this.maxNumber * HARD_COST_FACTOR : this.maxNumber;
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      hmacKey: this.hmacKey,
      maxNumber,
      // The expiry and the cost go into the salt, which the signature covers: a client can
      // neither extend a challenge nor pass an easy one off as hard.
      expires: new Date(this.now() + this.ttlMs),
      params: { cost },
    });
    return {
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      maxnumber: challenge.maxnumber ?? maxNumber,
      salt: challenge.salt,
      signature: challenge.signature,
    };
  }

  async verify(raw: unknown, cost: CaptchaCost = 'normal'): Promise<CaptchaVerdict> {
    const payload = parsePayload(raw);
    // Only our own algorithm: the payload names it, and we never let the client pick a weaker one.
    if (!payload || payload.algorithm !== 'SHA-256') return 'invalid';

    let correct: boolean;
    try {
      // Expiry is checked below with our clock, so that a right-but-late answer reads as `expired`.
      correct = await verifySolution(payload, this.hmacKey, false);
    } catch {
      correct = false;
    }
    if (!correct) return 'invalid';

    const expires = Number(extractParams(payload).expires) * 1000;
    // Every challenge we issue carries an expiry; one without is not ours to honour forever.
    if (!Number.isFinite(expires) || expires <= 0) return 'invalid';
    if (expires <= this.now()) return 'expired';
    // A hard check wants a challenge issued hard; an easy one is not spent on it.
    if (cost === 'hard' && extractParams(payload).cost !== 'hard') return 'too-easy';

    return (await this.seenStore.seen(payload.signature, expires)) ? 'replayed' : 'ok';
  }
}
