import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@portal/contracts/errors';
import { AppError } from '../lib/app-error.ts';

/** Fastify's and plugins' own 4xx errors (bad JSON, media type, size...) by status. */
const CODE_BY_STATUS: Record<number, ApiErrorBody['code']> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

const send = (reply: FastifyReply, status: number, body: ApiErrorBody) => reply.code(status).send(body);

/** Socket errors of a service we connect to (the database, Redis) that is away or restarting. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres's own words for a connection it lost or could not make in time. */
const POOL_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Query read timeout)/;

/**
 * Whether an error (or one it wraps: Drizzle wraps driver errors) says a backing service is
 * unreachable rather than that our code is wrong: a refused or dropped connection, PostgreSQL
 * shutting down or starting (SQLSTATE class 08, 57P01-57P03, 53300 too many connections).
 */
export function isServiceUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300'))
      return true;
    if (POOL_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** "querystring.projectName: Invalid input" — the field first, so the client can point at it. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const field = [error.validationContext, ...first.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.');
  const missing =
    typeof first.params === 'object' && first.params !== null && 'missingProperty' in first.params
      ? String(first.params.missingProperty)
      : '';
  return `${field}${missing ? `.${missing}` : ''}: ${first.message ?? 'is invalid'}`;
}

/**
 * The one error handler: every failure leaves as `{ code, message }`.
 * 4xx messages are safe to show; 5xx details stay in the log.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
        const message = error.statusCode >= 500 ? (error.publicMessage ?? error.message) : error.message;
        // The wait goes in the header and, for clients that read bodies only, as `retryAfter`.
        const retryAfter = error.retryAfter === undefined ? undefined : Math.max(1, Math.ceil(error.retryAfter));
        if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
        const details = error.statusCode < 500 ? { ...error.details, ...(retryAfter === undefined ? {} : { retryAfter }) } : undefined;
        return send(reply, error.statusCode, { ...details, code: error.code, message });
      }
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        return send(reply, 400, { code: 'VALIDATION_ERROR', message: validationMessage(error) });
      }
      if (error.statusCode === 429) {
        return send(reply, 429, { code: 'RATE_LIMITED', message: 'Too many requests, please retry later' });
      }
      if (isServiceUnavailable(error)) {
        // The database (or Redis) is away: a 503 the client may retry, and the next request after
        // it is back is served again (the pool opens fresh connections by itself).
        request.log.warn({ err: error }, 'a backing service is not reachable');
        reply.header('retry-after', '5');
        return send(reply, 503, {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is briefly unavailable, please try again in a moment',
        });
      }
      if (isResponseSerializationError(error)) {
        // Our answer broke its own contract: a bug on our side, not the client's.
        request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        const code = CODE_BY_STATUS[error.statusCode] ?? 'BAD_REQUEST';
        return send(reply, error.statusCode, { code, message: error.message });
      } else {
        request.log.error({ err: error }, 'unhandled error');
      }
      return send(reply, 500, { code: 'INTERNAL_ERROR', message: 'Internal server error' });
    });
  },
  { name: 'error-handler' },
);

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL over the size
 * limit, broken framing, a client too slow): the same `{ code, message }` as every other
 * error, written on the socket, which then closes. Fastify's option `clientErrorHandler`.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ApiErrorBody['code'], string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT', 'The request was not sent in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE', 'The request headers (URL included) are too large']
        : [400, 'BAD_REQUEST', 'The request could not be read'];
  this.log.debug({ err: error }, 'refused a request the HTTP parser could not read');
  const body = JSON.stringify({ code, message } satisfies ApiErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
