import "server-only";
import { getDb } from "@/lib/runtime";
import { env } from "@/lib/env";
import { getPaymentApi } from "@/lib/payment-api";
import { type ResumeLoop, startResumeLoop } from "./resume";

const holder = globalThis as unknown as { __submitResumeLoop?: ResumeLoop };

/**
 * Called from instrumentation.ts at server start: resends orders orphaned in "Submitting" now and every
 * ORDER_RESUME_INTERVAL_MS. One loop per process (a dev reload does not start a second one).
 */
export function startSubmitResume(): ResumeLoop {
  holder.__submitResumeLoop ??= startResumeLoop({
    intervalMs: env.ORDER_RESUME_INTERVAL_MS,
    deps: async () => ({
      sql: await getDb(),
      api: getPaymentApi(),
      publicBaseUrl: env.PUBLIC_BASE_URL,
      userId: null,
    }),
    onPass: ({ resumed, accepted }) => {
      if (resumed > 0) {
        console.log(
          `[orders] resumed ${resumed} interrupted submission(s); ${accepted} accepted by the service`,
        );
      }
    },
    // Only the message: a pass works with requests, and a request may hold a card number.
    onError: (error) =>
      console.error(`[orders] resuming interrupted submissions failed: ${String((error as Error)?.message)}`),
  });
  return holder.__submitResumeLoop;
}
