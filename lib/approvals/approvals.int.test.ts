/**
 * Pay-out approvals against the REAL sandbox over HTTP, with the dashboard's database on the backend
 * TEST_DB chooses (pglite by default, postgres): the setting and its rules, nothing sent while a pay-out
 * waits, approve sending exactly once under two approvers at once, self-approval refused, reject and
 * cancel final, role checks, and bad input refused by field, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayoutRequest } from "@/lib/contract";
import { samplePayoutRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { getOrderById } from "@/lib/database/dashboard/queries/orders";
import { getApprovalSettings, getPayoutApproval } from "@/lib/database/dashboard/queries/payout-approvals";
import type { User } from "@/lib/database/dashboard/queries/users";
import type { OrderActionResult } from "@/lib/orders/field-errors";
import { type OrderSubmitDeps, submitPayout } from "@/lib/orders/submit";
import {
  addTestUser,
  addTestUsersByRole,
  openTwoInstanceTestDb,
  type TwoInstanceTestDb,
} from "@/lib/testing/auth-database";
import { type SandboxFixture, startSandboxFixture } from "@/lib/testing/sandbox-fixture";
import {
  type Actor,
  approvePayout,
  cancelPayout,
  NOT_CREATOR_MESSAGE,
  OWN_PAYOUT_MESSAGE,
  rejectPayout,
} from "./decide";
import { savePayoutApprovalSettings } from "./settings";

const PUBLIC_BASE_URL = "http://dashboard.test:3000";
const PASSWORD = "correct horse battery";
const PAN = "4111111111111111";

let fx: SandboxFixture;
let dbs: TwoInstanceTestDb;
let db: Database;
/** A second instance's connections (PostgreSQL); on PGlite the one embedded database. */
let db2: Database;
let users: Record<"admin" | "operator" | "approver" | "approver2" | "viewer", User>;

beforeAll(async () => {
  fx = await startSandboxFixture();
  dbs = await openTwoInstanceTestDb("approvals");
  ({ db, db2 } = dbs);
  users = await addTestUsersByRole(db, ["admin", "operator", "approver", "approver2", "viewer"], PASSWORD);
});
afterAll(async () => {
  await fx?.close();
  await dbs?.close();
});

const actor = (u: User): Actor => ({ id: u.id, role: u.role });
function depsOf(u: User, sql: Database = db): OrderSubmitDeps {
  return { sql, api: fx.client(), publicBaseUrl: PUBLIC_BASE_URL, userId: u.id, inFlightMs: 30_000 };
}

function orderIdOf(result: OrderActionResult): string {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return result.orderId;
}

async function setApprovals(input: unknown) {
  const saved = await savePayoutApprovalSettings(db, actor(users.admin), input);
  expect(saved.ok, JSON.stringify(saved)).toBe(true);
}

/** An SBP pay-out in roubles of `amount`, created by `by`. */
async function createPayout(by: User, overrides: Partial<PayoutRequest> = {}) {
  const request = samplePayoutRequest("SBP", overrides);
  const orderId = orderIdOf(await submitPayout(depsOf(by), request));
  return { orderId, paymentId: request.paymentId };
}

/** How many pay-out creates the sandbox has answered (its own request log). */
async function payoutCreatesAtSandbox(): Promise<number> {
  const [row] = await fx.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM sandbox_requests WHERE method = 'POST' AND path LIKE '%/payout/create'",
  );
  return row?.n ?? 0;
}

/** The count once the sandbox's request log (flushed every ~100 ms) has stopped moving. */
async function settledPayoutCreates(): Promise<number> {
  let last = await payoutCreatesAtSandbox();
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await payoutCreatesAtSandbox();
    if (now === last) return now;
    last = now;
  }
}

async function auditActions(orderId: string): Promise<string[]> {
  const rows = await db.query<{ action: string }>(
    "SELECT action FROM audit_log WHERE target = $1 ORDER BY at, action",
    [orderId],
  );
  return rows.map((r) => r.action);
}

async function statusOf(orderId: string): Promise<string | undefined> {
  return (await getOrderById(db, orderId))?.status;
}

describe("the setting", () => {
  it("is off by default: a pay-out is sent at once", async () => {
    expect((await getApprovalSettings(db)).mode).toBe("off");
    const { orderId, paymentId } = await createPayout(users.operator, { amount: 999_999 });
    expect(await statusOf(orderId)).toBe("In progress");
    expect(await fx.countOrders(paymentId)).toBe(1);
  });

  it.each([
    [{ mode: "threshold", thresholds: { RUB: "-5" } }, "thresholds.RUB", /greater than 0/],
    [{ mode: "threshold", thresholds: { RUB: "0" } }, "thresholds.RUB", /greater than 0/],
    [{ mode: "threshold", thresholds: { RUB: "10.123" } }, "thresholds.RUB", /two decimals/],
    [{ mode: "threshold", thresholds: { XYZ: "100" } }, "thresholds.XYZ", /Unknown currency/],
    [{ mode: "threshold", thresholds: {} }, "thresholds", /at least one currency/],
    [{ mode: "sometimes" }, "mode", /Must be one of/],
  ])("refuses %j naming the field, changing nothing", async (input, field, message) => {
    const auditBefore = await db.query("SELECT id FROM audit_log WHERE action = 'settings.payout-approvals'");
    const result = await savePayoutApprovalSettings(db, actor(users.admin), input);
    expect(result.ok).toBe(false);
    expect(result.fieldErrors?.[field]).toMatch(message);
    expect(await getApprovalSettings(db)).toMatchObject({ mode: "off", thresholds: {} });
    const auditAfter = await db.query("SELECT id FROM audit_log WHERE action = 'settings.payout-approvals'");
    expect(auditAfter).toHaveLength(auditBefore.length);
  });

  it("is an admin's alone", async () => {
    for (const who of [users.operator, users.approver, users.viewer]) {
      const result = await savePayoutApprovalSettings(db, actor(who), { mode: "all" });
      expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/doesn't allow/) });
    }
    expect((await getApprovalSettings(db)).mode).toBe("off");
  });

  it("holds pay-outs from each currency's amount, and sends the rest", async () => {
    await setApprovals({ mode: "threshold", thresholds: { RUB: "100000", BRL: "5000.5" } });
    expect(await getApprovalSettings(db)).toMatchObject({
      mode: "threshold",
      thresholds: { RUB: "100000.00", BRL: "5000.50" },
      updatedBy: users.admin.id,
    });
    const [audit] = await db.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_log WHERE action = 'settings.payout-approvals'",
    );
    expect(audit?.details).toMatchObject({
      from: "off",
      to: "pay-outs of BRL from 5000.50, RUB from 100000.00",
    });

    const requestsBefore = await settledPayoutCreates();
    const below = await createPayout(users.operator, { amount: 99_999.99 });
    const at = await createPayout(users.operator, { amount: 100_000 });
    const pixBelow = orderIdOf(
      await submitPayout(depsOf(users.operator), samplePayoutRequest("PIX_OUT_EVP", { amount: 5000.49 })),
    );
    const pixAt = samplePayoutRequest("PIX_OUT_EVP", { amount: 5000.5 });
    const pixAtId = orderIdOf(await submitPayout(depsOf(users.operator), pixAt));

    expect(await statusOf(below.orderId)).toBe("In progress");
    expect(await statusOf(pixBelow)).toBe("In progress");
    expect(await statusOf(at.orderId)).toBe("Awaiting approval");
    expect(await statusOf(pixAtId)).toBe("Awaiting approval");
    // Nothing of the held ones reached the payment service: no order there, no create in its request log.
    expect(await fx.countOrders(at.paymentId)).toBe(0);
    expect(await fx.countOrders(pixAt.paymentId)).toBe(0);
    expect(await settledPayoutCreates()).toBe(requestsBefore + 2);
    expect(await getPayoutApproval(db, at.orderId)).toMatchObject({
      requestedBy: users.operator.id,
      rule: "RUB from 100000.00",
      decision: null,
    });
    expect(await auditActions(at.orderId)).toEqual(["order.approval-requested"]);
    // A double submit of the held pay-out finds it and still sends nothing.
    const again = await submitPayout(
      depsOf(users.operator),
      samplePayoutRequest("SBP", { paymentId: at.paymentId, amount: 100_000 }),
    );
    expect(again).toMatchObject({ ok: true, orderId: at.orderId });
    expect(await settledPayoutCreates()).toBe(requestsBefore + 2);
    // The held order is counted among the dashboard's own states.
    const [count] = await db.query<{ n: string }>(
      "SELECT sum(n)::text AS n FROM order_status_counts WHERE status = 'Awaiting approval'",
    );
    expect(Number(count?.n)).toBe(2);
  });
});

describe("deciding", () => {
  beforeAll(async () => {
    await setApprovals({ mode: "all" });
  });

  it("approves with the approver's password and sends it once, with its own paymentId", async () => {
    const { orderId, paymentId } = await createPayout(users.operator);
    expect(await statusOf(orderId)).toBe("Awaiting approval");

    const wrong = await approvePayout(depsOf(users.approver), actor(users.approver), {
      orderId,
      password: "not the password",
    });
    expect(wrong).toMatchObject({ ok: false, fieldErrors: { password: "Wrong password." } });
    const missing = await approvePayout(depsOf(users.approver), actor(users.approver), { orderId });
    expect(missing).toMatchObject({ ok: false, fieldErrors: { password: expect.any(String) } });
    expect(await statusOf(orderId)).toBe("Awaiting approval");
    expect(await fx.countOrders(paymentId)).toBe(0);

    const approved = await approvePayout(depsOf(users.approver), actor(users.approver), {
      orderId,
      password: PASSWORD,
    });
    expect(approved).toEqual({ ok: true, orderId });
    const order = await getOrderById(db, orderId);
    expect(order?.status).toBe("In progress");
    expect(order?.providerOrderId).toBeTruthy();
    expect(await fx.countOrders(paymentId)).toBe(1);
    expect(await getPayoutApproval(db, orderId)).toMatchObject({
      decision: "approved",
      decidedBy: users.approver.id,
      decidedAt: expect.any(Date),
    });
    expect(await auditActions(orderId)).toEqual([
      "order.approval-requested",
      "order.approve",
      "order.approved-send",
    ]);
    // Approving again is refused: it no longer waits.
    const twice = await approvePayout(depsOf(users.approver2), actor(users.approver2), {
      orderId,
      password: PASSWORD,
    });
    expect(twice).toMatchObject({ ok: false, message: expect.stringMatching(/no longer awaits approval/) });
    expect(await fx.countOrders(paymentId)).toBe(1);
  });

  it("stops password guessing at the approve step: after five wrong ones even the right one waits", async () => {
    const guesser = await addTestUser(db, {
      email: "guesser@example.com",
      password: PASSWORD,
      role: "approver",
    });
    const { orderId, paymentId } = await createPayout(users.operator);
    for (let i = 0; i < 5; i++) {
      const wrong = await approvePayout(depsOf(guesser), actor(guesser), { orderId, password: `guess-${i}` });
      expect(wrong.fieldErrors?.password).toBe("Wrong password.");
    }
    const blocked = await approvePayout(depsOf(guesser), actor(guesser), { orderId, password: PASSWORD });
    expect(blocked.fieldErrors?.password).toMatch(/Too many wrong passwords/);
    expect(await statusOf(orderId)).toBe("Awaiting approval");
    expect(await fx.countOrders(paymentId)).toBe(0);
  });

  it("sends exactly once when two approvers press at the same moment (two instances' connections)", async () => {
    for (let round = 0; round < 3; round++) {
      const { orderId, paymentId } = await createPayout(users.operator);
      const before = await settledPayoutCreates();
      const results = await Promise.all([
        approvePayout(depsOf(users.approver, db), actor(users.approver), { orderId, password: PASSWORD }),
        approvePayout(depsOf(users.admin, db2), actor(users.admin), { orderId, password: PASSWORD }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)?.message).toMatch(/no longer awaits approval/);
      expect(await fx.countOrders(paymentId)).toBe(1);
      expect(await settledPayoutCreates()).toBe(before + 1);
      const actions = await auditActions(orderId);
      expect(actions.filter((a) => a === "order.approve")).toHaveLength(1);
      expect(actions.filter((a) => a === "order.approved-send")).toHaveLength(1);
    }
  });

  it("never lets the creator approve or reject their own pay-out", async () => {
    const { orderId, paymentId } = await createPayout(users.admin);
    const approve = await approvePayout(depsOf(users.admin), actor(users.admin), {
      orderId,
      password: PASSWORD,
    });
    expect(approve).toMatchObject({ ok: false, message: OWN_PAYOUT_MESSAGE });
    const reject = await rejectPayout(depsOf(users.admin), actor(users.admin), { orderId, reason: "mine" });
    expect(reject).toMatchObject({ ok: false, message: OWN_PAYOUT_MESSAGE });
    expect(await statusOf(orderId)).toBe("Awaiting approval");
    expect(await fx.countOrders(paymentId)).toBe(0);
    expect(await auditActions(orderId)).toEqual(["order.approval-requested"]);
  });

  it("lets only admins and approvers decide, and only the creator cancel", async () => {
    const { orderId } = await createPayout(users.operator);
    for (const who of [users.operator, users.viewer]) {
      const approve = await approvePayout(depsOf(who), actor(who), { orderId, password: PASSWORD });
      expect(approve).toMatchObject({ ok: false, message: expect.stringMatching(/doesn't allow/) });
      const reject = await rejectPayout(depsOf(who), actor(who), { orderId, reason: "no" });
      expect(reject).toMatchObject({ ok: false, message: expect.stringMatching(/doesn't allow/) });
    }
    expect(await cancelPayout(depsOf(users.approver), actor(users.approver), { orderId })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/doesn't allow/),
    });
    expect(await cancelPayout(depsOf(users.admin), actor(users.admin), { orderId })).toMatchObject({
      ok: false,
      message: NOT_CREATOR_MESSAGE,
    });
    expect(await statusOf(orderId)).toBe("Awaiting approval");
    expect(await auditActions(orderId)).toEqual(["order.approval-requested"]);
  });

  it("rejects with a reason, for good: never sent, nothing decides it again", async () => {
    const { orderId, paymentId } = await createPayout(users.operator);
    const rejected = await rejectPayout(depsOf(users.approver), actor(users.approver), {
      orderId,
      reason: "Recipient not on the supplier list",
    });
    expect(rejected).toEqual({ ok: true, orderId });
    expect(await statusOf(orderId)).toBe("Rejected");
    expect(await getPayoutApproval(db, orderId)).toMatchObject({
      decision: "rejected",
      decidedBy: users.approver.id,
      reason: "Recipient not on the supplier list",
    });
    const approve = await approvePayout(depsOf(users.admin), actor(users.admin), {
      orderId,
      password: PASSWORD,
    });
    expect(approve).toMatchObject({ ok: false, message: expect.stringMatching(/“Rejected”/) });
    const cancel = await cancelPayout(depsOf(users.operator), actor(users.operator), { orderId });
    expect(cancel).toMatchObject({ ok: false, message: expect.stringMatching(/“Rejected”/) });
    expect(await statusOf(orderId)).toBe("Rejected");
    expect(await fx.countOrders(paymentId)).toBe(0);
    const [entry] = await db.query<{ user_id: string; details: Record<string, unknown> }>(
      "SELECT user_id, details FROM audit_log WHERE target = $1 AND action = 'order.reject'",
      [orderId],
    );
    expect(entry).toMatchObject({
      user_id: users.approver.id,
      details: { reason: "Recipient not on the supplier list" },
    });
  });

  it("lets the creator cancel while it waits, for good", async () => {
    const { orderId, paymentId } = await createPayout(users.operator);
    const cancelled = await cancelPayout(depsOf(users.operator), actor(users.operator), {
      orderId,
      reason: "Wrong amount",
    });
    expect(cancelled).toEqual({ ok: true, orderId });
    expect(await statusOf(orderId)).toBe("Cancelled");
    expect(await getPayoutApproval(db, orderId)).toMatchObject({
      decision: "cancelled",
      reason: "Wrong amount",
    });
    const approve = await approvePayout(depsOf(users.approver), actor(users.approver), {
      orderId,
      password: PASSWORD,
    });
    expect(approve.ok).toBe(false);
    expect(await fx.countOrders(paymentId)).toBe(0);
    expect(await auditActions(orderId)).toEqual(["order.approval-requested", "order.cancel"]);
  });

  it("asks a card pay-out's number again when approving (only its mask was stored)", async () => {
    const request = samplePayoutRequest("Card", { payoutDetails: { ccNo: PAN } });
    const orderId = orderIdOf(await submitPayout(depsOf(users.operator), request));
    const withoutCard = await approvePayout(depsOf(users.approver), actor(users.approver), {
      orderId,
      password: PASSWORD,
    });
    expect(withoutCard).toMatchObject({
      ok: false,
      fieldErrors: { cardNumber: expect.stringMatching(/411111/) },
    });
    expect(await statusOf(orderId)).toBe("Awaiting approval");
    const approved = await approvePayout(depsOf(users.approver), actor(users.approver), {
      orderId,
      password: PASSWORD,
      cardNumber: PAN,
    });
    expect(approved).toEqual({ ok: true, orderId });
    expect(await fx.countOrders(request.paymentId)).toBe(1);
  });
});
