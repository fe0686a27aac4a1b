/**
 * GET /metrics, the same on the dashboard and the sandbox: 404 while METRICS_TOKEN is unset (nothing to
 * find), 401 with a Bearer challenge unless `Authorization: Bearer <METRICS_TOKEN>`, else the process's
 * registry in Prometheus text format. The token is compared in constant time (digests of equal length).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { metrics } from "./metrics";

export type MetricsAccess = "not-found" | "unauthorized" | "allowed";

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Whether `authorization` (the request's header) may read the metrics guarded by `token`. */
export function metricsAccess(
  token: string | undefined,
  authorization: string | null | undefined,
): MetricsAccess {
  if (!token) return "not-found";
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "");
  const presented = match?.[1] ?? "";
  // Hashing first gives equal lengths, so timingSafeEqual never throws and the length is not revealed.
  return timingSafeEqual(digest(presented), digest(token)) && presented !== "" ? "allowed" : "unauthorized";
}

const noStore = { "Cache-Control": "no-store" };

/** The whole answer to GET /metrics. */
export async function metricsResponse(
  token: string | undefined,
  authorization: string | null | undefined,
): Promise<Response> {
  const access = metricsAccess(token, authorization);
  if (access === "not-found")
    return new Response("Not found\n", {
      status: 404,
      headers: { ...noStore, "Content-Type": "text/plain" },
    });
  if (access === "unauthorized")
    return new Response("Unauthorized\n", {
      status: 401,
      headers: { ...noStore, "Content-Type": "text/plain", "WWW-Authenticate": 'Bearer realm="metrics"' },
    });
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    status: 200,
    headers: { ...noStore, "Content-Type": registry.contentType },
  });
}
