import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, projectWebhooks } from '../../db/schema.ts';
import { assertPublicUrl, NonPublicAddressError, type Resolver } from '../../lib/public-address.ts';
import { PermanentJobError, type JobKind } from '../jobs/queue.ts';

/** The webhook URL a payment's delivery would post to, if its project has one. */
export async function webhookUrlOfPayment(db: Db, paymentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ url: projectWebhooks.url })
    .from(payments)
    .innerJoin(projectWebhooks, eq(projectWebhooks.project, payments.project))
    .where(eq(payments.id, paymentId));
  return row?.url;
}

/**
 * The webhook job as production runs it: right before each delivery the target is checked
 * again — scheme, literal address, and every address its name resolves to now (a name saved
 * while public may point inside later). A non-public target fails the job for good (recorded
 * as its last_error) instead of retrying for a day and a half; a failed lookup retries as usual.
 */
export function refuseNonPublicWebhookTargets(kind: JobKind, db: Db, resolve?: Resolver): JobKind {
  return {
    ...kind,
    handler: async (payload, context) => {
      const url = await webhookUrlOfPayment(db, String(payload.paymentId));
      if (url) {
        try {
          await assertPublicUrl(url, resolve);
        } catch (error) {
          if (error instanceof NonPublicAddressError) throw new PermanentJobError(`webhook target refused: ${error.message}`);
          throw error;
        }
      }
      await kind.handler(payload, context);
    },
  };
}
