import "server-only";
import type { OrderSubmitDeps } from "./send";
import { type ResumeLoop, startResumeLoop } from "./resume";
import { log } from "@/lib/observability/logger";

/**
 * The process's submit resume loop (started by lib/runtime.ts at server start): resends orders orphaned in
 * "Submitting" now and every `intervalMs` (ORDER_RESUME_INTERVAL_MS), and says in the log what it did.
 */
export function startSubmitResumeLoop(opts: {
  intervalMs: number;
  deps: () => Promise<OrderSubmitDeps>;
}): ResumeLoop {
  return startResumeLoop({
    intervalMs: opts.intervalMs,
    deps: opts.deps,
    onPass: ({ resumed, accepted }) => {
      if (resumed > 0) {
        log().info(
          `orders: resumed ${resumed} interrupted submission(s); ${accepted} accepted by the service`,
        );
      }
    },
    // Only the message: a pass works with requests, and a request may hold a card number.
    onError: (error) =>
      log().error(
        { error: String((error as Error)?.message) },
        "orders: resuming interrupted submissions failed",
      ),
  });
}
