/**
 * Crash test of the batch sender (issue 17 §3, Performance): a real dashboard process
 * (lib/testing/dashboard-process.ts: the server's start path, which starts the batch sender and the resume
 * loop) sends a batch of N rows to the REAL sandbox over HTTP and is killed with SIGKILL mid-batch, then
 * started again with no human step. Afterwards the sandbox holds exactly N orders for the batch's
 * paymentIds: 0 duplicates, 0 lost; every row is settled on its order and no order is left "Submitting".
 * Dashboard database on the backend TEST_DB chooses; on PGlite the restarted process recovers the data
 * folder the killed one left. N is BATCH_CRASH_ROWS (default 300; the bench sends 10,000).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/lib/database";
import { openDashboardDatabase } from "@/lib/database/dashboard/client";
import { getBatchView } from "@/lib/database/dashboard/queries/payout-batches";
import { addTestUser } from "@/lib/testing/auth-database";
import { sbpPayoutFile } from "@/lib/testing/payout-files";
import { type DashboardChild, startDashboardChild, until } from "@/lib/testing/dashboard-child";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { paymentApiEnv, type SandboxFixture, startSandboxFixture } from "@/lib/testing/sandbox-fixture";
import { createBatch } from "./batches";
import { parseBatchFile } from "./file";

const N = Number(process.env.BATCH_CRASH_ROWS ?? 300);

let fx: SandboxFixture;
let scratch: ScratchDatabase;
let workDir: string;

beforeAll(async () => {
  fx = await startSandboxFixture();
  scratch = await createScratchDatabase("batch_crash");
  workDir = mkdtempSync(path.join(tmpdir(), "batch-crash-"));
});
afterAll(async () => {
  await fx?.close();
  await scratch?.drop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function openDashboardDb(): Promise<Database> {
  const database = scratch.url
    ? await openDatabase({ url: scratch.url })
    : await openDatabase({ dataDir: path.join(workDir, "dashboard") });
  return openDashboardDatabase(database);
}

function startDashboard(): DashboardChild {
  return startDashboardChild({
    ...paymentApiEnv(fx.url),
    PAYMENT_API_IS_SANDBOX: "true",
    // Short leases, so the restarted process takes the orphaned rows and orders back within seconds.
    PAYMENT_API_TIMEOUT_MS: "1000",
    ORDER_RESUME_INTERVAL_MS: "3600000",
    PUBLIC_BASE_URL: "http://dashboard.test:3000",
    ADMIN_EMAIL: "admin@example.com",
    ADMIN_PASSWORD: "crash-test-password",
    ...(scratch.url ? { DATABASE_URL: scratch.url } : { DATABASE_URL: undefined, DATA_DIR: workDir }),
  });
}

/** The sandbox's orders for `ids`: how many in all, and how many paymentIds have more than one. */
async function sandboxOrders(ids: readonly string[]): Promise<{ total: number; duplicated: number }> {
  const rows = await fx.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM sandbox_orders WHERE payment_id = ANY($1::uuid[]) GROUP BY payment_id",
    [ids],
  );
  return { total: rows.reduce((s, r) => s + r.n, 0), duplicated: rows.filter((r) => r.n > 1).length };
}

describe("dashboard killed -9 in the middle of a batch", () => {
  it(`after a restart the sandbox holds exactly ${N} orders: 0 duplicates, 0 lost, no human step`, async () => {
    const parsed = await parseBatchFile("crash.csv", [new TextEncoder().encode(sbpPayoutFile(N))]);
    expect(parsed.validRows).toBe(N);
    const ids = parsed.requests.map((r) => r.paymentId);
    let batchId: string;
    {
      const db = await openDashboardDb();
      try {
        const user = await addTestUser(db, {
          email: "uploader@example.com",
          password: "x-password-1",
          role: "operator",
        });
        const created = await createBatch(db, { id: user.id, role: user.role }, parsed);
        if (!created.ok) throw new Error(JSON.stringify(created));
        batchId = created.batchId;
      } finally {
        await db.close();
      }
    }

    const first = startDashboard();
    await until(
      "a part of the batch to reach the sandbox",
      async () => (await sandboxOrders(ids)).total >= N / 4,
      first,
    );
    first.child.kill("SIGKILL");
    expect(await first.exited).toMatchObject({ signal: "SIGKILL" });
    const atKill = await sandboxOrders(ids);
    expect(atKill.total).toBeLessThan(N);

    const second = startDashboard();
    try {
      await until(
        "the batch to be done",
        () => second.output.join("").includes(`batch ${batchId} done`),
        second,
        180_000,
      );
      // The resume loop may still be resending an order orphaned by the kill: wait for none to be left.
      await until(
        "every order of the batch at the sandbox",
        async () => (await sandboxOrders(ids)).total >= N,
        second,
      );
      await new Promise((r) => setTimeout(r, 2_000));
    } finally {
      second.child.kill("SIGTERM");
      await second.exited;
    }

    expect(await sandboxOrders(ids)).toEqual({ total: N, duplicated: 0 });
    const db = await openDashboardDb();
    try {
      const view = await getBatchView(db, batchId);
      expect(view?.status).toBe("done");
      expect(view?.counts).toMatchObject({ sent: N, pending: 0, sending: 0, cancelled: 0 });
      const orders = await db.query<{ status: string; n: number }>(
        "SELECT o.status, count(*)::int AS n FROM payout_batch_rows r JOIN orders o ON o.id = r.order_id WHERE r.batch_id = $1 GROUP BY o.status",
        [batchId],
      );
      expect(orders).toEqual([{ status: "In progress", n: N }]);
      const local = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM orders WHERE payment_id = ANY($1::uuid[])",
        [ids],
      );
      expect(local[0]?.n).toBe(N);
    } finally {
      await db.close();
    }
  }, 420_000);
});
