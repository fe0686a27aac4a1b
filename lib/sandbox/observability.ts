/**
 * Every sandbox request: its request id (a well-formed incoming X-Request-Id, else a new one) echoed on the
 * response and on each log line written while it is handled, and its latency counted under the route
 * pattern it matched (`/api/v1/payin/:id`, never the raw path; "unmatched" for a 404 of no route).
 */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
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
      observeHttp(
        "sandbox",
        c.req.method,
        routePatternOf(c),
        c.res.status,
        (performance.now() - started) / 1000,
      );
    }
  };
}
