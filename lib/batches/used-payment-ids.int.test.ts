/**
 * A paymentId one pay-out already has (an order's, or another file's row) is refused in a file at preview
 * and at submit, by row (issue 44 §4); a row whose paymentId an order took meanwhile is never reported as
 * sent on that order. The real sandbox over HTTP; the dashboard's database on TEST_DB's backend.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/approvals/decide";
import { savePayoutApprovalSettings } from "@/lib/approvals/settings";
import { samplePayoutRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { getBatchView, listBatchLines } from "@/lib/database/dashboard/queries/payout-batches";
import type { User } from "@/lib/database/dashboard/queries/users";
import type { OrderSubmitDeps } from "@/lib/orders/send";
import { submitPayout } from "@/lib/orders/submit";
import { addTestUsersByRole, openTestDb, type TestDb } from "@/lib/testing/auth-database";
import { sbpPayoutFile } from "@/lib/testing/payout-files";
import { type SandboxFixture, startSandboxFixture } from "@/lib/testing/sandbox-fixture";
import { createBatch } from "./batches";
import { isSubmittable, parseBatchFile } from "./file";
import { sendBatchRows } from "./sender";
import { withUsedPaymentIdsRefused } from "./used-payment-ids";

let fx: SandboxFixture;
let t: TestDb;
let db: Database;
let users: Record<"admin" | "operator", User>;

beforeAll(async () => {
  fx = await startSandboxFixture();
  t = await openTestDb("used_payment_ids");
  db = t.db;
  users = await addTestUsersByRole(db, ["admin", "operator"], "correct horse battery");
});
afterAll(async () => {
  await fx?.close();
  await t?.close();
});

const actor = (u: User): Actor => ({ id: u.id, role: u.role });
const deps = (): OrderSubmitDeps => ({
  sql: db,
  api: fx.client(),
  publicBaseUrl: "http://dashboard.test:3000",
  userId: null,
  inFlightMs: 30_000,
});

/** A one-row SBP file paying `amount` under `paymentId`. */
const fileOf = (paymentId: string, amount: number) =>
  parseBatchFile(`payouts-${amount}.csv`, [
    new TextEncoder().encode(
      sbpPayoutFile(1, { tag: randomUUID(), paymentIdOf: () => paymentId, amountOf: () => amount }),
    ),
  ]);

async function setApprovals(mode: "off" | "all") {
  expect((await savePayoutApprovalSettings(db, actor(users.admin), { mode })).ok).toBe(true);
}

describe("a paymentId already used", () => {
  it("by another file's row: file B is refused at preview and at submit, naming file A's row", async () => {
    await setApprovals("all");
    const x = randomUUID();
    const a = await createBatch(db, actor(users.operator), await fileOf(x, 111));
    expect(a).toMatchObject({ ok: true });

    const b = await fileOf(x, 99_999);
    const preview = await withUsedPaymentIdsRefused(db, b);
    expect(preview.errors).toEqual([
      expect.objectContaining({
        row: 2,
        field: "paymentId",
        message: expect.stringContaining("row 2 of “payouts-111.csv”"),
      }),
    ]);
    expect(isSubmittable(preview)).toBe(false);
    const submitted = await createBatch(db, actor(users.operator), b);
    expect(submitted).toMatchObject({
      ok: false,
      message: expect.stringContaining("paymentId already used"),
    });
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payout_batch_rows WHERE payment_id = $1",
      [x],
    );
    expect(n).toBe(1);
  });

  it("by an order: refused at preview and submit, naming the order", async () => {
    await setApprovals("off");
    const x = randomUUID();
    const { postbackUrl: _, ...submission } = samplePayoutRequest("SBP", { paymentId: x, amount: 111 });
    const made = await submitPayout(deps(), submission);
    expect(made).toMatchObject({ ok: true });
    const b = await fileOf(x, 99_999);
    const preview = await withUsedPaymentIdsRefused(db, b);
    expect(preview.errors[0]?.message).toContain(`by order ${made.orderId}`);
    expect(await createBatch(db, actor(users.operator), b)).toMatchObject({ ok: false });
  });

  it("the same file again is not refused by its own rows: it finds its batch", async () => {
    await setApprovals("all");
    const x = randomUUID();
    const file = await fileOf(x, 111);
    const first = await createBatch(db, actor(users.operator), file);
    expect((await withUsedPaymentIdsRefused(db, file)).errors).toEqual([]);
    expect(await createBatch(db, actor(users.operator), file)).toMatchObject({
      ok: true,
      batchId: first.ok ? first.batchId : "",
    });
  });

  it("taken by an order after the file was submitted: the row is not sent and not linked to that order", async () => {
    await setApprovals("off");
    const x = randomUUID();
    const batch = await createBatch(db, actor(users.operator), await fileOf(x, 99_999));
    if (!batch.ok) throw new Error(batch.message);
    const { postbackUrl: _, ...submission } = samplePayoutRequest("SBP", { paymentId: x, amount: 111 });
    expect(await submitPayout(deps(), submission)).toMatchObject({ ok: true });

    const summary = await sendBatchRows(deps());
    expect(summary.failed).toBe(1);
    const [line] = await listBatchLines(db, batch.batchId, { afterRow: 0, limit: 10 });
    expect(line).toMatchObject({
      state: "cancelled",
      orderId: null,
      note: "Not sent: paymentId already used by another order",
    });
    expect((await getBatchView(db, batch.batchId))?.status).toBe("done");
    expect(await fx.countOrders(x)).toBe(1);
  });
});
