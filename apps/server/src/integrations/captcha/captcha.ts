/** The challenge JSON the `altcha` widget fetches and solves in the browser. */
export interface CaptchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/**
 * `ok` the solution is right, fresh and first seen; `invalid` malformed, forged or wrong;
 * `expired` a correct solution of a challenge that has run out; `replayed` a solution that
 * was already accepted once.
 */
export type CaptchaVerdict = 'ok' | 'invalid' | 'expired' | 'replayed' | 'too-easy';

/**
 * How much work a challenge asks for: `normal` for a first check (registration, a clean
 * address), `hard` for the guesses of an address past its failure limit.
 */
export type CaptchaCost = 'normal' | 'hard';

/** The robot check of the sign-in screens, verified on the server, never trusted from the browser. */
export interface Captcha {
  createChallenge(cost?: CaptchaCost): Promise<CaptchaChallenge>;
  /**
   * @param payload what the widget put in its hidden field: base64 of the solution JSON
   * @param cost the least cost the solved challenge must have been issued at (`too-easy` else)
   */
  verify(payload: unknown, cost?: CaptchaCost): Promise<CaptchaVerdict>;
}
