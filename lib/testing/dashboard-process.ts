/**
 * For the crash test (lib/orders/resume-crash.int.test.ts): the smallest real process that runs the
 * dashboard's own start path and submit code, without building Next.js. It runs instrumentation.ts's
 * register() as a Next server does at start (which starts the resume loop), then creates the orders listed
 * in the JSON file named by argv[2], if any, exactly as the create-order actions do, and never waits for
 * them. Run with `node --import tsx --conditions=react-server` (the modules import "server-only"; tsx's
 * CLI would run it in a grandchild that a SIGKILL of the child does not reach); configured by the
 * dashboard's usual environment (DATABASE_URL or DATA_DIR, PAYMENT_API_*, ORDER_RESUME_INTERVAL_MS).
 * SIGTERM closes the database cleanly; the test kills it with SIGKILL mid-call.
 */
import { readFileSync } from "node:fs";
import type { PayinSubmission } from "@/lib/orders/payin-form-schema";
import type { PayoutSubmission } from "@/lib/orders/payout-form-schema";

export type DashboardProcessJob =
  | { direction: "payin"; submission: PayinSubmission }
  | { direction: "payout"; submission: PayoutSubmission };

process.env.NEXT_RUNTIME = "nodejs";
const { register } = await import("@/instrumentation");
const { runtime } = await import("@/lib/runtime");
const { submitPayin, submitPayout } = await import("@/lib/orders/submit");

await register();
await runtime().db();
// A Next server's listening socket keeps its process alive; this process has none (the loop's timer is
// unref'd on purpose), so it holds on like one.
const keepAlive = setInterval(() => {}, 60_000);
console.log("[process] started");

const jobsFile = process.argv[2];
if (jobsFile) {
  const jobs = JSON.parse(readFileSync(jobsFile, "utf8")) as DashboardProcessJob[];
  const deps = await runtime().submitDeps(null);
  for (const job of jobs) {
    const sent =
      job.direction === "payin" ? submitPayin(deps, job.submission) : submitPayout(deps, job.submission);
    void sent.then((result) => console.log(`[process] answered ${JSON.stringify(result)}`));
  }
}

process.once("SIGTERM", () => {
  // The loop register() started, then the database.
  void runtime()
    .close()
    .then(() => clearInterval(keepAlive))
    .then(() => process.exit(0));
});
