import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { Metrics } from '../lib/telemetry/metrics.ts';
import { signInFailures, type SignInFailure } from '../lib/telemetry/signals.ts';
import { scope, type Tracing } from '../lib/telemetry/tracing.ts';

export interface TelemetryOptions {
  metrics: Metrics;
  tracing: Tracing;
}

/** The label of requests no route matched: one series, whatever was asked. */
const UNMATCHED = 'unmatched';

/**
 * Per request: a scope (its id for every log line, its span for every child span), a server span
 * named by the matched route when tracing, and the request's line in the duration histogram.
 * `/metrics` on the public port is a plain 404: metrics have a listener of their own.
 */
export const telemetryPlugin = fp<TelemetryOptions>(
  async (app: FastifyInstance, { metrics, tracing }) => {
    app.addHook('onRequest', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED;
      const span = tracing.enabled
        ? tracing.startSpan(`${request.method} ${route}`, {
            kind: SpanKind.SERVER,
            parent: tracing.extract(request.headers),
            attributes: { 'http.request.method': request.method, 'http.route': route, 'url.scheme': request.protocol },
          })
        : undefined;
      if (span) {
        span.setAttribute('portal.request_id', request.id);
        // 'close' comes for every answer, event streams and aborted requests included.
        reply.raw.once('close', () => {
          const status = reply.raw.statusCode;
          span.setAttribute('http.response.status_code', status);
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          if (!reply.raw.writableFinished) span.setAttribute('portal.aborted', true);
          span.end();
        });
      }
      scope.run({ reqId: request.id, ...(span && { span }) }, done);
    });

    app.addHook('onResponse', (request, reply, done) => {
      const type = reply.raw.getHeader('content-type');
      // An event stream's "duration" is how long a player kept a page open: not a latency.
      if (typeof type === 'string' && type.startsWith('text/event-stream')) return done();
      const route = request.routeOptions.url ?? UNMATCHED;
      const status = reply.statusCode;
      metrics.httpRequestDuration.observe({ method: request.method, route, status: String(status) }, reply.elapsedTime / 1000);
      if (status === 429) metrics.rateLimitRefusals.inc({ route });
      done();
    });

    // Without this the web app's page would answer (200): a scraper pointed at the public port
    // must see that nothing is there.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/metrics',
      schema: { hide: true },
      config: { rateLimit: false },
      handler: async () => {
        throw new AppError('NOT_FOUND', 404, 'Not found');
      },
    });
  },
  { name: 'telemetry' },
);

export interface MetricsListenerOptions {
  port: number;
  host: string;
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>` */
  token?: string | undefined;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The metrics listener: `GET /metrics` in Prometheus' text format on a port of its own
 * (METRICS_PORT), which a proxy never publishes and a NetworkPolicy opens to the scraper only.
 */
export async function startMetricsListener(metrics: Metrics, options: MetricsListenerOptions): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (options.token && !tokenMatches(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(request.method === 'HEAD' ? '' : body),
      (error: unknown) => {
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`metrics failed: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/**
 * The app's telemetry around its life: sign-in failures counted from their channel, buffered
 * spans sent at close, and the metrics listener (METRICS_PORT) opened once the app listens.
 */
export function serveTelemetry(
  app: FastifyInstance,
  metrics: Metrics,
  tracing: Tracing,
  listener: Omit<MetricsListenerOptions, 'port'> & { port: number | undefined },
): void {
  const countSignInFailure = (message: unknown) => metrics.signInFailures.inc({ who: (message as SignInFailure).who });
  signInFailures.subscribe(countSignInFailure);
  app.addHook('onClose', async () => {
    signInFailures.unsubscribe(countSignInFailure);
    await tracing.shutdown();
  });
  const { port } = listener;
  if (port === undefined) return;
  let server: Server | undefined;
  app.addHook('onListen', async () => {
    server = await startMetricsListener(metrics, { ...listener, port });
    app.log.info({ port, host: listener.host }, 'metrics listener ready');
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections();
  });
}
