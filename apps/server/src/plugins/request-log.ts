import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

const VERBOSE = new Set(['debug', 'trace']);

/**
 * One log line per answer instead of Fastify's two (incoming + completed), without the
 * full req/res serializers: the catalogue reads are hot, and serializing two objects per
 * request costs a large share of their throughput. Successful reads (GET/HEAD below 400)
 * log at debug, visible with LOG_LEVEL=debug; writes and errors always log.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const quiet = !error && status < 400 && (request.method === 'GET' || request.method === 'HEAD');
    const level = error || status >= 500 ? 'error' : quiet ? 'debug' : 'info';
    if (quiet && !VERBOSE.has(request.log.level)) return;
    const line = { method: request.method, url: request.url, status, ms: Math.round(reply.elapsedTime * 10) / 10 };
    request.log[level](error ? { ...line, err: error } : line, 'request done');
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
