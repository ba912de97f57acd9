import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * What a repository persists for one issued confirmation code (registration, recovery).
 * It holds an HMAC of the code, never the code itself, so a database leak alone does not
 * reveal live codes. All times are epoch milliseconds.
 */
export interface CodeState {
  /** hex HMAC-SHA256(secret, context + code) */
  readonly hash: string;
  readonly expiresAt: number;
  /** wrong tries so far */
  readonly attempts: number;
  /** set once the code was accepted: a code works exactly once */
  readonly usedAt: number | null;
}

export type CodeVerdict = 'ok' | 'wrong' | 'expired' | 'exhausted' | 'used';

export interface CodeCheck {
  readonly verdict: CodeVerdict;
  /** the state to store back; unchanged unless the try was counted or the code consumed */
  readonly state: CodeState;
  /** wrong tries still allowed before the code is void */
  readonly attemptsLeft: number;
}

export interface CodePolicyOptions {
  /** server-side HMAC key (from config); at least 32 bytes of randomness */
  secret: string | Uint8Array;
  /** default 10 minutes */
  ttlMs?: number;
  /** default 5 */
  maxAttempts?: number;
  now?: () => number;
}

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
const CODE_PATTERN = /^\d{6}$/;

export type CodePurpose = 'register' | 'recover';

/**
 * The context a code is bound to: its purpose and the address it was mailed to, normalised so
 * "Fox@Example.com " at verification finds the code mailed to "fox@example.com".
 */
export function codeContext(purpose: CodePurpose, email: string): string {
  return `${purpose}:${email.trim().toLowerCase()}`;
}

/** A 6-digit code from the OS CSPRNG; the range excludes leading zeros so the length is always 6. */
export function generateCode(): string {
  return String(randomInt(100_000, 1_000_000));
}

/**
 * The rules of confirmation codes as pure functions over `CodeState`: the caller loads the
 * state, calls `verify`, and stores the returned state (ideally in the same transaction),
 * so the rules can be tested without a database.
 */
export class CodePolicy {
  private readonly secret: string | Uint8Array;
  readonly ttlMs: number;
  readonly maxAttempts: number;
  private readonly now: () => number;

  constructor(options: CodePolicyOptions) {
    if (options.secret.length < 16) throw new RangeError('code HMAC secret must be at least 16 bytes');
    this.secret = options.secret;
    this.ttlMs = options.ttlMs ?? CODE_TTL_MS;
    this.maxAttempts = options.maxAttempts ?? CODE_MAX_ATTEMPTS;
    this.now = options.now ?? Date.now;
  }

  /**
   * @param context binds the code to its purpose and account (e.g. `register:player@example.com`),
   *                so a code mailed for one address or flow is worthless for another.
   * @returns the plain code to mail, and the state to store.
   */
  issue(context: string): { code: string; state: CodeState } {
    const code = generateCode();
    return {
      code,
      state: { hash: this.digest(context, code), expiresAt: this.now() + this.ttlMs, attempts: 0, usedAt: null },
    };
  }

  verify(state: CodeState, context: string, input: string): CodeCheck {
    const left = (s: CodeState) => Math.max(0, this.maxAttempts - s.attempts);
    if (state.usedAt !== null) return { verdict: 'used', state, attemptsLeft: left(state) };
    // Checked before expiry on purpose: a code voided by guessing stays void, whatever the clock says.
    if (state.attempts >= this.maxAttempts) return { verdict: 'exhausted', state, attemptsLeft: 0 };
    if (this.now() >= state.expiresAt) return { verdict: 'expired', state, attemptsLeft: left(state) };

    const candidate = input.trim();
    if (CODE_PATTERN.test(candidate) && this.matches(state.hash, this.digest(context, candidate))) {
      const used = { ...state, usedAt: this.now() };
      return { verdict: 'ok', state: used, attemptsLeft: left(used) };
    }
    // Malformed input counts as a try too: otherwise it would be a free probe.
    const counted = { ...state, attempts: state.attempts + 1 };
    return { verdict: 'wrong', state: counted, attemptsLeft: left(counted) };
  }

  private digest(context: string, code: string): string {
    // A NUL separator keeps ("ab", "c…") and ("a", "bc…") apart.
    return createHmac('sha256', this.secret).update(context).update('\0').update(code).digest('hex');
  }

  private matches(storedHex: string, candidateHex: string): boolean {
    const a = Buffer.from(storedHex, 'hex');
    const b = Buffer.from(candidateHex, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
