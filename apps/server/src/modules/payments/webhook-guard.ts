import { assertPublicUrl, NonPublicAddressError, type Resolver } from '../../lib/public-address.ts';
import { PermanentJobError } from '../jobs/queue.ts';

/**
 * The webhook target check production runs right before each delivery: scheme, literal
 * address, and every address the name resolves to now (a name saved while public may point
 * inside later). A non-public target fails the job for good (recorded as its last_error)
 * instead of retrying for a day and a half; a failed lookup retries as usual.
 */
export function refuseNonPublicWebhookTargets(resolve?: Resolver): (url: string) => Promise<void> {
  return async (url) => {
    try {
      await assertPublicUrl(url, resolve);
    } catch (error) {
      if (error instanceof NonPublicAddressError) throw new PermanentJobError(`webhook target refused: ${error.message}`);
      throw error;
    }
  };
}
