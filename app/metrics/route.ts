/** GET /metrics: the dashboard process's Prometheus metrics behind METRICS_TOKEN (lib/observability/metrics-endpoint.ts). */
import { metricsResponse } from "@/lib/observability/metrics-endpoint";
import { getEnv } from "@/lib/runtime";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return metricsResponse(getEnv().METRICS_TOKEN, request.headers.get("authorization"));
}
