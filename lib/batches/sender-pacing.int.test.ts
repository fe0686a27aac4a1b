/**
 * The batch sender against a REAL sandbox over HTTP that limits it hard (10 requests a second) and fails
 * some creates on purpose (amount triggers: .55 answers 500 once, .56 holds its answer past the client's
 * timeout once, having made the order), with a client that makes one attempt per call, so every retry is
 * the sender's own. The dashboard's database is the backend TEST_DB chooses. Every row ends with exactly
 * one order at the sandbox, "In progress"; a row the sandbox refuses (its amount over the sandbox's SBP
 * limit) settles at once as Refused with the reason, sent once.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayoutRequest } from "@/lib/contract";
import type { Database } from "@/lib/database";
import { openDashboardDatabase } from "@/lib/database/dashboard/client";
import { getBatchView, listBatchLines } from "@/lib/database/dashboard/queries/payout-batches";
import type { User } from "@/lib/database/dashboard/queries/users";
import type { OrderSubmitDeps } from "@/lib/orders/send";
import { PaymentApiError, PaymentApiProblemError } from "@/lib/payment-api";
import { savePayoutApprovalSettings } from "@/lib/approvals/settings";
import { addTestUser } from "@/lib/testing/auth-database";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { sbpPayoutFile } from "@/lib/testing/payout-files";
import { type SandboxFixture, startSandboxFixture } from "@/lib/testing/sandbox-fixture";
import { claimStaleSubmissions } from "@/lib/database/dashboard/queries/orders";
import { createBatch } from "./batches";
import { parseBatchFile } from "./file";
import { SendPacer } from "./pacing";
import { sendBatchRows } from "./sender";

const ROWS = 60;
/** SBP pay-outs up to 500 RUB at this sandbox; the file's rules allow far more. */
const SBP_MAX_MINOR = 50_000;

let fx: SandboxFixture;
let scratch: ScratchDatabase;
let db: Database;
let operator: User;

beforeAll(async () => {
  fx = await startSandboxFixture({
    rateLimit: 10,
    rateLimitWindowMs: 1_000,
    slowTriggerMs: 1_500,
    amountLimits: { payout: { SBP: { min: 1_000, max: SBP_MAX_MINOR } } },
  });
  scratch = await createScratchDatabase("batch_pacing", "dashboard");
  db = await openDashboardDatabase(await scratch.open());
  operator = await addTestUser(db, { email: "op@example.com", password: "x-password-1", role: "operator" });
  const admin = await addTestUser(db, { email: "ad@example.com", password: "x-password-1", role: "admin" });
  const saved = await savePayoutApprovalSettings(db, { id: admin.id, role: admin.role }, { mode: "off" });
  expect(saved.ok).toBe(true);
});
afterAll(async () => {
  await fx?.close();
  await db?.close();
  await scratch?.drop();
});

/** The fixture's client with one attempt per call, and what it met, per paymentId. */
function countingClient() {
  const api = fx.client({ timeoutMs: 500, maxAttempts: 1 });
  /** Calls per paymentId, and of them those the service answered with anything but a 429. */
  const calls = new Map<string, number>();
  const answered = new Map<string, number>();
  const met = { rateLimited: 0, timeouts: 0, serverErrors: 0 };
  const count = (map: Map<string, number>, id: string) => map.set(id, (map.get(id) ?? 0) + 1);
  const createPayout = async (request: PayoutRequest) => {
    count(calls, request.paymentId);
    try {
      const created = await api.createPayout(request);
      count(answered, request.paymentId);
      return created;
    } catch (error) {
      const limited = error instanceof PaymentApiProblemError && error.status === 429;
      if (!limited) count(answered, request.paymentId);
      if (limited) met.rateLimited++;
      else if (error instanceof PaymentApiProblemError && error.status >= 500) met.serverErrors++;
      else if (error instanceof PaymentApiError && error.kind === "timeout") met.timeouts++;
      throw error;
    }
  };
  return { api: { ...api, createPayout }, calls, answered, met };
}

const deps = (api: OrderSubmitDeps["api"]): OrderSubmitDeps => ({
  sql: db,
  api,
  publicBaseUrl: "http://dashboard.test:3000",
  userId: null,
  // Short leases, as with PAYMENT_API_TIMEOUT_MS=500: the waits for the rate limit outlast them many times.
  inFlightMs: 500,
});

async function upload(amountOf: (i: number) => number, rows = ROWS) {
  const text = sbpPayoutFile(rows, { tag: randomUUID(), amountOf });
  const parsed = await parseBatchFile("payouts.csv", [new TextEncoder().encode(text)]);
  expect(parsed.errors).toEqual([]);
  const created = await createBatch(db, { id: operator.id, role: operator.role }, parsed);
  if (!created.ok) throw new Error(JSON.stringify(created));
  return { batchId: created.batchId, ids: parsed.requests.map((r) => r.paymentId) };
}

describe("the batch sender paces itself and retries passing failures", () => {
  it("a batch six times the rate limit, with 5xx and timeouts, ends all sent: one order each", async () => {
    // Every fifth row answers 500 once, every seventh holds its answer past the timeout once.
    const amountOf = (i: number) => 100 + i + (i % 5 === 0 ? 0.55 : i % 7 === 0 ? 0.56 : 0);
    const { batchId, ids } = await upload(amountOf);
    const client = countingClient();
    const summary = await sendBatchRows(deps(client.api), {
      pacer: new SendPacer({ maxConcurrency: 8 }),
      policy: { maxTries: 6, maxRateLimited: 30, baseMs: 50, capMs: 500 },
    });
    expect(summary).toMatchObject({ sent: ROWS, failed: 0, deferred: 0, finished: [batchId] });
    // The sandbox's limits were met, and got past.
    expect(client.met.rateLimited).toBeGreaterThan(0);
    expect(client.met.serverErrors).toBeGreaterThan(0);
    expect(client.met.timeouts).toBeGreaterThan(0);

    const view = await getBatchView(db, batchId);
    expect(view).toMatchObject({ status: "done", counts: { sent: ROWS, pending: 0, sending: 0 } });
    const lines = await listBatchLines(db, batchId, { afterRow: 0, limit: ROWS });
    expect(lines.map((l) => l.orderStatus)).toEqual(Array(ROWS).fill("In progress"));
    expect(lines.filter((l) => l.note !== null)).toEqual([]);
    // A timed-out create had made its order: the retry found it (same paymentId), it made no second one.
    expect(await Promise.all(ids.map((id) => fx.countOrders(id)))).toEqual(Array(ROWS).fill(1));
    const slow = ids.filter((_, i) => (i + 1) % 7 === 0 && (i + 1) % 5 !== 0);
    expect(slow.every((id) => (client.calls.get(id) ?? 0) >= 2)).toBe(true);
  }, 120_000);

  it("a row the service refuses settles at once as Refused, with its reason; the others are sent", async () => {
    const over = 7;
    const amountOf = (i: number) => (i === over ? SBP_MAX_MINOR / 100 + 100 : 100 + i);
    const { batchId, ids } = await upload(amountOf);
    const client = countingClient();
    const summary = await sendBatchRows(deps(client.api), {
      policy: { maxTries: 6, maxRateLimited: 30, baseMs: 50, capMs: 500 },
    });
    expect(summary).toMatchObject({ sent: ROWS, failed: 1 });
    const lines = await listBatchLines(db, batchId, { afterRow: 0, limit: ROWS });
    const refusedId = ids[over - 1]!;
    const refused = lines.find((l) => l.paymentId === refusedId);
    expect(refused?.orderStatus).toBe("Refused");
    expect(refused?.note).toMatch(/^Refused by the payment service: amount /);
    expect(lines.filter((l) => l.orderStatus === "In progress")).toHaveLength(ROWS - 1);
    // Sent until an answer came (429s aside), and that answer was final: never sent again.
    expect(await fx.countOrders(refusedId)).toBe(0);
    expect(client.answered.get(refusedId)).toBe(1);
    expect((await sendBatchRows(deps(client.api))).sent).toBe(0);
    expect((await getBatchView(db, batchId))?.status).toBe("done");
  }, 120_000);

  it("waiting out a Retry-After longer than its leases, nothing it holds looks orphaned", async () => {
    // 6 requests per 4 s: the pauses (up to 4 s) outlast the 2.5 s order lease and the 10 s row lease's third.
    const slow = await startSandboxFixture({ rateLimit: 6, rateLimitWindowMs: 4_000 });
    // Four windows' worth of rows, not ROWS (ten windows, 40 s): each worker's claim of 4 rows is sent across
    // the same pauses whatever the batch's size, and the first claims and the last ones meet them as well.
    const rows = 24;
    try {
      const { batchId, ids } = await upload((i) => 100 + i, rows);
      const api = slow.client({ timeoutMs: 500, maxAttempts: 1 });
      let done = false;
      const sending = sendBatchRows(deps(api), { concurrency: 4 }).finally(() => {
        done = true;
      });
      // What the resume loop and another instance's sender would find, asked all along.
      let orphaned = 0;
      let reclaimed = 0;
      while (!done) {
        orphaned += (await claimStaleSubmissions(db, { leaseMs: 60_000, limit: 10 })).length;
        reclaimed += (
          await db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM payout_batch_rows WHERE batch_id = $1 AND state = 'sending' AND lease_until < now()",
            [batchId],
          )
        )[0]!.n;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await sending).toMatchObject({ sent: rows, failed: 0, deferred: 0 });
      expect({ orphaned, reclaimed }).toEqual({ orphaned: 0, reclaimed: 0 });
      expect(await Promise.all(ids.map((id) => slow.countOrders(id)))).toEqual(Array(rows).fill(1));
    } finally {
      await slow.close();
    }
  }, 180_000);
});
