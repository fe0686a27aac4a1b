/**
 * Issue 3 figures (`npm run bench dashboard`): server-action create overhead over a direct signed call,
 * callback receiver throughput against an empty Next route handler (plus the real action over HTTP), and
 * the orders list at 1M orders against 1k; issue 17's bulk pay-out file (parse + validate, and the batch
 * sender against single creates; kill -9 mid-batch and a restart at 10,000 rows); issue 18's Insights reads
 * at 1M orders against 1k, the callback receiver with metrics and JSON logs on against off, and the
 * time from an alert's condition starting to its webhook message. Each figure
 * against a baseline measured in the same run.
 *
 * Parts that load "server-only" modules run as children with the react-server export condition.
 */
import { runObservabilityBench } from "./dashboard-observability";
import { runServerBench } from "./dashboard-server";
import { runWorker } from "./dashboard-support";

/** The section's parts, in order (bench/run.ts picks them with BENCH_DASHBOARD_PARTS). */
export const dashboardParts: Record<string, () => Promise<void>> = {
  action: () => runWorker("bench/dashboard-action.ts"),
  server: runServerBench,
  list: () => runWorker("bench/dashboard-list.ts"),
  counts: () => runWorker("bench/dashboard-counts.ts"),
  push: () => runWorker("bench/dashboard-push.ts"),
  batch: () => runWorker("bench/dashboard-batch.ts"),
  observability: runObservabilityBench,
  insights: () => runWorker("bench/dashboard-insights.ts"),
  crash: () => runWorker("bench/dashboard-crash.ts"),
  alerts: () => runWorker("bench/dashboard-alerts.ts"),
};
