export type TokenErrorReason = 'expired' | 'invalid' | 'revoked';

/**
 * Why a token was refused. The accounts module answers all three with 401; the reason lets
 * it pick its reaction (an expired token may be refreshed, a forged one may not) and
 * goes to the log, never the detail of what failed inside the signature check.
 */
export class TokenError extends Error {
  override readonly name = 'TokenError';

  constructor(
    readonly reason: TokenErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
