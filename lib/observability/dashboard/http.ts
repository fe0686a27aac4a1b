/**
 * The dashboard's HTTP metrics: scripts/next-server.mjs, which answers every request, times each one and
 * hands it to the observer installed here (a process slot both can reach: the server script is no part of
 * Next's bundles). The route label is the pattern the path matches (route-patterns.ts), returned to the
 * server script, which names the request's span by it. Each request is also logged in one line with its
 * request id, and its trace id when it was traced.
 */
import "server-only";
import { logOwnFields } from "@/lib/observability/logger";
import { observeHttp } from "@/lib/observability/metrics";
import { tracingSlot } from "@/lib/observability/tracing";
import { builtRoutePatterns, routeMatcher } from "@/lib/observability/route-patterns";
import { processSlot } from "@/lib/process-slot";

/** Keep in step with scripts/next-server.mjs. */
export type HttpObserver = (
  method: string,
  pathname: string,
  status: number,
  seconds: number,
  requestId: string,
) => string;

export function installHttpObserver(distDir: string): void {
  const match = routeMatcher(builtRoutePatterns(distDir));
  processSlot<HttpObserver>("http-observer").set((method, pathname, status, seconds, requestId) => {
    const route = match(pathname);
    observeHttp("dashboard", method, route, status, seconds);
    // One line a request; Next's assets and the probes only at debug.
    const quiet = route === "/_next/*" || route === "/api/healthz" || route === "/metrics";
    // The request's trace (tracing on), given here: this line is written as the request closes, maybe outside its span.
    const traceId = tracingSlot.get()?.takeRequestTrace(requestId);
    // Every field is ours (the route is the matched pattern, not the path), so no redaction is needed.
    logOwnFields()[quiet ? "debug" : "info"](
      {
        requestId,
        method,
        route,
        status,
        ms: Math.round(seconds * 1000),
        ...(traceId ? { trace_id: traceId } : {}),
      },
      "request",
    );
    return route;
  });
}
