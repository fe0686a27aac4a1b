/**
 * Traces (OpenTelemetry), as the code that makes spans sees them: whether tracing is on in this process, a
 * span around a piece of work, the W3C `traceparent` put on an outgoing request and read from an incoming
 * one, and the ids of the span in progress (for log lines and the request log). Only @opentelemetry/api
 * here, which does nothing until a tracer provider is registered; the SDK that records and exports spans
 * is started by tracing-sdk.ts, loaded only when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT
 * or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), by instrumentation.ts in the dashboard and lib/sandbox/main.ts in
 * the sandbox. Off, every helper here returns at its first line: no span object, no context lookup.
 *
 * The span in progress is kept here, in an AsyncLocalStorage of ours, not in OpenTelemetry's global context
 * manager, and the tracer comes from the running tracing, not from a global tracer provider. Why: once
 * either is registered, Next.js traces every request itself (five to eight spans, and a context switch for
 * each, sampled or not), which cost a callback receiver about a fifth of its throughput
 * (bench/dashboard-observability.ts); with neither, Next.js sees tracing as off and does none of it. Each
 * dashboard request's server span is made by scripts/next-server.mjs (RunningTracing.startRequestSpan), the
 * sandbox's by its request middleware; the spans made here are their children.
 *
 * Whether it is on, and the context storage, are held in process slots (lib/process-slot.ts), which every
 * bundle of Next's reaches. No `import "server-only"`: the sandbox uses it too.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import {
  type Attributes,
  type Context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import { processSlot } from "@/lib/process-slot";

export { SpanKind };
export type { Span };

/** What a started tracing setup gives its process: flushing, and stopping (which flushes). */
export interface RunningTracing {
  /** Exports the spans ended so far. */
  forceFlush(): Promise<void>;
  /** Exports what is left, then stops; later spans are not recorded. */
  shutdown(): Promise<void>;
  /** The tracer every span of this process is made by. */
  tracer: Tracer;
  /**
   * A dashboard request's server span (scripts/next-server.mjs), continuing the request's `traceparent`:
   * `run` handles the request inside it, `end` ends it with the answer's status and the matched route.
   */
  startRequestSpan(
    method: string,
    path: string,
    headers: Record<string, string | string[] | undefined>,
  ): RequestSpan;
}

export interface RequestSpan {
  /** The span's trace id when it is sampled (exported): for the request's log line. */
  readonly traceId: string | undefined;
  run<T>(fn: () => T): T;
  end(status: number, route?: string): void;
}

/** Set by startTracing (tracing-sdk.ts); undefined: tracing is off. Keep the name in step with scripts/next-server.mjs. */
export const tracingSlot = processSlot<RunningTracing>("tracing");

/** Whether this process records spans. */
export function tracingOn(): boolean {
  return tracingSlot.get() !== undefined;
}

/** The instrumentation scope of every span this code makes. */
export const TRACER_NAME = "payorders";

function tracer(): Tracer {
  return (tracingSlot.get() as RunningTracing).tracer;
}

/** The context (span) in progress in each async flow; see the top of this file for why it is ours. */
const contexts = processSlot<AsyncLocalStorage<Context>>("trace-context").getOrSet(
  () => new AsyncLocalStorage<Context>(),
);

/** The context in progress: the span current here, if any (ROOT_CONTEXT outside every span). */
export function activeContext(): Context {
  return contexts.getStore() ?? ROOT_CONTEXT;
}

/** `fn` with `ctx` in progress (its span the parent of spans started meanwhile). */
export function runInContext<T>(ctx: Context, fn: () => T): T {
  return contexts.run(ctx, fn);
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent (a remote one read by extractContext, say); default: the span in progress, if any. */
  parent?: Context;
}

/**
 * `fn` inside a span named `name`, which is the current one while `fn` runs (spans started meanwhile are
 * its children); ended when `fn` settles, marked as an error when it throws. Off, `fn(undefined)` and
 * nothing else.
 */
export function inSpan<T>(
  name: string,
  options: SpanOptions,
  fn: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return fn(undefined);
  const parent = options.parent ?? activeContext();
  const span = tracer().startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
  );
  return runInContext(trace.setSpan(parent, span), async () => {
    try {
      return await fn(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * A span started now and ended by the caller, not made current (for an outgoing call, whose traceparent
 * names it: see traceHeaders). Off: undefined.
 */
export function startSpan(name: string, options: SpanOptions): Span | undefined {
  if (!tracingOn()) return undefined;
  return tracer().startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    options.parent ?? activeContext(),
  );
}

/** Marks `span` as failed by `error` (its type and message; the stack stays in the logs). */
export function failSpan(span: Span | undefined, error: unknown): void {
  if (!span) return;
  const e = error instanceof Error ? error : new Error(String(error));
  span.setAttribute("error.type", e.name);
  span.setStatus({ code: SpanStatusCode.ERROR, message: e.message.slice(0, 300) });
}

/** Marks `span` as failed with a message of ours (an answer that is an error, not a throw). */
export function spanError(span: Span | undefined, type: string, message?: string): void {
  if (!span) return;
  span.setAttribute("error.type", type);
  span.setStatus({ code: SpanStatusCode.ERROR, ...(message ? { message } : {}) });
}

/**
 * `headers` with the W3C trace context of `span` (or of the span in progress) added: `traceparent`, and
 * `tracestate` when there is one. Off, or with no span: `headers` itself.
 */
export function traceHeaders<H extends Record<string, string>>(headers: H, span?: Span): H {
  if (!tracingOn()) return headers;
  const ctx = span ? trace.setSpan(activeContext(), span) : activeContext();
  if (!trace.getSpanContext(ctx)) return headers;
  const out: Record<string, string> = { ...headers };
  propagation.inject(ctx, out);
  return out as H;
}

/** The W3C `traceparent` of `ctx`'s span (to keep and continue later: rememberTrace); undefined when off or none. */
export function traceparentOf(ctx: Context = activeContext()): string | undefined {
  if (!tracingOn() || !trace.getSpanContext(ctx)) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent;
}

/** The context an incoming request's `traceparent` names (a remote parent), over the current one. */
export function extractContext(
  headers: Headers | Record<string, string | string[] | undefined>,
  base: Context = activeContext(),
): Context {
  if (!tracingOn()) return base;
  if (headers instanceof Headers) {
    return propagation.extract(base, headers, {
      keys: (h) => [...h.keys()],
      get: (h, key) => h.get(key) ?? undefined,
    });
  }
  return propagation.extract(base, headers);
}

/** The context a kept `traceparent` names; the current one when there is none or it is not well-formed. */
export function contextFromTraceparent(traceparent: string | undefined): Context {
  if (!traceparent || !tracingOn()) return activeContext();
  return propagation.extract(activeContext(), { traceparent });
}

/**
 * `fn` with the server span of the request being handled: the span in progress (scripts/next-server.mjs makes
 * one for every dashboard request), or, handled without one (a route handler called directly), a server span
 * of its own named `name`, continuing the request's `traceparent` and ended when `fn` settles. One span a
 * request either way: a child span for the handler's work would be a second span to record and export for
 * every callback, the largest part of what tracing costs the receiver (bench/dashboard-observability.ts).
 * Off: `fn(undefined)`.
 */
export function inRequestSpan<T>(
  name: string,
  headers: Headers,
  options: { attributes?: Attributes },
  fn: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return fn(undefined);
  const current = trace.getSpan(activeContext());
  if (current) return fn(current);
  return inSpan(
    name,
    { kind: SpanKind.SERVER, attributes: options.attributes, parent: extractContext(headers) },
    fn,
  );
}

const SAMPLED = 0x01;

/** The ids of the span in progress when it is recorded and sampled (what an exported trace can be found by). */
export function activeSpanIds(): { traceId: string; spanId: string } | undefined {
  if (!tracingOn()) return undefined;
  const sc: SpanContext | undefined = trace.getSpanContext(activeContext());
  if (!sc || (sc.traceFlags & SAMPLED) === 0) return undefined;
  return { traceId: sc.traceId, spanId: sc.spanId };
}

/** The trace id of `span` when it is sampled (exported); null otherwise, and when off. */
export function sampledTraceId(span: Span | undefined): string | null {
  if (!span) return null;
  const sc = span.spanContext();
  return (sc.traceFlags & SAMPLED) !== 0 ? sc.traceId : null;
}
