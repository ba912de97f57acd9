import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

const VERBOSE = new Set(['debug', 'trace']);

export const REDACTED = '[redacted]';

/**
 * Query parameters that carry a credential or a one-time secret: player JWTs of the SSE
 * streams (`?jwt=`), sign-in and mail-link tokens, the temporary user id, and OAuth's
 * `state`/`code` (plus the OAuth token names a provider may send back). Compared lower-case.
 */
const SECRET_PARAMS = new Set(['jwt', 'token', 't', 'tempuserid', 'state', 'code', 'access_token', 'id_token', 'refresh_token']);

/** `GET /api/auth/check/{jwt}` carries the player JWT in its path. */
const JWT_IN_PATH = /(\/auth\/check\/)[^/?#]+/gi;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * A request URL as it may be written to the log: the values of SECRET_PARAMS and the JWT of
 * /auth/check/{jwt} become `[redacted]`; everything else stays byte for byte.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = (mark === -1 ? url : url.slice(0, mark)).replace(JWT_IN_PATH, `$1${REDACTED}`);
  if (mark === -1) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAMS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * The logger's `req` serializer (Fastify's fields, the URL redacted): used by every line that
 * logs `{ req }`, Fastify's own error lines included.
 */
export function serializeRequest(request: FastifyRequest | { method?: string; url?: string; raw?: unknown }): Record<string, unknown> {
  const r = request as Partial<FastifyRequest>;
  return {
    method: r.method,
    url: typeof r.url === 'string' ? redactUrl(r.url) : undefined,
    host: r.host,
    remoteAddress: r.ip,
  };
}

/**
 * One log line per answer instead of Fastify's two (incoming + completed), without the
 * full req/res serializers: the catalogue reads are hot, and serializing two objects per
 * request costs a large share of their throughput. Successful reads (GET/HEAD below 400)
 * log at debug, visible with LOG_LEVEL=debug; writes and errors always log. URLs are
 * logged redacted (redactUrl): SSE streams and /auth/check carry player JWTs.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const quiet = !error && status < 400 && (request.method === 'GET' || request.method === 'HEAD');
    const level = error || status >= 500 ? 'error' : quiet ? 'debug' : 'info';
    if (quiet && !VERBOSE.has(request.log.level)) return;
    const line = { method: request.method, url: redactUrl(request.url), status, ms: Math.round(reply.elapsedTime * 10) / 10 };
    request.log[level](error ? { ...line, err: error } : line, 'request done');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info(`Route ${request.raw.method}:${redactUrl(request.raw.url ?? '')} not found`);
  }
}

/** Echoes the request id so a user's bug report can be matched to the log line. */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'request-id' },
);
