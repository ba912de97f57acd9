import type { ApiErrorCode } from '@portal/contracts/errors';

/**
 * The one error type of the server. The error handler turns it into `{ code, message }`
 * with its status, so the web client reads every failure the same way.
 */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: ApiErrorCode | (string & {}),
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
