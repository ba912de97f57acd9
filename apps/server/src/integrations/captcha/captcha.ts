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
export type CaptchaVerdict = 'ok' | 'invalid' | 'expired' | 'replayed';

/** The robot check of the sign-in screens, verified on the server, never trusted from the browser. */
export interface Captcha {
  createChallenge(): Promise<CaptchaChallenge>;
  /** @param payload what the widget put in its hidden field: base64 of the solution JSON */
  verify(payload: unknown): Promise<CaptchaVerdict>;
}
