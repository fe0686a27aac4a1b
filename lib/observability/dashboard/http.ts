/**
 * The dashboard's HTTP metrics: scripts/next-server.mjs, which answers every request, times each one and
 * hands it to the observer installed here (a process slot both can reach: the server script is no part of
 * Next's bundles). The route label is the pattern the path matches (route-patterns.ts), returned to the
 * server script, which names the request's span by it. Each request is also logged in one line with its
 * request id, and its trace id when it was traced (the server script gives it: the line is written as the
 * request closes, maybe outside its span).
 */
import "server-only";
import { logOwnFields } from "@/lib/observability/logger";
import { observeHttp } from "@/lib/observability/metrics";
import { builtRoutePatterns, routeMatcher } from "@/lib/observability/route-patterns";
import { processSlot } from "@/lib/process-slot";

/** Keep in step with scripts/next-server.mjs. */
export type HttpObserver = (
  method: string,
  pathname: string,
  status: number,
  seconds: number,
  requestId: string,
  /** The request span's trace id, when tracing is on and it is sampled. */
  traceId: string | undefined,
) => string;

export function installHttpObserver(distDir: string): void {
  const match = routeMatcher(builtRoutePatterns(distDir));
  processSlot<HttpObserver>("http-observer").set((method, pathname, status, seconds, requestId, traceId) => {
    const route = match(pathname);
    observeHttp("dashboard", method, route, status, seconds);
    // One line a request; Next's assets and the probes only at debug.
    const quiet = route === "/_next/*" || route === "/api/healthz" || route === "/metrics";
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
