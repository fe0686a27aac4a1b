/**
 * Runs once when a Next.js server starts (never during `next build`). On the Node.js runtime it starts the
 * process's runtime (lib/runtime.ts: the environment parsed once, and the singletons made from it), then its
 * tracing when an OTLP endpoint is configured (lib/observability/tracing-sdk.ts, loaded only then: Next's own
 * spans join ours once its provider is registered), its logger (LOG_LEVEL) and HTTP metrics
 * (lib/observability/dashboard/start.ts); creates the first admin when the database has no users yet
 * (lib/auth/first-start.ts), then starts resending orders a crash left "Submitting" (lib/orders/resume.ts),
 * now and periodically, the sender of bulk pay-out batches (lib/batches/sender.ts), the alert loop
 * (lib/alerts/loop.ts) and the Insights fold (lib/insights/fold.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { runtime } = await import("./lib/runtime");
    const started = runtime();
    const { dashboardTracingSettings, startObservability } = await import(
      "./lib/observability/dashboard/start"
    );
    const tracing = dashboardTracingSettings(started.env);
    if (tracing) (await import("./lib/observability/tracing-sdk")).startTracing(tracing);
    startObservability(started.env);
    const { bootstrapFirstAdmin } = await import("./lib/auth/first-start");
    await bootstrapFirstAdmin(started.db, started.env);
    started.startSubmitResume();
    started.startBatchSender();
    started.startAlerts();
    started.startInsightsFold();
  }
}
