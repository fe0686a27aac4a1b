/**
 * Next.js's own spans, folded: once a tracer provider is registered Next makes five to eight spans for every
 * request (finding the route, preparing its module, running its handler, starting the response…), which at a
 * callback receiver's rate cost more than the rest of tracing together (bench/dashboard-observability.ts).
 * Kept: its request span (kind server, the one that continues an incoming `traceparent`), its outgoing fetch
 * spans (client) and any span with no parent in this process. Each other one is folded into its parent: it
 * is not recorded, and what starts inside it becomes its parent's child, so every trace stays whole.
 * NEXT_OTEL_VERBOSE=1 (Next.js's own switch for more spans) keeps them all.
 */
import {
  type Context,
  context,
  type Span,
  type SpanOptions,
  SpanKind,
  type Tracer,
  type TracerProvider,
  trace,
} from "@opentelemetry/api";

/** The instrumentation scope Next.js's tracer has (next/dist/server/lib/trace/tracer.js). */
export const NEXT_TRACER_NAME = "next.js";

/** A span Next.js starts inside another of this process, neither server nor client: folded. */
function folded(options: SpanOptions | undefined, parent: Context): boolean {
  const kind = options?.kind ?? SpanKind.INTERNAL;
  if (kind !== SpanKind.INTERNAL) return false;
  const parentContext = trace.getSpanContext(parent);
  return parentContext !== undefined && !parentContext.isRemote;
}

class FoldingTracer implements Tracer {
  constructor(private readonly inner: Tracer) {}

  startSpan(name: string, options?: SpanOptions, ctx: Context = context.active()): Span {
    if (!folded(options, ctx)) return this.inner.startSpan(name, options, ctx);
    // Not recorded; its context is its parent's, so spans started inside it are the parent's children.
    return trace.wrapSpanContext(
      trace.getSpanContext(ctx) as NonNullable<ReturnType<typeof trace.getSpanContext>>,
    );
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, ...args: unknown[]): ReturnType<F> {
    const fn = args.at(-1) as F;
    const options = (args.length >= 2 ? args[0] : undefined) as SpanOptions | undefined;
    const ctx = (args.length >= 3 ? args[1] : undefined) as Context | undefined;
    const active = context.active();
    const parent = ctx ?? active;
    const span = this.startSpan(name, options, parent);
    // A folded span inside the current context changes nothing about it: `fn` runs in it as it is (a new
    // context a span, five to eight a request, was most of what folding still cost).
    if (parent === active && folded(options, parent)) return (fn as (s: Span) => ReturnType<F>)(span);
    return context.with(trace.setSpan(parent, span), fn as (s: Span) => ReturnType<F>, undefined, span);
  }
}

/** `provider`, with Next.js's tracer folding its inner spans (unless `verbose`). */
export function foldingNextSpans(provider: TracerProvider, verbose: boolean): TracerProvider {
  if (verbose) return provider;
  const next = new Map<string, Tracer>();
  return {
    getTracer(name, version, options) {
      if (name !== NEXT_TRACER_NAME) return provider.getTracer(name, version, options);
      // Next.js asks for its tracer at every span: looked up here before the provider makes its key.
      const key = version ?? "";
      let wrapped = next.get(key);
      if (!wrapped) {
        wrapped = new FoldingTracer(provider.getTracer(name, version, options));
        next.set(key, wrapped);
      }
      return wrapped;
    },
  };
}
