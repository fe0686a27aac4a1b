/**
 * Issue 17 §3 (`npm run bench dashboard`, part "crash"): `kill -9` of the dashboard in the middle of a
 * 10,000-row batch, then a restart with no human step (lib/testing/batch-crash.ts, the scenario of
 * lib/batches/batch-crash.int.test.ts at full size). Prints the orders at the sandbox, duplicates, lost and
 * the time; targets exactly 10,000, 0 and 0. BENCH_CRASH_ROWS changes the size. The dashboard database is
 * PGlite unless TEST_DB=postgres.
 *
 * Run by bench/dashboard.ts with `--conditions=react-server` (the modules import "server-only").
 */
import { runBatchCrash } from "@/lib/testing/batch-crash";
import { figure } from "./lib";

const ROWS = Number(process.env.BENCH_CRASH_ROWS ?? 10_000);

export async function runCrashBench(): Promise<void> {
  const r = await runBatchCrash(ROWS);
  console.log(`\n[batch crash] ${ROWS} rows, killed -9 at ${r.atKill.total} at the sandbox, then restarted`);
  figure("orders at the sandbox", r.final.total, "orders", `(target ${ROWS})`);
  figure("paymentIds with more than one order", r.final.duplicated, "dups", "(target 0)");
  figure("paymentIds with no order", r.lost, "lost", "(target 0)");
  figure("start to done, across the kill and restart", r.ms / 1000, "s", `batch ${r.status ?? "?"}`);
  console.log(`local orders of the batch by status: ${JSON.stringify(r.orderStatuses)}`);
  if (r.final.total !== ROWS || r.final.duplicated !== 0 || r.lost !== 0 || r.status !== "done") {
    throw new Error(`the batch did not survive the crash: ${JSON.stringify(r)}`);
  }
}

if (process.argv[1]?.endsWith("dashboard-crash.ts")) await runCrashBench();
