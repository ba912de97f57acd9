import type { ApiErrorCode } from '@portal/contracts/error-codes';

/**
 * The one error type of the server. The error handler turns it into `{ code, message }`
 * with its status, so the web client reads every failure the same way.
 */
export class AppError extends Error {
  override readonly name = 'AppError';

  /**
   * What a client is told instead of `message` when the error is ours (5xx): a provider's
   * own text or an address stays in the log.
   */
  readonly publicMessage?: string;

  /** Seconds the client should wait before trying again: sent as the Retry-After header. */
  readonly retryAfter?: number;

  /** More fields of a 4xx answer next to `code` and `message` (e.g. the current record of a conflict). */
  readonly details?: Record<string, unknown>;

  constructor(
    readonly code: ApiErrorCode,
    readonly statusCode: number,
    message: string,
    options: { retryAfter?: number; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter;
    if (options.details !== undefined) this.details = options.details;
  }
}
