/** GET /metrics: the sandbox process's Prometheus metrics behind METRICS_TOKEN (lib/observability/metrics-endpoint.ts). */
import { metricsRoute } from "@/lib/contract/openapi";
import { metricsResponse } from "@/lib/observability/metrics-endpoint";
import type { SandboxApp } from "../app";
import type { SandboxContext } from "../context";

export function metricsRoutes(app: SandboxApp, ctx: SandboxContext): void {
  // The answer is text, or a 401/404 of its own: typed as the definition's 200 for the registry only.
  app.openapi(
    metricsRoute,
    (c) =>
      metricsResponse(ctx.opts.metricsToken, c.req.header("authorization")) as unknown as ReturnType<
        typeof c.text
      >,
  );
}
