/**
 * Starts a process's tracing (OpenTelemetry SDK), when an OTLP endpoint is configured: instrumentation.ts
 * does it for the dashboard, lib/sandbox/main.ts for the sandbox, each importing this module only then (off,
 * the SDK is never loaded). What it registers for the whole process, through @opentelemetry/api's globals
 * (which Next.js's own tracer reads too, so its spans — one per request, route handlers, rendering — join):
 *
 * - the context manager (AsyncLocalStorage), so a span stays current across `await`;
 * - the W3C trace-context propagator (`traceparent`, `tracestate`);
 * - a tracer provider: the sampler OTEL_TRACES_SAMPLER names (default: a trace's first process decides,
 *   always yes; the others follow the `traceparent`'s sampled flag), the resource (`service.name`, plus
 *   OTEL_RESOURCE_ATTRIBUTES), and spans batched (BatchSpanProcessor) to the OTLP/HTTP JSON exporter,
 *   which also reads the exporter's other OTEL_EXPORTER_OTLP_* variables (headers, timeout, compression,
 *   certificates) itself.
 *
 * Next.js's inner spans are folded into its request span (next-spans.ts). Each request's first span in this
 * process carries the request id (`payorders.request_id`), and its trace
 * id is kept for the request's log line (RunningTracing.takeRequestTrace). The SDK's own complaints (an export
 * that failed) go to the process's log at `warn`.
 */
import { randomUUID } from "node:crypto";
import { type Context, context, DiagLogLevel, diag, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import {
  defaultResource,
  detectResources,
  resourceAttributesEnvDetector,
  resourceFromAttributes,
} from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type ReadableSpan,
  type Sampler,
  type Span,
  type SpanExporter,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import type { TraceSamplerName, TracingSettings } from "./env";
import { log } from "./logger";
import { foldingNextSpans } from "./next-spans";
import { currentRequestId } from "./request-id";
import { type RunningTracing, tracingSlot } from "./tracing";

/** Requests whose trace id waits for their log line; past this many the oldest are forgotten. */
const MAX_REQUEST_TRACES = 10_000;

export function samplerFor(name: TraceSamplerName, ratio: number): Sampler {
  switch (name) {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return new TraceIdRatioBasedSampler(ratio);
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case "parentbased_traceidratio":
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/**
 * Marks the first span of each request in this process (no parent here: none, or a remote one) with the
 * request id, and keeps its trace id until the request's log line takes it.
 */
class RequestTraces implements SpanProcessor {
  readonly traces = new Map<string, string>();

  onStart(span: Span, _parent: Context): void {
    const parent = span.parentSpanContext;
    if (parent && !parent.isRemote) return;
    const requestId = currentRequestId();
    if (requestId === undefined) return;
    span.setAttribute("payorders.request_id", requestId);
    if (this.traces.has(requestId)) return;
    if (this.traces.size >= MAX_REQUEST_TRACES) {
      const oldest = this.traces.keys().next().value;
      if (oldest !== undefined) this.traces.delete(oldest);
    }
    this.traces.set(requestId, span.spanContext().traceId);
  }

  take(requestId: string): string | undefined {
    const traceId = this.traces.get(requestId);
    if (traceId !== undefined) this.traces.delete(requestId);
    return traceId;
  }

  onEnd(_span: ReadableSpan): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    this.traces.clear();
    return Promise.resolve();
  }
}

export interface StartTracingOptions {
  /** Instead of the OTLP exporter (tests). */
  exporter?: SpanExporter;
}

/**
 * Starts tracing for this process with `settings`; a second call (a dev reload of instrumentation.ts)
 * returns the tracing already running.
 */
export function startTracing(settings: TracingSettings, options: StartTracingOptions = {}): RunningTracing {
  const running = tracingSlot.get();
  if (running) return running;

  diag.setLogger(
    {
      error: (message, ...args) => log().warn({ otel: args.map(String) }, `tracing: ${message}`),
      warn: (message, ...args) => log().warn({ otel: args.map(String) }, `tracing: ${message}`),
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
  );

  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());

  const resource = defaultResource()
    .merge(resourceFromAttributes({ "service.instance.id": randomUUID() }))
    .merge(detectResources({ detectors: [resourceAttributesEnvDetector] }))
    .merge(resourceFromAttributes({ "service.name": settings.serviceName }));
  const exporter = options.exporter ?? new OTLPTraceExporter({ url: settings.url });
  const requestTraces = new RequestTraces();
  const provider = new TracerProvider({
    resource,
    sampler: samplerFor(settings.sampler, settings.samplerRatio),
    spanProcessors: [
      requestTraces,
      new BatchSpanProcessor({
        exporter,
        scheduledDelayMillis: settings.scheduledDelayMillis,
        maxQueueSize: 4_096,
        maxExportBatchSize: 512,
      }),
    ],
  });
  trace.setGlobalTracerProvider(foldingNextSpans(provider, process.env.NEXT_OTEL_VERBOSE === "1"));

  let stopped: Promise<void> | undefined;
  const tracing: RunningTracing = {
    forceFlush: () => provider.forceFlush(),
    shutdown() {
      stopped ??= provider
        .shutdown()
        .catch((error) => log().warn({ err: error }, "tracing: the last spans were not exported"))
        .finally(() => {
          trace.disable();
          propagation.disable();
          context.disable();
          tracingSlot.set(undefined);
        });
      return stopped;
    },
    takeRequestTrace: (requestId) => requestTraces.take(requestId),
  };
  tracingSlot.set(tracing);
  return tracing;
}
