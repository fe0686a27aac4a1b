/**
 * Crash test: a real dashboard process (lib/testing/dashboard-process.ts: the server's start path
 * and the create-order code) is killed with SIGKILL while its creates are in flight at the REAL sandbox
 * (through a fault proxy: half the requests landed and their answers held back, half never forwarded),
 * then started again with no human step. Every order must reach the service exactly once and leave
 * "Submitting"; a card pay-out, whose full number was never stored, is handed to a human instead.
 * Dashboard database on the backend TEST_DB chooses; on PGlite the restarted process recovers the data
 * folder the killed one left.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import { type Database, openDatabase } from "@/lib/database";
import { createScratchDatabase, type ScratchDatabase, seedPgliteFolder } from "@/lib/testing/database";
import { dashboardPgliteFolder, openDashboardDatabase } from "@/lib/database/dashboard/client";
import { getOrderByPaymentId } from "@/lib/database/dashboard/queries/orders";
import { type FaultProxy, startFaultProxy } from "@/lib/testing/fault-proxy";
import { type SandboxFixture, startSandboxFixture, paymentApiEnv } from "@/lib/testing/sandbox-fixture";
import { RESUME_NEEDS_INPUT } from "./submit";
import { type DashboardChild, startDashboardChild, until } from "@/lib/testing/dashboard-child";
import type { DashboardProcessJob } from "@/lib/testing/dashboard-process";

const PAN = "4111111111111111";

let fx: SandboxFixture;
let proxy: FaultProxy;
let scratch: ScratchDatabase;
let workDir: string;

beforeAll(async () => {
  fx = await startSandboxFixture();
  proxy = await startFaultProxy(fx.url);
  scratch = await createScratchDatabase("resume_crash", "dashboard");
  workDir = mkdtempSync(path.join(tmpdir(), "resume-crash-"));
  if (!scratch.url) seedPgliteFolder(dashboardPgliteFolder(workDir), "dashboard");
});
afterAll(async () => {
  await proxy?.close();
  await fx?.close();
  await scratch?.drop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function startDashboardProcess(jobsFile?: string): DashboardChild {
  return startDashboardChild(
    {
      ...paymentApiEnv(proxy.url),
      PAYMENT_API_IS_SANDBOX: "true",
      // The lease: 3 attempts × 4 s + backoffs + margin ≈ 14.6 s after each send started.
      PAYMENT_API_TIMEOUT_MS: "4000",
      // Far longer than the test: the loop must wake when the leases run out, not on its interval.
      ORDER_RESUME_INTERVAL_MS: "3600000",
      PUBLIC_BASE_URL: "http://dashboard.test:3000",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "crash-test-password",
      ...(scratch.url ? { DATABASE_URL: scratch.url } : { DATABASE_URL: undefined, DATA_DIR: workDir }),
    },
    jobsFile ? [jobsFile] : [],
  );
}

function resumedSoFar(p: DashboardChild): number {
  let n = 0;
  for (const m of p.output.join("").matchAll(/resumed (\d+) interrupted submission/g)) n += Number(m[1]);
  return n;
}

async function openDashboardDb(): Promise<Database> {
  const database = scratch.url
    ? await openDatabase({ url: scratch.url })
    : await openDatabase({ dataDir: dashboardPgliteFolder(workDir) });
  return openDashboardDatabase(database);
}

describe("dashboard killed -9 during creates", () => {
  it("after a restart every order reaches the service exactly once, with no human step", async () => {
    const sendable: DashboardProcessJob[] = [
      ...(["SBP", "QRNSPK", "PIX", "SBP", "Card", "QRNSPK"] as const).map((method) => {
        const { postbackUrl: _, ...submission } = samplePayinRequest(method);
        return { direction: "payin" as const, submission };
      }),
      ...[1, 2, 3].map(() => {
        const { postbackUrl: _, ...submission } = samplePayoutRequest("SBP");
        return { direction: "payout" as const, submission };
      }),
    ];
    const { postbackUrl: _, ...card } = samplePayoutRequest("Card", { payoutDetails: { ccNo: PAN } });
    const cardJob: DashboardProcessJob = { direction: "payout", submission: card };
    const jobs = [...sendable, cardJob];
    const jobsFile = path.join(workDir, "jobs.json");
    writeFileSync(jobsFile, JSON.stringify(jobs));

    // Odd requests reach the service and their answers are held; even ones never leave the proxy.
    proxy.setPlan((n) => (n % 2 === 1 ? { kind: "delay", ms: 600_000 } : { kind: "hold" }));
    const first = startDashboardProcess(jobsFile);
    await until("every create to be in flight", () => proxy.requests.length >= jobs.length, first);
    first.child.kill("SIGKILL");
    expect(await first.exited).toMatchObject({ signal: "SIGKILL" });
    // Each order was sent once (no client retry had started) and none was answered.
    expect(proxy.requests).toHaveLength(jobs.length);
    expect(first.output.join("")).not.toContain("[process] answered");
    const landed = await Promise.all(jobs.map((j) => fx.countOrders(j.submission.paymentId)));
    expect(landed.filter((n) => n === 0).length).toBeGreaterThan(0);

    proxy.setPlan(() => ({ kind: "pass" }));
    proxy.requests.length = 0;
    const second = startDashboardProcess();
    try {
      await until(
        "the restarted process to resume every orphan",
        () => resumedSoFar(second) >= jobs.length,
        second,
      );
    } finally {
      second.child.kill("SIGTERM");
      await second.exited;
    }
    expect(resumedSoFar(second)).toBe(jobs.length);

    const db = await openDashboardDb();
    try {
      for (const job of sendable) {
        const paymentId = job.submission.paymentId;
        const order = await getOrderByPaymentId(db, job.direction, paymentId);
        expect(order?.status, `${job.direction} ${paymentId}`).toBe("In progress");
        expect(order?.providerOrderId).not.toBeNull();
        expect(await fx.countOrders(paymentId)).toBe(1);
        expect(proxy.requests.filter((r) => r.body.includes(paymentId))).toHaveLength(1);
        const audit = await db.query<{ action: string; user_id: string | null }>(
          "SELECT action, user_id FROM audit_log WHERE target = $1",
          [order?.id],
        );
        expect(audit).toEqual([{ action: "order.resume", user_id: null }]);
      }
      // The card pay-out: nothing resent (its full number is gone); a human is asked for it.
      const cardOrder = await getOrderByPaymentId(db, "payout", card.paymentId);
      expect(cardOrder?.status).toBe("Submit failed");
      expect(cardOrder?.lastError).toMatchObject({ kind: RESUME_NEEDS_INPUT });
      expect(proxy.requests.filter((r) => r.body.includes(card.paymentId))).toHaveLength(0);
      expect(await fx.countOrders(card.paymentId)).toBeLessThanOrEqual(1);
      const stored = await db.query<{ t: string }>("SELECT row_to_json(o)::text AS t FROM orders o");
      expect(stored.map((r) => r.t).join("\n")).not.toContain(PAN);
    } finally {
      await db.close();
    }
  }, 240_000);
});
