import { z } from 'zod';

/** `GET /health` and `GET /api/health`: ok only when the database answers. */
export const ZHealth = z.object({ status: z.literal('ok'), db: z.literal('ok') });
export type THealth = z.infer<typeof ZHealth>;
/** GET /health/live: the process runs and answers (no dependency is asked). */
export const ZLiveness = z.object({ status: z.literal('ok') });
export type TLiveness = z.infer<typeof ZLiveness>;
