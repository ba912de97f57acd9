import { solveChallenge } from 'altcha-lib/v1';
import type { TCaptchaChallenge } from '@portal/contracts/auth';

/** What the ALTCHA widget does in the browser: solve the challenge, base64 the JSON. */
export async function solveAltcha(challenge: TCaptchaChallenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('no ALTCHA solution found');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    took: solution.took,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/**
 * A fresh challenge of `app` solved as the widget would (registration always asks for one),
 * fetched from `remoteAddress` as the widget fetches it from the player's address (an address past
 * its failure limit gets, and must solve, a hard one).
 */
export async function solvedCaptcha(
  app: { inject(options: { url: string; remoteAddress?: string }): PromiseLike<{ json(): unknown }> },
  remoteAddress?: string,
): Promise<string> {
  const challenge = await app.inject({ url: '/api/auth/captcha-challenge', ...(remoteAddress ? { remoteAddress } : {}) });
  return solveAltcha(challenge.json() as TCaptchaChallenge);
}
