/**
 * Starts a process's tracing (OpenTelemetry SDK), when an OTLP endpoint is configured: instrumentation.ts
 * does it for the dashboard, lib/sandbox/main.ts for the sandbox, each importing this module only then (off,
 * the SDK is never loaded). What it sets up:
 *
 * - the W3C trace-context propagator (`traceparent`, `tracestate`), registered for the process;
 * - a tracer provider, kept here, not registered (tracing.ts says why: Next.js would trace every request
 *   itself): the sampler OTEL_TRACES_SAMPLER names (default: a trace's first process decides, always yes;
 *   the others follow the `traceparent`'s sampled flag), the resource (`service.name`, plus
 *   OTEL_RESOURCE_ATTRIBUTES), and spans batched (BatchSpanProcessor) to the OTLP/HTTP JSON exporter,
 *   which also reads the exporter's other OTEL_EXPORTER_OTLP_* variables (headers, timeout, compression,
 *   certificates) itself;
 * - the dashboard's server span for each request (startRequestSpan, called by scripts/next-server.mjs).
 *
 * Each request's first span in this process carries the request id (`payorders.request_id`). The SDK's own
 * complaints (an export that failed) go to the process's log at `warn`.
 */
import { randomUUID } from "node:crypto";
import {
  type Context,
  DiagLogLevel,
  diag,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  trace,
} from "@opentelemetry/api";
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
import { currentRequestId } from "./request-id";
import {
  type RequestSpan,
  type RunningTracing,
  runInContext,
  sampledTraceId,
  spanError,
  TRACER_NAME,
  tracingSlot,
} from "./tracing";

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
 * request id. (The dashboard's request line takes its trace id from the request span itself: RequestSpan.)
 */
class RequestIdMarker implements SpanProcessor {
  onStart(span: Span, _parent: Context): void {
    const parent = span.parentSpanContext;
    if (parent && !parent.isRemote) return;
    const requestId = currentRequestId();
    if (requestId !== undefined) span.setAttribute("payorders.request_id", requestId);
  }

  onEnd(_span: ReadableSpan): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
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

  propagation.setGlobalPropagator(new W3CTraceContextPropagator());

  const resource = defaultResource()
    .merge(resourceFromAttributes({ "service.instance.id": randomUUID() }))
    .merge(detectResources({ detectors: [resourceAttributesEnvDetector] }))
    .merge(resourceFromAttributes({ "service.name": settings.serviceName }));
  const exporter = options.exporter ?? new OTLPTraceExporter({ url: settings.url });
  const provider = new TracerProvider({
    resource,
    sampler: samplerFor(settings.sampler, settings.samplerRatio),
    spanProcessors: [
      new RequestIdMarker(),
      new BatchSpanProcessor({
        exporter,
        scheduledDelayMillis: settings.scheduledDelayMillis,
        maxQueueSize: 4_096,
        maxExportBatchSize: 512,
      }),
    ],
  });
  const tracer = provider.getTracer(TRACER_NAME);

  let stopped: Promise<void> | undefined;
  const tracing: RunningTracing = {
    forceFlush: () => provider.forceFlush(),
    shutdown() {
      stopped ??= provider
        .shutdown()
        .catch((error) => log().warn({ err: error }, "tracing: the last spans were not exported"))
        .finally(() => {
          propagation.disable();
          tracingSlot.set(undefined);
        });
      return stopped;
    },
    tracer,
    startRequestSpan: (method, path, headers) => requestSpan(tracer, method, path, headers),
  };
  tracingSlot.set(tracing);
  return tracing;
}

/** A server span for one request, named by its method until `end` knows the route it matched. */
function requestSpan(
  tracer: RunningTracing["tracer"],
  method: string,
  path: string,
  headers: Record<string, string | string[] | undefined>,
): RequestSpan {
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  const span = tracer.startSpan(
    method,
    { kind: SpanKind.SERVER, attributes: { "http.request.method": method, "url.path": path } },
    parent,
  );
  const ctx = trace.setSpan(parent, span);
  return {
    traceId: sampledTraceId(span) ?? undefined,
    run: (fn) => runInContext(ctx, fn),
    end(status, route) {
      if (route) {
        span.updateName(`${method} ${route}`);
        span.setAttribute("http.route", route);
      }
      span.setAttribute("http.response.status_code", status);
      if (status >= 500) spanError(span, String(status));
      span.end();
    },
  };
}
