/**
 * Crash test of the batch sender (issue 17 §3, Performance): a real dashboard process
 * (lib/testing/dashboard-process.ts: the server's start path, which starts the batch sender and the resume
 * loop) sends a batch of N rows to the REAL sandbox over HTTP and is killed with SIGKILL mid-batch, then
 * started again with no human step. Afterwards the sandbox holds exactly N orders for the batch's
 * paymentIds: 0 duplicates, 0 lost; every row is settled on its order and no order is left "Submitting".
 * Dashboard database on the backend TEST_DB chooses; on PGlite the restarted process recovers the data
 * folder the killed one left. N is BATCH_CRASH_ROWS (default 300); the scenario is lib/testing/batch-crash.ts,
 * which the bench part "crash" runs at 10,000 rows.
 */
import { describe, expect, it } from "vitest";
import { runBatchCrash } from "@/lib/testing/batch-crash";

const N = Number(process.env.BATCH_CRASH_ROWS ?? 300);

describe("dashboard killed -9 in the middle of a batch", () => {
  it(`after a restart the sandbox holds exactly ${N} orders: 0 duplicates, 0 lost, no human step`, async () => {
    const result = await runBatchCrash(N);
    expect(result.atKill.total).toBeLessThan(N);
    expect(result.final).toEqual({ total: N, duplicated: 0 });
    expect(result.lost).toBe(0);
    expect(result.status).toBe("done");
    expect(result.counts).toMatchObject({ sent: N, pending: 0, sending: 0, cancelled: 0 });
    expect(result.orderStatuses).toEqual([{ status: "In progress", n: N }]);
    expect(result.localOrders).toBe(N);
  }, 420_000);
});
