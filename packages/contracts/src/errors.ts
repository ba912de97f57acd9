import { z } from 'zod';

export * from './error-codes.ts';

/** The one error shape every 4xx/5xx answer of /api carries. */
export const ZApiError = z.object({
  code: z.string(),
  message: z.string(),
  /** A 429's wait in seconds (also the Retry-After header). */
  retryAfter: z.number().int().nonnegative().optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
