/**
 * Self-healing submissions: an order left "Submitting" by a process that died mid-call (kill -9, a crash,
 * a redeploy) is resent with its own paymentId once its lease has run out, so it reaches the payment
 * service exactly once with no human step (the service de-duplicates the paymentId if the first send had
 * landed). Runs at server start (instrumentation.ts) and then periodically, in every dashboard instance:
 * claimStaleSubmissions' row locks hand each orphaned order to one instance at a time.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import { claimStaleSubmissions, msUntilNextStaleSubmission } from "@/lib/database/dashboard/queries/orders";
import { resumeOrder } from "./retry";
import { type OrderSubmitDeps, submitLeaseMs } from "./send";

/** Orders claimed per round trip; the pass claims again until none is left. */
const RESUME_BATCH = 20;

export interface ResumeSummary {
  /** Orders claimed and resent (or, for card pay-outs, handed to a human). */
  resumed: number;
  /** Of those, how many the service accepted. */
  accepted: number;
}

/** One pass: claims every orphaned order, a batch at a time, and resends each one. */
export async function resumeStaleSubmissions(deps: OrderSubmitDeps): Promise<ResumeSummary> {
  const summary: ResumeSummary = { resumed: 0, accepted: 0 };
  const leaseMs = submitLeaseMs(deps);
  for (;;) {
    const claimed = await claimStaleSubmissions(deps.sql, { leaseMs, limit: RESUME_BATCH });
    if (claimed.length === 0) return summary;
    const results = await Promise.all(claimed.map((order) => resumeOrder(deps, order)));
    summary.resumed += results.length;
    summary.accepted += results.filter((r) => r.ok).length;
  }
}

export interface ResumeLoop {
  /** Resolves when the pass under way (if any) has finished; no pass starts after it. */
  stop(): Promise<void>;
}

/**
 * Runs a pass now and then again every `intervalMs` — sooner when a "Submitting" lease runs out before
 * that, so an order orphaned just before a restart is resent as soon as it may be. Errors of a pass are
 * reported and the loop goes on.
 */
export function startResumeLoop(opts: {
  deps: () => Promise<OrderSubmitDeps>;
  intervalMs: number;
  onError?: (error: unknown) => void;
  onPass?: (summary: ResumeSummary) => void;
}): ResumeLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const pass = async () => {
    let delay = opts.intervalMs;
    try {
      const deps = await opts.deps();
      const summary = await resumeStaleSubmissions(deps);
      opts.onPass?.(summary);
      delay = await nextDelay(deps.sql, opts.intervalMs);
    } catch (error) {
      opts.onError?.(error);
    }
    if (!stopped) {
      timer = setTimeout(() => {
        running = pass();
      }, delay);
      timer.unref();
    }
  };
  running = pass();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** A lease expiring sooner than the interval wakes the loop just after it (never in a busy loop). */
async function nextDelay(sql: Sql, intervalMs: number): Promise<number> {
  const due = await msUntilNextStaleSubmission(sql);
  if (due === null) return intervalMs;
  return Math.min(intervalMs, Math.max(100, Math.ceil(due) + 50));
}
