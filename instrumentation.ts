/**
 * Runs once when a Next.js server starts (never during `next build`). On the Node.js runtime it starts the
 * process's runtime (lib/runtime.ts: the environment parsed once, and the singletons made from it), creates
 * the first admin when the database has no users yet (lib/auth/first-start.ts), then starts resending
 * orders a crash left "Submitting" (lib/orders/resume.ts), now and periodically, and the sender of bulk
 * pay-out batches (lib/batches/sender.ts) and the alert loop (lib/alerts/loop.ts). Its logger (LOG_LEVEL) and HTTP metrics start first
 * (lib/observability/dashboard/start.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { runtime } = await import("./lib/runtime");
    const started = runtime();
    const { startObservability } = await import("./lib/observability/dashboard/start");
    startObservability(started.env);
    const { bootstrapFirstAdmin } = await import("./lib/auth/first-start");
    await bootstrapFirstAdmin(started.db, started.env);
    started.startSubmitResume();
    started.startBatchSender();
    started.startAlerts();
  }
}
