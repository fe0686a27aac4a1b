/**
 * The alert loop every dashboard instance runs (started with the runtime, instrumentation.ts): every
 * `intervalMs` (ALERT_EVALUATION_INTERVAL_MS) it evaluates the rules (./evaluate.ts), then sends the due
 * deliveries (./deliver.ts). Instances need not agree on anything: the database keeps one unresolved
 * alert per condition and hands each delivery to one sender.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import { type PeriodicLoop, startPeriodicLoop } from "@/lib/periodic-loop";
import { type DeliverySettings, type DeliverySummary, deliverDueAlerts } from "./deliver";
import { type EvaluationSummary, evaluateAlerts } from "./evaluate";

export type AlertLoop = PeriodicLoop;

export function startAlertLoop(opts: {
  deps: () => Promise<{ sql: Sql; delivery: DeliverySettings }>;
  intervalMs: number;
  onPass?: (evaluation: EvaluationSummary, delivery: DeliverySummary) => void;
  onError?: (error: unknown) => void;
}): AlertLoop {
  return startPeriodicLoop({
    intervalMs: opts.intervalMs,
    onError: opts.onError,
    pass: async () => {
      const { sql, delivery } = await opts.deps();
      const evaluation = await evaluateAlerts(sql);
      const sent = await deliverDueAlerts(sql, delivery);
      opts.onPass?.(evaluation, sent);
    },
  });
}
