/**
 * The dashboard's HTTP metrics: scripts/next-server.mjs, which answers every request, times each one and
 * hands it to the observer installed here (a process slot both can reach: the server script is no part of
 * Next's bundles). The route label is the pattern the path matches (route-patterns.ts).
 */
import "server-only";
import { observeHttp } from "@/lib/observability/metrics";
import { builtRoutePatterns, routeMatcher } from "@/lib/observability/route-patterns";
import { processSlot } from "@/lib/process-slot";

/** Keep in step with scripts/next-server.mjs. */
export type HttpObserver = (method: string, pathname: string, status: number, seconds: number) => void;

export function installHttpObserver(distDir: string): void {
  const match = routeMatcher(builtRoutePatterns(distDir));
  processSlot<HttpObserver>("http-observer").set((method, pathname, status, seconds) =>
    observeHttp("dashboard", method, match(pathname), status, seconds),
  );
}
