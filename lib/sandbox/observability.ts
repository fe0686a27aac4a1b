/**
 * Every sandbox request: its request id (a well-formed incoming X-Request-Id, else a new one) echoed on the
 * response and on each log line written while it is handled, and its latency counted under the route
 * pattern it matched (`/sandbox/orders/:id`, never the raw path; "unmatched" for a 404 of no route), and
 * logged in one line at `info` (the probes at `debug`).
 */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { log } from "@/lib/observability/logger";
import { observeHttp } from "@/lib/observability/metrics";
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from "@/lib/observability/request-id";

/** The pattern of the handler that answered: the last matched route that is not middleware (method ALL). */
export function routePatternOf(c: Context): string {
  const handlers = matchedRoutes(c).filter((r) => r.method !== "ALL");
  return handlers.at(-1)?.path ?? "unmatched";
}

export function requestObservation(): MiddlewareHandler {
  return async (c, next) => {
    const id = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    const started = performance.now();
    try {
      await runWithRequestId(id, next);
    } finally {
      c.header("X-Request-Id", id);
      const route = routePatternOf(c);
      const seconds = (performance.now() - started) / 1000;
      observeHttp("sandbox", c.req.method, route, c.res.status, seconds);
      const level = route === "/healthz" || route === "/metrics" ? "debug" : "info";
      log()[level](
        { requestId: id, method: c.req.method, route, status: c.res.status, ms: Math.round(seconds * 1000) },
        "request",
      );
    }
  };
}
