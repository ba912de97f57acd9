import type { TPaymentProviderId } from '@portal/contracts/payments';
import { PaymentProviderError } from './types.ts';

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * One JSON call to a provider's REST API. Network failures and non-2xx answers become
 * `PaymentProviderError` carrying the provider's status and error code, so callers can tell a
 * refusal (4xx) from something worth retrying.
 */
export async function requestJson(
  provider: TPaymentProviderId,
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit & { timeoutMs: number; codeOf: (body: unknown) => string | undefined },
): Promise<unknown> {
  const { timeoutMs, codeOf, ...rest } = init;
  let response: Response;
  try {
    response = await fetchImpl(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new PaymentProviderError(
      provider,
      `${rest.method ?? 'GET'} ${new URL(url).pathname} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    throw new PaymentProviderError(
      provider,
      `${rest.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`,
      response.status,
      codeOf(body),
    );
  }
  if (body === undefined) throw new PaymentProviderError(provider, `${new URL(url).pathname} answered no JSON`, response.status);
  return body;
}

/** Strips one trailing slash so `${base}/path` never doubles it. */
export const trimBase = (url: string) => url.replace(/\/+$/, '');
