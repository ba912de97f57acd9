import { HEADERS } from '@portal/contracts/http';
import type { TApiError } from '@portal/contracts/errors';
import { currentLanguage } from '../i18n/i18n';
import { STORAGE_KEYS } from '../storage-keys';
import { storage } from '../storage';
import { apiFetch } from './transport';

/** A failed call: the server's `{ code, message }` (or NETWORK_ERROR / BAD_RESPONSE) and the HTTP status. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** The whole error body (e.g. `retryAfter` of a too-early resend). */
  readonly body: Record<string, unknown>;

  constructor(code: string, message: string, status: number, body: object = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.body = body as Record<string, unknown>;
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
  /** A player token handed in by the host (a route's :jwt segment, a modal value): the `jwt` page parameter. */
  jwt?: string | null;
}
let requestContext: RequestContext = {};

export function setRequestContext(next: RequestContext): void {
  requestContext = { ...requestContext, ...next };
}

export const getRequestContext = (): Readonly<RequestContext> => requestContext;

/** What the player client does on a 401 of a call that carried a token; `app/` registers it. */
export type UnauthorizedReaction = (source: string | null | undefined) => void;

let playerUnauthorizedReaction: UnauthorizedReaction | null = null;
// Several calls failing with 401 together react once.
let lastUnauthorizedAt = 0;
const UNAUTHORIZED_QUIET_MS = 2000;

/** Registers the player's 401 reaction (and starts a fresh quiet period). */
export function setPlayerUnauthorizedReaction(reaction: UnauthorizedReaction | null): void {
  playerUnauthorizedReaction = reaction;
  lastUnauthorizedAt = 0;
}

/**
 * The one place that reacts to a 401: only for calls that carried a token,
 * so a wrong password or an expired sign-in link never signs anybody out.
 */
function onPlayerUnauthorized(): void {
  const now = Date.now();
  if (now - lastUnauthorizedAt < UNAUTHORIZED_QUIET_MS) return;
  lastUnauthorizedAt = now;
  playerUnauthorizedReaction?.(requestContext.source || sourceOfPage());
}

/** A host's `?source=` (the support and purchase screens take it so, not as a path segment). */
function sourceOfPage(): string | null {
  try {
    return new URLSearchParams(window.location.search).get('source');
  } catch {
    return null;
  }
}

function bearerToken(): string | null {
  try {
    const fromQuery = new URLSearchParams(window.location.search).get('jwt');
    if (fromQuery) return fromQuery;
  } catch {
    /* no location (tests) */
  }
  return requestContext.jwt || storage.get(STORAGE_KEYS.accessToken);
}

/** The headers every product call carries. */
export function buildHeaders(extra?: HeadersInit): Headers {
  const headers = baseHeaders(extra);
  addPlayerHeaders(headers);
  const token = bearerToken();
  if (token) headers.set(HEADERS.authorization, `Bearer ${token}`);
  return headers;
}

function baseHeaders(extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  headers.set('Accept', 'application/json');
  headers.set(HEADERS.language, currentLanguage());
  return headers;
}

function addPlayerHeaders(headers: Headers): void {
  const session = storage.get(STORAGE_KEYS.session);
  if (session) headers.set(HEADERS.session, session);
  if (requestContext.source) headers.set(HEADERS.source, requestContext.source);
  if (requestContext.locale) headers.set(HEADERS.locale, requestContext.locale);
  if (requestContext.project) headers.set(HEADERS.project, requestContext.project);
  const tempUserId = storage.get(STORAGE_KEYS.tempUserId);
  if (tempUserId) headers.set(HEADERS.tempUserId, tempUserId);
}

function isErrorBody(body: unknown): body is TApiError {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as TApiError).code === 'string' &&
    typeof (body as TApiError).message === 'string'
  );
}

export interface RequestOptions {
  /** false: a 401 is only this call's failure (logout, token check), not a sign-out. */
  reactToUnauthorized?: boolean;
}

export interface ApiClientOptions {
  /** The bearer token a call carries, if any. */
  getToken: () => string | null;
  /** Headers of this client besides Accept, language and authorization. */
  addHeaders?: (headers: Headers) => void;
  /** A 401 answer to a call that carried a token. */
  onUnauthorized?: () => void;
  /**
   * `data`: answers are `{ data }` envelopes and calls return their `data` (the player API).
   * `body`: calls return the whole parsed body (the staff console's routes answer bare bodies).
   */
  envelope?: 'data' | 'body';
}

export interface ApiClient {
  request<T>(url: string, init?: RequestInit, options?: RequestOptions): Promise<T>;
  get<T>(url: string, signal?: AbortSignal): Promise<T>;
  post<T>(url: string, payload?: unknown, options?: RequestOptions & { signal?: AbortSignal }): Promise<T>;
}

/** The JSON init of a call with a body. */
export const jsonInit = (method: string, payload?: unknown, signal?: AbortSignal): RequestInit => ({
  method,
  signal,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(payload ?? {}),
});

/** A fetch wrapper: headers, token, error bodies as ApiError, the 401 reaction. */
export function createApiClient({ getToken, addHeaders, onUnauthorized, envelope = 'data' }: ApiClientOptions): ApiClient {
  async function request<T>(url: string, init: RequestInit = {}, options: RequestOptions = {}): Promise<T> {
    const headers = baseHeaders(init.headers);
    addHeaders?.(headers);
    const token = getToken();
    if (token) headers.set(HEADERS.authorization, `Bearer ${token}`);
    let response: Response;
    try {
      response = await apiFetch(url, { ...init, headers });
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
      if (response.status === 401 && headers.has(HEADERS.authorization) && options.reactToUnauthorized !== false) {
        onUnauthorized?.();
      }
      if (isErrorBody(body)) throw new ApiError(body.code, body.message, response.status, body);
      const rest = typeof body === 'object' && body !== null ? body : {};
      throw new ApiError('HTTP_ERROR', response.statusText || `HTTP ${response.status}`, response.status, rest);
    }
    if (envelope === 'body') return body as T;
    if (typeof body !== 'object' || body === null || !('data' in body)) {
      throw new ApiError('BAD_RESPONSE', 'The answer has no data', response.status);
    }
    return (body as { data: T }).data;
  }
  return {
    request,
    get: <T>(url: string, signal?: AbortSignal) => request<T>(url, { method: 'GET', signal }),
    post: <T>(url: string, payload?: unknown, options?: RequestOptions & { signal?: AbortSignal }) =>
      request<T>(url, jsonInit('POST', payload, options?.signal), options),
  };
}

/** The player API: product headers, the player's token, `{ data }` answers. */
export const playerApi = createApiClient({
  getToken: bearerToken,
  addHeaders: addPlayerHeaders,
  onUnauthorized: onPlayerUnauthorized,
});

/** Calls the player API and returns the `data` of its `{ data }` answer; throws ApiError otherwise. */
export const apiRequest = playerApi.request;
export const apiGet = playerApi.get;
export const apiPost = playerApi.post;
