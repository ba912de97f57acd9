import { SignInError, type FetchLike } from './types.ts';

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface JsonResponse {
  status: number;
  body: unknown;
}

/**
 * One call to a provider's HTTP API. A network failure or timeout is "provider
 * unavailable" (502 to our caller); a body that is not JSON is a provider error.
 */
export async function requestJson(
  provider: string,
  url: URL | string,
  init: RequestInit & { fetch?: FetchLike; timeoutMs?: number } = {},
): Promise<JsonResponse> {
  const { fetch: fetchImpl = fetch, timeoutMs = DEFAULT_TIMEOUT_MS, ...rest } = init;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      ...rest,
      headers: { accept: 'application/json', ...rest.headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    throw new SignInError(provider, 'provider_unavailable', `${provider} could not be reached`, { cause });
  }
  const text = await response.text();
  try {
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  } catch (cause) {
    throw new SignInError(provider, 'provider_error', `${provider} answered ${response.status} with a body that is not JSON`, {
      cause,
    });
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads an id that providers send as a number or a string. */
export function idString(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Joins given and family names, or returns undefined when both are empty. */
export function joinName(...parts: unknown[]): string | undefined {
  const name = parts.map(optionalString).filter(Boolean).join(' ');
  return name === '' ? undefined : name;
}

/** `defaults` overridden by the options that are actually set (an explicit `undefined` keeps the default). */
export function withDefaults<T extends object>(defaults: T, options: Partial<T>): T {
  const result = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = options[key];
    if (value !== undefined) result[key] = value as T[keyof T];
  }
  return result;
}
