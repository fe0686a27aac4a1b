/**
 * Every sandbox request: its request id (a well-formed incoming X-Request-Id, else a new one) echoed on the
 * response and on each log line written while it is handled, and its latency counted under the route
 * pattern it matched (`/sandbox/orders/:id`, never the raw path; "unmatched" for a 404 of no route), and
 * logged in one line at `info` (the probes at `debug`). With tracing on (lib/observability/tracing.ts), each
 * request is a server span, continuing the trace of the request's `traceparent` (the dashboard's signed
 * call) and named by its method and route; its log lines carry the span's ids.
 */
import type { Context, MiddlewareHandler, Next } from "hono";
import { matchedRoutes } from "hono/route";
import { logOwnFields } from "@/lib/observability/logger";
import { observeHttp } from "@/lib/observability/metrics";
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from "@/lib/observability/request-id";
import {
  extractContext,
  inSpan,
  type Span,
  SpanKind,
  spanError,
  tracingOn,
} from "@/lib/observability/tracing";

/** The pattern of the handler that answered: the last matched route that is not middleware (method ALL). */
export function routePatternOf(c: Context): string {
  const handlers = matchedRoutes(c).filter((r) => r.method !== "ALL");
  return handlers.at(-1)?.path ?? "unmatched";
}

export function requestObservation(): MiddlewareHandler {
  return async (c, next) => {
    const id = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    if (!tracingOn()) return runWithRequestId(id, () => observed(c, next, id, undefined));
    return runWithRequestId(id, () =>
      inSpan(
        c.req.method,
        {
          kind: SpanKind.SERVER,
          parent: extractContext(c.req.raw.headers),
          attributes: { "http.request.method": c.req.method, "url.path": c.req.path },
        },
        (span) => observed(c, next, id, span),
      ),
    );
  };
}

async function observed(c: Context, next: Next, id: string, span: Span | undefined): Promise<void> {
  const started = performance.now();
  try {
    await next();
  } finally {
    c.header("X-Request-Id", id);
    const route = routePatternOf(c);
    const status = c.res.status;
    const seconds = (performance.now() - started) / 1000;
    observeHttp("sandbox", c.req.method, route, status, seconds);
    if (span) {
      span.updateName(`${c.req.method} ${route}`);
      span.setAttributes({ "http.route": route, "http.response.status_code": status });
      if (status >= 500) spanError(span, String(status));
    }
    const level = route === "/healthz" || route === "/metrics" ? "debug" : "info";
    // Every field is ours (the route is the matched pattern, not the path), so no redaction is needed.
    logOwnFields()[level](
      { requestId: id, method: c.req.method, route, status, ms: Math.round(seconds * 1000) },
      "request",
    );
  }
}
