/**
 * How the accounts module stores and checks passwords. Kept as an interface so a service
 * test can pass a fast fake, while the product always uses argon2id (see `argon2id.ts`).
 */
export interface PasswordHasher {
  /** A self-describing hash (PHC string): algorithm, parameters and salt travel with it. */
  hashPassword(password: string): Promise<string>;
  /** True only when `password` matches `hash`; a malformed hash is a mismatch, not an error. */
  verifyPassword(hash: string, password: string): Promise<boolean>;
  /** True when `hash` was made with weaker settings than today's, so it should be replaced after a successful sign-in. */
  needsRehash(hash: string): boolean;
}
