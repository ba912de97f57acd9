import { z } from 'zod';

/** `GET /health` and `GET /api/health`: ok only when the database answers. */
export const ZHealth = z.object({ status: z.literal('ok'), db: z.literal('ok') });
export type THealth = z.infer<typeof ZHealth>;
