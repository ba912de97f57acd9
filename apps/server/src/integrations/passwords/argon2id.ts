import { hash, parseOptions, verify, type Algorithm, type Options, type Version } from '@node-rs/argon2';
import type { PasswordHasher } from './password-hasher.ts';

// The library's enums are `const enum`s, which isolated modules cannot read: these are their values.
const ARGON2ID = 2 as Algorithm;
const VERSION_0X13 = 1 as Version;

export interface Argon2idParams {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over that memory. */
  timeCost: number;
  parallelism: number;
  /** Bytes of raw hash output. */
  outputLen: number;
}

/** OWASP Password Storage Cheat Sheet's first argon2id option: m=19 MiB, t=2, p=1. Never go below it. */
export const OWASP_MIN_ARGON2ID: Readonly<Argon2idParams> = Object.freeze({
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
});

export class Argon2idHasher implements PasswordHasher {
  private readonly params: Readonly<Argon2idParams>;

  /**
   * @param params raise these as hardware allows; values below OWASP's minimum are refused so a
   *               config typo cannot silently weaken every new hash.
   */
  constructor(params: Partial<Argon2idParams> = {}) {
    const merged = { ...OWASP_MIN_ARGON2ID, ...params };
    if (merged.memoryCost < OWASP_MIN_ARGON2ID.memoryCost || merged.timeCost < OWASP_MIN_ARGON2ID.timeCost) {
      throw new RangeError(
        `argon2id parameters below OWASP's minimum (m=${OWASP_MIN_ARGON2ID.memoryCost}, t=${OWASP_MIN_ARGON2ID.timeCost})`,
      );
    }
    if (merged.parallelism < 1 || merged.outputLen < 16) {
      throw new RangeError('argon2id needs parallelism >= 1 and an output of at least 16 bytes');
    }
    this.params = Object.freeze(merged);
  }

  private get options(): Options {
    return { ...this.params, algorithm: ARGON2ID, version: VERSION_0X13 };
  }

  hashPassword(password: string): Promise<string> {
    // The library draws a fresh 16-byte salt from the OS CSPRNG for every call.
    return hash(password, this.options);
  }

  async verifyPassword(stored: string, password: string): Promise<boolean> {
    try {
      // The library recomputes with the parameters inside `stored` and compares in constant time.
      return await verify(stored, password);
    } catch {
      // A hash we cannot parse (legacy or corrupted row) must read as "wrong password", never as a 500.
      return false;
    }
  }

  needsRehash(stored: string): boolean {
    let parsed;
    try {
      parsed = parseOptions(stored);
    } catch {
      return true;
    }
    return (
      parsed.algorithm !== ARGON2ID ||
      parsed.version !== VERSION_0X13 ||
      parsed.memoryCost < this.params.memoryCost ||
      parsed.timeCost < this.params.timeCost ||
      parsed.outputLen < this.params.outputLen
    );
  }
}
