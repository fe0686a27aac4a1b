/** The dashboard's logger and HTTP metrics, started from its environment at server start (instrumentation.ts). */
import "server-only";
import { DASHBOARD_SERVICE_NAME, type Env } from "@/lib/env";
import { type TracingSettings, tracingSettings } from "@/lib/observability/env";
import { installHttpObserver } from "./http";
import { createLogger, installLogger, processLogStyle } from "@/lib/observability/logger";

export function startObservability(env: Env): void {
  installLogger(
    createLogger({
      name: "dashboard",
      ...processLogStyle({ nodeEnv: env.NODE_ENV, logPretty: env.LOG_PRETTY, logLevel: env.LOG_LEVEL }),
    }),
  );
  installHttpObserver(env.NEXT_DIST_DIR ?? ".next");
}

/** The dashboard's tracing settings (OTEL_*); undefined when no OTLP endpoint is set: tracing off. */
export function dashboardTracingSettings(env: Env): TracingSettings | undefined {
  return tracingSettings(env, DASHBOARD_SERVICE_NAME);
}
