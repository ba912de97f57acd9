import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { createPostgresDatabase, SKIP_POSTGRES } from '../test/databases.ts';
import { freePort } from '../test/ports.ts';
import { scope } from './lib/telemetry/tracing.ts';
import { makePlayer, staffHeaders, startWebhookReceiver, type WebhookReceiver } from './modules/payments/testing/helpers.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@telemetry.example', ADMIN_PASSWORD: 'admin-password-1' };
const TOKEN = 'scrape-token-0123456789';

/** One sample of the Prometheus text format: `name{labels} value`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** A payment as a game server and its player make one: created by key, paid in the sandbox. */
async function payOnce(app: FastifyInstance, key: string, headers: Record<string, string> = {}): Promise<string> {
  const player = await makePlayer(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/payments',
    headers: { authorization: `Bearer ${key}` },
    payload: { userId: player.id, priceId: 'ft-coins-100' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const paymentId = created.json<{ paymentId: string }>().paymentId;
  await app.inject({ url: `/api/payments/yookassa/create/${paymentId}`, headers: player.auth });
  const paid = await app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${paymentId}/complete`,
    headers: { ...player.auth, ...headers },
    payload: { outcome: 'paid' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paymentId;
}

async function setUpProject(app: FastifyInstance, receiver: WebhookReceiver): Promise<string> {
  const admin = await staffHeaders(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  const set = await app.inject({
    method: 'PUT',
    url: '/api/staff/projects/familytown/webhook',
    headers: admin,
    payload: { url: receiver.url },
  });
  receiver.secret = set.json<{ secret: string }>().secret;
  return (await app.inject({ method: 'POST', url: '/api/staff/projects/familytown/api-keys', headers: admin })).json<{ key: string }>().key;
}

describe('metrics', () => {
  let app: FastifyInstance;
  let receiver: WebhookReceiver;
  let publicUrl: string;
  let metricsUrl: string;
  let key: string;

  beforeAll(async () => {
    const port = await freePort();
    app = await buildTestApp({
      ...ADMIN,
      AUTH_RATE_LIMIT_MAX: '5',
      JOB_POLL_INTERVAL_MS: '50',
      METRICS_PORT: String(port),
      METRICS_HOST: '127.0.0.1',
      METRICS_TOKEN: TOKEN,
    });
    publicUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    receiver = await startWebhookReceiver();
    key = await setUpProject(app, receiver);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  const scrape = async () => {
    const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  it('answers 404 at /metrics on the public port, never the app page', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${publicUrl}/metrics`, { method });
      expect(response.status, method).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
    const body = await (await fetch(`${publicUrl}/metrics`)).json();
    expect(body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves the metrics listener only to a scraper with the token, and only at /metrics', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    expect((await fetch(metricsUrl.replace('/metrics', '/'), { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    const text = await scrape();
    // Process metrics under their usual names: CPU, memory, event-loop lag.
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, 'portal_db_up')).toBe(1);
    expect(sample(text, 'portal_db_pool_max')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_data_dir_size_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'portal_event_streams_open')).toBe(0);
  });

  it('counts a payment, a failed sign-in and a webhook delivery', async () => {
    const before = await scrape();
    const delivered = (text: string) => sample(text, 'portal_webhook_deliveries_total', { outcome: 'delivered' }) ?? 0;
    const paid = (text: string) =>
      sample(text, 'portal_payments_finished_total', { provider: 'yookassa', state: 'paid', mode: 'test' }) ?? 0;

    const paymentId = await payOnce(app, key);
    await expect.poll(() => receiver.received.some((event) => event.data.paymentId === paymentId), { timeout: 15_000 }).toBe(true);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login-by-email',
      payload: { email: 'nobody@telemetry.example', password: 'Wrong2024pass' },
    });
    expect(wrong.statusCode, wrong.body).toBeLessThan(500);
    const staffWrong = await app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { email: ADMIN.ADMIN_EMAIL, password: 'not-it-at-all' },
    });
    expect(staffWrong.statusCode).toBe(401);

    let after = '';
    await expect
      .poll(
        async () => {
          after = await scrape();
          return delivered(after) - delivered(before);
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(paid(after) - paid(before)).toBe(1);
    expect(sample(after, 'portal_webhook_delivery_duration_seconds_count', { outcome: 'delivered' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'portal_sign_in_failures_total', { who: 'player' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'portal_sign_in_failures_total', { who: 'staff' })).toBeGreaterThanOrEqual(1);
    // Requests by matched route, never by raw address (no payment id in a label).
    expect(sample(after, 'portal_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/payments', status: '201' })).toBe(
      1,
    );
    expect(
      sample(after, 'portal_http_request_duration_seconds_count', { method: 'POST', route: '/api/payments/sandbox/:id/complete' }),
    ).toBe(1);
    expect(after).not.toContain(paymentId);
    // The webhook job ran once, done; the queue is empty again.
    expect(sample(after, 'portal_job_runs_total', { kind: 'payment.webhook', outcome: 'done' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'portal_jobs', { kind: 'payment.webhook', state: 'queued' }) ?? 0).toBe(0);
  });

  it('counts a route refused by its rate limit, and a job queue that waits', async () => {
    // A job due an hour ago that no worker of this kind takes: the backlog age the alert watches.
    await app.database.db.execute(
      sql`insert into jobs (kind, payload, run_at) values ('telemetry.orphan', '{}', now() - interval '1 hour')`,
    );
    const guesses = [];
    for (let i = 0; i < 7; i += 1) {
      guesses.push(
        await app.inject({
          method: 'POST',
          url: '/api/auth/login-by-email',
          payload: { email: `guess${i}@telemetry.example`, password: 'Wrong2024pass' },
        }),
      );
    }
    expect(guesses.map((guess) => guess.statusCode)).toContain(429);
    const text = await scrape();
    expect(sample(text, 'portal_rate_limit_refusals_total', { route: '/api/auth/login-by-email' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_jobs', { kind: 'telemetry.orphan', state: 'queued' })).toBe(1);
    expect(sample(text, 'portal_jobs_oldest_queued_age_seconds', { kind: 'telemetry.orphan' })).toBeGreaterThanOrEqual(3590);
  });
});

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
}

/** A stand-in OpenTelemetry collector: OTLP/HTTP with JSON bodies, keeping every span. */
async function startCollector(): Promise<{ url: string; spans: OtlpSpan[]; close(): Promise<void> }> {
  const spans: OtlpSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      if (request.url === '/v1/traces') {
        const data = JSON.parse(body.toString('utf8')) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }> };
        for (const resource of data.resourceSpans) for (const scopeSpans of resource.scopeSpans) spans.push(...scopeSpans.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((entry) => entry.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

/** Traces need the PostgreSQL driver's queries: the deployment's database. */
describe.skipIf(SKIP_POSTGRES)('traces over PostgreSQL', () => {
  let testDb: { url: string; drop(): Promise<void> };
  let app: FastifyInstance;
  let receiver: WebhookReceiver;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let key: string;

  beforeAll(async () => {
    collector = await startCollector();
    testDb = await createPostgresDatabase();
    app = await buildTestApp(
      { ...ADMIN, JOB_POLL_INTERVAL_MS: '50', OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'portal-under-test' },
      { databaseUrl: testDb.url, traceExportDelayMs: 100 },
    );
    receiver = await startWebhookReceiver();
    key = await setUpProject(app, receiver);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await collector?.close();
    await testDb?.drop();
  });

  it("follows a payment's request into its database queries, its job and the webhook delivery", async () => {
    // The player's browser (or a proxy) started the trace: the server's spans join it.
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const paymentId = await payOnce(app, key, { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    await expect.poll(() => receiver.received.some((event) => event.data.paymentId === paymentId), { timeout: 15_000 }).toBe(true);
    const ofTrace = () => collector.spans.filter((span) => span.traceId === traceId);
    // The job's span ends after the delivery's: both exported.
    await expect.poll(() => ofTrace().some((span) => span.name === 'job payment.webhook'), { timeout: 15_000 }).toBe(true);

    const spans = ofTrace();
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const request = spans.find((span) => span.name === 'POST /api/payments/sandbox/:id/complete');
    expect(request, spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(request!.parentSpanId).toBe('00f067aa0ba902b7');
    expect(attribute(request!, 'http.response.status_code')).toBe(200);
    // The request's own queries hang from it, statements without values.
    const queries = spans.filter((span) => span.parentSpanId === request!.spanId && span.name.startsWith('db '));
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.some((span) => String(attribute(span, 'db.query.text')).includes('update "payments"'))).toBe(true);
    expect(spans.some((span) => String(attribute(span, 'db.query.text') ?? '').includes(paymentId))).toBe(false);
    // The webhook job continues the trace; the delivery hangs from the job, with its outcome.
    const delivery = spans.find((span) => span.name === 'webhook delivery')!;
    const job = byId.get(delivery.parentSpanId!);
    expect(job?.name).toBe('job payment.webhook');
    expect(job?.parentSpanId).toBe(request!.spanId);
    expect(attribute(delivery, 'portal.webhook.outcome')).toBe('delivered');
    expect(attribute(delivery, 'portal.webhook.event_type')).toBe('payment.paid');
    expect(spans.some((span) => span.parentSpanId === job!.spanId && span.name.startsWith('db '))).toBe(true);
  });

  it('traces a provider call as a client span', async () => {
    const before = collector.spans.length;
    await payOnce(app, key);
    await expect
      .poll(() => collector.spans.slice(before).some((span) => span.name.startsWith('provider yookassa ')), { timeout: 10_000 })
      .toBe(true);
  });
});

describe('log lines', () => {
  it('carry the request id (and a job its id) on every line, whichever logger wrote it, once', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const raw: string[] = [];
    const app = await buildTestApp(
      { LOG_LEVEL: 'info', JOB_POLL_INTERVAL_MS: '50' },
      {
        logStream: {
          write: (line: string) => {
            raw.push(line);
            lines.push(JSON.parse(line) as Record<string, unknown>);
          },
        },
      },
    );
    try {
      // A module's logger (services get the app's, or a child of it) inside a request's scope.
      await scope.run({ reqId: 'req-log-1' }, async () => {
        app.log.info('module line before');
        await new Promise((resolve) => setTimeout(resolve, 5));
        app.log.child({ module: 'test' }).info('module line after');
      });
      app.log.info('outside any request');
      // A request's own line ("request done" of a write) has its id once, not twice.
      const answer = await app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { email: 'x@y.example', password: 'no' },
        headers: { 'x-request-id': 'req-log-2' },
      });
      expect(answer.statusCode).toBeLessThan(500);
      // A job's lines carry the job's id: the receipt of a paid payment.
      await payOnce(app, await app.staff.service.createApiKey('familytown', null, 'test'));
      await expect.poll(() => lines.some((line) => line.msg === 'receipt made'), { timeout: 15_000 }).toBe(true);
    } finally {
      await app.close();
    }
    const of = (message: string) => lines.filter((line) => line.msg === message).map((line) => line.reqId);
    expect(of('module line before')).toEqual(['req-log-1']);
    expect(of('module line after')).toEqual(['req-log-1']);
    expect(of('outside any request')).toEqual([undefined]);
    const done = raw.find((text) => text.includes('"request done"') && text.includes('req-log-2'))!;
    expect(done.match(/"reqId"/g)).toHaveLength(1);
    const job = lines.find((line) => line.msg === 'receipt made')!;
    expect(job.jobId).toEqual(expect.any(Number));
    expect(job.reqId).toBeUndefined();
  });
});
