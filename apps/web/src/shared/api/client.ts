import { HEADERS } from '@portal/contracts/http';
import type { TApiError } from '@portal/contracts/errors';
import { currentLanguage } from '../i18n/i18n';
import { STORAGE_KEYS } from '../storage-keys';
import { storage } from '../storage';

/** A failed call: the server's `{ code, message }` (or NETWORK_ERROR / BAD_RESPONSE) and the HTTP status. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

/** Values the embedded screens receive from their host (route params, modal values). */
interface RequestContext {
  source?: string | null;
  locale?: string | null;
  project?: string | null;
}
let requestContext: RequestContext = {};

export function setRequestContext(next: RequestContext): void {
  requestContext = { ...requestContext, ...next };
}

function bearerToken(): string | null {
  try {
    const fromQuery = new URLSearchParams(window.location.search).get('jwt');
    if (fromQuery) return fromQuery;
  } catch {
    /* no location (tests) */
  }
  return storage.get(STORAGE_KEYS.accessToken);
}

/** The headers every product call carries (spec section 7). */
export function buildHeaders(extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  headers.set('Accept', 'application/json');
  headers.set(HEADERS.language, currentLanguage());
  const session = storage.get(STORAGE_KEYS.session);
  if (session) headers.set(HEADERS.session, session);
  if (requestContext.source) headers.set(HEADERS.source, requestContext.source);
  if (requestContext.locale) headers.set(HEADERS.locale, requestContext.locale);
  if (requestContext.project) headers.set(HEADERS.project, requestContext.project);
  const token = bearerToken();
  if (token) headers.set(HEADERS.authorization, `Bearer ${token}`);
  const tempUserId = storage.get(STORAGE_KEYS.tempUserId);
  if (tempUserId) headers.set(HEADERS.tempUserId, tempUserId);
  return headers;
}

function isErrorBody(body: unknown): body is TApiError {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as TApiError).code === 'string' &&
    typeof (body as TApiError).message === 'string'
  );
}

/**
 * Calls the API and returns the `data` of its `{ data }` answer; throws ApiError otherwise.
 * The payload type comes from `@portal/contracts`.
 */
export async function apiRequest<T>(url: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: buildHeaders(init.headers) });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError('NETWORK_ERROR', cause instanceof Error ? cause.message : 'Network error', 0);
  }

  let body: unknown = undefined;
  const text = await response.text();
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }

  if (!response.ok) {
    if (isErrorBody(body)) throw new ApiError(body.code, body.message, response.status);
    throw new ApiError('HTTP_ERROR', response.statusText || `HTTP ${response.status}`, response.status);
  }
  if (typeof body !== 'object' || body === null || !('data' in body)) {
    throw new ApiError('BAD_RESPONSE', 'The answer has no data', response.status);
  }
  return (body as { data: T }).data;
}

export const apiGet = <T>(url: string, signal?: AbortSignal) => apiRequest<T>(url, { method: 'GET', signal });
