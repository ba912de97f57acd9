import { AsyncLocalStorage } from 'node:async_hooks';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

/**
 * What the code running now belongs to: the request (its id) or the background job, and the
 * span its own spans hang from. One AsyncLocalStorage for the logs and the traces alike: every
 * log line written while it is set carries the request id (see `logMixin`), and every span
 * started while it is set is a child of its span.
 */
export interface Scope {
  reqId?: string;
  jobId?: number;
  span?: Span;
}

export const scope = new AsyncLocalStorage<Scope>();

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
}

/**
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT names a collector (OTLP over
 * HTTP). The spans are made here, by the code that knows what it does (a request, a query, a
 * provider call, a webhook delivery, a job), rather than by patching libraries at load time:
 * the server is one ES module bundle, where require-hooking instrumentations see nothing.
 */
export interface Tracing {
  readonly enabled: boolean;
  /** A span under the current scope's span (or under `parent`, a caller's trace context). */
  startSpan(name: string, options?: SpanOptions & { parent?: Context }): Span | undefined;
  /** Runs `work` in a child span of the current scope (or of `parent`), ending it with the outcome. */
  inSpan<T>(name: string, options: SpanOptions & { parent?: Context }, work: (span: Span | undefined) => Promise<T>): Promise<T>;
  /** The trace context a request's `traceparent` header carries, if any. */
  extract(headers: Record<string, string | string[] | undefined>): Context;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

const propagator = new W3CTraceContextPropagator();
const headerGetter = {
  keys: (carrier: Record<string, string | string[] | undefined>) => Object.keys(carrier),
  get: (carrier: Record<string, string | string[] | undefined>, key: string) => carrier[key],
};

/** Marks a span failed by an error (its message, never request data). */
export function failSpan(span: Span | undefined, error: unknown): void {
  if (!span) return;
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** The W3C `traceparent` of the current scope's span, for work that continues elsewhere (a job). */
export function currentTraceParent(): string | null {
  const context = scope.getStore()?.span?.spanContext();
  if (!context) return null;
  return `00-${context.traceId}-${context.spanId}-${context.traceFlags.toString(16).padStart(2, '0')}`;
}

const disabled: Tracing = {
  enabled: false,
  startSpan: () => undefined,
  inSpan: (_name, _options, work) => work(undefined),
  extract: () => ROOT_CONTEXT,
  shutdown: async () => {},
};

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base address; spans go to `<endpoint>/v1/traces` */
  endpoint: string | undefined;
  serviceName: string;
  serviceVersion?: string;
  /** Buffered spans leave at least this often (default 5 s, OpenTelemetry's). */
  exportDelayMs?: number;
}

export function createTracing(options: TracingOptions): Tracing {
  if (!options.endpoint) return disabled;
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/$/, '')}/v1/traces` });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName,
      ...(options.serviceVersion && { [ATTR_SERVICE_VERSION]: options.serviceVersion }),
    }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: options.exportDelayMs ?? 5_000 })],
  });
  const tracer: Tracer = provider.getTracer('game-portal');
  const parentContext = (given: Context | undefined): Context => {
    if (given) return given;
    const span = scope.getStore()?.span;
    return span ? trace.setSpan(ROOT_CONTEXT, span) : ROOT_CONTEXT;
  };
  const startSpan: Tracing['startSpan'] = (name, spanOptions = {}) =>
    tracer.startSpan(
      name,
      {
        kind: spanOptions.kind ?? SpanKind.INTERNAL,
        ...(spanOptions.attributes && { attributes: spanOptions.attributes }),
      },
      parentContext(spanOptions.parent),
    );
  return {
    enabled: true,
    startSpan,
    async inSpan(name, spanOptions, work) {
      const span = startSpan(name, spanOptions);
      return scope.run({ ...scope.getStore(), span }, async () => {
        try {
          return await work(span);
        } catch (error) {
          failSpan(span, error);
          throw error;
        } finally {
          span?.end();
        }
      });
    },
    extract: (headers) => propagator.extract(ROOT_CONTEXT, headers, headerGetter),
    shutdown: () => provider.shutdown(),
  };
}

/**
 * The logger's mixin: the request id (and trace ids while tracing) on every line written during
 * a request or a job, whichever logger wrote it. A request's own logger already binds `reqId`,
 * so lines of loggers in `bound` get only the trace ids.
 */
export function logMixin(bound: WeakSet<object>) {
  return (_merge: object, _level: number, logger: object): Record<string, unknown> => {
    const current = scope.getStore();
    if (!current) return {};
    const line: Record<string, unknown> = {};
    if (current.reqId !== undefined && !bound.has(logger)) line.reqId = current.reqId;
    if (current.jobId !== undefined) line.jobId = current.jobId;
    const context = current.span?.spanContext();
    if (context) {
      line.trace_id = context.traceId;
      line.span_id = context.spanId;
    }
    return line;
  };
}

/**
 * A PostgreSQL query's span, under the request's or job's span: none outside them (pool upkeep,
 * LISTEN), where a lone query trace would tell nothing. The statement is the parameterized text.
 */
export function querySpan(tracing: Tracing, text: string): { end(error?: unknown): void } | undefined {
  if (!scope.getStore()?.span) return undefined;
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  const span = tracing.startSpan(`db ${operation}`, {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': text.slice(0, 2000) },
  });
  return {
    end(error) {
      if (error) failSpan(span, error);
      span?.end();
    },
  };
}
