import { Agent, fetch as undiciFetch } from 'undici';
import { NonPublicAddressError, nonPublicUrlReason, publicOnlyLookup, type Resolver } from '../../lib/public-address.ts';
import { PermanentJobError } from '../../lib/jobs/queue.ts';

/** How a webhook is posted: the parts of `fetch` delivery uses. */
export type WebhookFetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; redirect: 'manual'; signal: AbortSignal },
) => Promise<{ status: number; body: { cancel(): Promise<void> } | null }>;

/**
 * The webhook post production makes: scheme, `localhost` and literal address checked first, then
 * the connection made only to the addresses the name resolved to when it was checked (a name that
 * passes and then resolves inside our network for the connection, DNS rebinding, gets no
 * socket). A non-public target fails the job for good (recorded as its last_error) instead of
 * retrying for a day and a half; a failed lookup or connection retries as usual.
 */
export function publicOnlyWebhookFetch(resolve?: Resolver, refused?: (address: string) => boolean): WebhookFetch {
  const dispatcher = new Agent({ connect: { lookup: publicOnlyLookup(resolve, refused) } });
  return async (url, init) => {
    try {
      const literal = nonPublicUrlReason(url);
      if (literal) throw new NonPublicAddressError(literal);
      return await undiciFetch(url, { ...init, dispatcher });
    } catch (error) {
      const reason =
        error instanceof NonPublicAddressError
          ? error
          : error instanceof Error && error.cause instanceof NonPublicAddressError
            ? error.cause
            : undefined;
      if (reason) throw new PermanentJobError(`webhook target refused: ${reason.message}`);
      throw error;
    }
  };
}
