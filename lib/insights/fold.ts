/**
 * The Insights fold every dashboard instance runs (started with the runtime, instrumentation.ts): every
 * second it moves the committed order deltas into the rollup spans (migration 0031) and the status counters'
 * per-transaction slots into one (0032). Instances need not agree on anything: one fold holds the claim at
 * a time and the others skip their pass (SKIP LOCKED); a fold is one transaction, so one that dies leaves
 * the deltas where they were. Reads add the deltas still pending, so the fold's pace changes what a read
 * costs, never what it shows.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import {
  claimRollupFold,
  foldRollupDeltas,
  foldStatusCountSlots,
  hasAnythingToFold,
} from "@/lib/database/dashboard/queries/insights-fold";
import { type PeriodicLoop, startPeriodicLoop } from "@/lib/periodic-loop";

export const ROLLUP_FOLD_INTERVAL_MS = 1_000;

/**
 * One fold: the number of rollup delta rows folded, or null when another fold held the claim. With nothing
 * to fold it only reads (taking the claim writes a row lock, a commit each second for an idle instance).
 */
export async function foldInsights(sql: Sql): Promise<number | null> {
  if (!(await hasAnythingToFold(sql))) return 0;
  return sql.transaction(async (tx) => {
    if (!(await claimRollupFold(tx))) return null;
    await foldStatusCountSlots(tx);
    return foldRollupDeltas(tx);
  });
}

export function startInsightsFold(opts: {
  sql: () => Promise<Sql>;
  intervalMs: number;
  onError?: (error: unknown) => void;
}): PeriodicLoop {
  return startPeriodicLoop({
    intervalMs: opts.intervalMs,
    onError: opts.onError,
    pass: async () => {
      await foldInsights(await opts.sql());
    },
  });
}
