/**
 * Bulk pay-out batches against the REAL sandbox over HTTP, the dashboard's database on the backend TEST_DB
 * chooses: a file becomes a batch with every row; approval as one (self-approval refused, step-up, two
 * approvers at once decide once); reject and cancel; the sender makes each row exactly one order even when
 * two senders (two instances on PostgreSQL) claim at once and when a row is claimed again after its lease;
 * the same file submitted twice makes no second order.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import { getBatchView, listBatches, listBatchLines } from "@/lib/database/dashboard/queries/payout-batches";
import type { User } from "@/lib/database/dashboard/queries/users";
import type { OrderSubmitDeps } from "@/lib/orders/send";
import { savePayoutApprovalSettings } from "@/lib/approvals/settings";
import {
  addTestUsersByRole,
  openTwoInstanceTestDb,
  type TwoInstanceTestDb,
} from "@/lib/testing/auth-database";
import { sbpPayoutFile } from "@/lib/testing/payout-files";
import { type SandboxFixture, startSandboxFixture } from "@/lib/testing/sandbox-fixture";
import type { Actor } from "@/lib/approvals/decide";
import { approveBatch, cancelBatch, createBatch, OWN_BATCH_MESSAGE, rejectBatch } from "./batches";
import { parseBatchFile } from "./file";
import { sendBatchRows } from "./sender";

const PUBLIC_BASE_URL = "http://dashboard.test:3000";
const PASSWORD = "correct horse battery";

let fx: SandboxFixture;
let dbs: TwoInstanceTestDb;
let db: Database;
let db2: Database;
let users: Record<"admin" | "operator" | "approver" | "approver2", User>;

beforeAll(async () => {
  fx = await startSandboxFixture();
  dbs = await openTwoInstanceTestDb("batches");
  ({ db, db2 } = dbs);
  users = await addTestUsersByRole(db, ["admin", "operator", "approver", "approver2"], PASSWORD);
});
afterAll(async () => {
  await fx?.close();
  await dbs?.close();
});

const actor = (u: User): Actor => ({ id: u.id, role: u.role });
const deps = (sql: Database = db): OrderSubmitDeps => ({
  sql,
  api: fx.client(),
  publicBaseUrl: PUBLIC_BASE_URL,
  userId: null,
  inFlightMs: 30_000,
});

/** A file of `n` SBP rows with no paymentId (amounts 101, 102, …), tagged so no two files are the same. */
const sbpFile = (n: number) => sbpPayoutFile(n, { tag: randomUUID() });

async function upload(text: string, by: User = users.operator) {
  const parsed = await parseBatchFile("payouts.csv", [new TextEncoder().encode(text)]);
  const result = await createBatch(db, actor(by), parsed);
  if (!result.ok) throw new Error(JSON.stringify(result));
  return { batchId: result.batchId, parsed };
}

async function setApprovals(input: unknown) {
  const saved = await savePayoutApprovalSettings(db, actor(users.admin), input);
  expect(saved.ok, JSON.stringify(saved)).toBe(true);
}

async function sandboxCount(paymentIds: readonly string[]): Promise<number[]> {
  return Promise.all(paymentIds.map((id) => fx.countOrders(id)));
}

async function auditOf(target: string) {
  return db.query<{ action: string; user_id: string }>(
    "SELECT action, user_id FROM audit_log WHERE target = $1 ORDER BY at, action",
    [target],
  );
}

describe("bulk pay-out batches", () => {
  it("sends every row once as an ordinary order, two senders at once, and finishes the batch", async () => {
    await setApprovals({ mode: "off" });
    const { batchId, parsed } = await upload(sbpFile(40));
    expect((await getBatchView(db, batchId))?.status).toBe("sending");
    const [a, b] = await Promise.all([sendBatchRows(deps(db)), sendBatchRows(deps(db2), { concurrency: 3 })]);
    expect(a.sent + b.sent).toBe(40);
    const view = await getBatchView(db, batchId);
    expect(view?.status).toBe("done");
    expect(view?.counts).toMatchObject({ sent: 40, pending: 0, sending: 0 });
    const lines = await listBatchLines(db, batchId, { afterRow: 0, limit: 100 });
    expect(lines.map((l) => l.orderStatus)).toEqual(Array(40).fill("In progress"));
    const ids = parsed.requests.map((r) => r.paymentId);
    expect(await sandboxCount(ids)).toEqual(Array(40).fill(1));
    const orders = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE payment_id = ANY($1::uuid[]) AND created_by = $2",
      [ids, users.operator.id],
    );
    expect(orders[0]?.n).toBe(40);
    expect((await auditOf(batchId)).map((e) => e.action)).toEqual(["batch.upload"]);

    // Sent is not settled: every order is In progress. Settled counts the final ones (Refused too).
    expect(view?.settled).toBe(0);
    const listed = async () => (await listBatches(db)).find((b) => b.id === batchId);
    expect(await listed()).toMatchObject({ sent: 40, cancelled: 0, settled: 0 });
    const [first, second, third] = lines.map((l) => l.orderId);
    await db.query("UPDATE orders SET status = 'Success' WHERE id = $1", [first]);
    await db.query("UPDATE orders SET status = 'Refused' WHERE id = $1", [second]);
    await db.query("UPDATE orders SET status = 'Submit failed' WHERE id = $1", [third]);
    expect((await getBatchView(db, batchId))?.settled).toBe(2);
    expect(await listed()).toMatchObject({ sent: 40, settled: 2 });
  });

  it("a row claimed again after its lease ran out finds its order: nothing is sent twice", async () => {
    await setApprovals({ mode: "off" });
    const { batchId, parsed } = await upload(sbpFile(5));
    await sendBatchRows(deps());
    // As if the sender had died after sending, before settling its rows: they are claimable again.
    await db.query(
      "UPDATE payout_batch_rows SET state = 'sending', order_id = NULL, lease_until = now() - interval '1 second' WHERE batch_id = $1",
      [batchId],
    );
    await db.query("UPDATE payout_batches SET status = 'sending' WHERE id = $1", [batchId]);
    const again = await sendBatchRows(deps());
    expect(again).toMatchObject({ sent: 5, found: 5 });
    expect(await sandboxCount(parsed.requests.map((r) => r.paymentId))).toEqual(Array(5).fill(1));
    expect((await getBatchView(db, batchId))?.status).toBe("done");
  });

  it("the same file submitted twice is the same batch; uploaded again after its orders were made, refused", async () => {
    await setApprovals({ mode: "off" });
    const text = sbpFile(3);
    const first = await upload(text);
    const second = await upload(text);
    expect(second.batchId).toBe(first.batchId);
    const ids = first.parsed.requests.map((r) => r.paymentId);
    expect(second.parsed.requests.map((r) => r.paymentId)).toEqual(ids);
    await sendBatchRows(deps());
    // Rejected after its orders were made, then the same file uploaded again: its paymentIds are the
    // orders' now, so it is refused (issue 44 §4) and no order is doubled.
    await db.query("UPDATE payout_batches SET status = 'rejected' WHERE id = $1", [first.batchId]);
    const again = await parseBatchFile("payouts.csv", [new TextEncoder().encode(text)]);
    expect(await createBatch(db, actor(users.operator), again)).toMatchObject({
      ok: false,
      message: expect.stringContaining("3 rows use a paymentId already used"),
    });
    expect(await sendBatchRows(deps())).toMatchObject({ sent: 0 });
    expect(await sandboxCount(ids)).toEqual([1, 1, 1]);
  });

  it("waits for approval as one; self-approval refused; two approvers at once approve once", async () => {
    await setApprovals({ mode: "threshold", thresholds: { RUB: "400" } });
    // Every row is under 400 RUB (101 … 104) but the file's total (410) reaches it.
    const { batchId, parsed } = await upload(sbpFile(4));
    const view = await getBatchView(db, batchId);
    expect(view?.status).toBe("awaiting_approval");
    expect(view?.rule).toBe("RUB from 400.00, the file's total");
    expect(await sendBatchRows(deps())).toMatchObject({ sent: 0, found: 0 });

    const own = await approveBatch(db, actor(users.operator), { batchId, password: PASSWORD });
    expect(own).toMatchObject({ ok: false, message: "Your role (Operator) doesn't allow this." });
    await setApprovals({ mode: "all" });
    const { batchId: adminBatch } = await upload(sbpFile(1), users.admin);
    expect(
      await approveBatch(db, actor(users.admin), { batchId: adminBatch, password: PASSWORD }),
    ).toMatchObject({ ok: false, message: OWN_BATCH_MESSAGE });
    expect(await approveBatch(db, actor(users.approver), { batchId, password: "wrong" })).toMatchObject({
      ok: false,
      fieldErrors: { password: "Wrong password." },
    });

    const [x, y] = await Promise.all([
      approveBatch(db, actor(users.approver), { batchId, password: PASSWORD }),
      approveBatch(db2, actor(users.approver2), { batchId, password: PASSWORD }),
    ]);
    expect([x.ok, y.ok].sort()).toEqual([false, true]);
    await sendBatchRows(deps());
    expect(await sandboxCount(parsed.requests.map((r) => r.paymentId))).toEqual([1, 1, 1, 1]);
    expect((await auditOf(batchId)).map((e) => e.action)).toEqual(["batch.upload", "batch.approve"]);
  });

  it("reject is final with a reason; the uploader cancels a waiting batch, or a sending one's unsent rows", async () => {
    await setApprovals({ mode: "all" });
    const rejected = await upload(sbpFile(2));
    expect(
      await rejectBatch(db, actor(users.approver), { batchId: rejected.batchId, reason: " wrong month " }),
    ).toMatchObject({ ok: true });
    const r = await getBatchView(db, rejected.batchId);
    expect(r).toMatchObject({ status: "rejected", reason: "wrong month", counts: { cancelled: 2 } });
    expect(
      await approveBatch(db, actor(users.approver), { batchId: rejected.batchId, password: PASSWORD }),
    ).toMatchObject({ ok: false });

    const waiting = await upload(sbpFile(2));
    expect(await cancelBatch(db, actor(users.approver), { batchId: waiting.batchId })).toMatchObject({
      ok: false,
    });
    expect(await cancelBatch(db, actor(users.operator), { batchId: waiting.batchId })).toMatchObject({
      ok: true,
    });
    expect((await getBatchView(db, waiting.batchId))?.status).toBe("cancelled");

    await setApprovals({ mode: "off" });
    const sending = await upload(sbpFile(6));
    const cancelled = await cancelBatch(db, actor(users.operator), {
      batchId: sending.batchId,
      reason: "oops",
    });
    expect(cancelled).toMatchObject({ ok: true, message: "Cancelled 6 pay-outs not yet sent." });
    expect(await sendBatchRows(deps())).toMatchObject({ sent: 0, found: 0 });
    expect(await getBatchView(db, sending.batchId)).toMatchObject({
      status: "done",
      counts: { cancelled: 6 },
    });
    expect(await sandboxCount(sending.parsed.requests.map((q) => q.paymentId))).toEqual(Array(6).fill(0));
    for (const [id, action] of [
      [rejected.batchId, "batch.reject"],
      [waiting.batchId, "batch.cancel"],
      [sending.batchId, "batch.cancel"],
    ] as const) {
      expect((await auditOf(id)).map((e) => e.action)).toContain(action);
    }
  });

  it("refuses a file with errors, and a viewer", async () => {
    const parsed = await parseBatchFile("bad.csv", [
      new TextEncoder().encode("paymentMethod,amount\r\nSBP,x\r\n"),
    ]);
    expect(await createBatch(db, actor(users.operator), parsed)).toMatchObject({ ok: false });
    expect(await createBatch(db, { id: users.approver.id, role: "approver" }, parsed)).toMatchObject({
      ok: false,
      message: "Your role (Approver) doesn't allow this.",
    });
  });
});
