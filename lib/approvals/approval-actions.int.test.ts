/**
 * The approval server actions as Next calls them (session and role checked by the action itself, then its
 * input), over a real dashboard database (TEST_DB backend) and the real sandbox over HTTP: who may set,
 * create, approve, reject and cancel, and input refused by field, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { approvePayoutAction } from "@/lib/actions/approve-payout-action";
import { cancelPayoutAction } from "@/lib/actions/cancel-payout-action";
import { createPayoutAction } from "@/lib/actions/create-payout-action";
import { rejectPayoutAction } from "@/lib/actions/reject-payout-action";
import { saveApprovalSettingsAction } from "@/lib/actions/save-approval-settings-action";
import type { Database } from "@/lib/database";
import { signedInAs } from "@/lib/testing/action-session";
import { type SandboxRuntime, startSandboxRuntime } from "@/lib/testing/dashboard-runtime";
import { payoutFormValues } from "@/lib/testing/test-orders";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

type Action = (
  input: unknown,
) => Promise<{ ok: boolean; message?: string; fieldErrors?: Record<string, string> }>;
type OrderAction = (input: unknown) => Promise<{ ok: boolean; orderId?: string; message?: string }>;

const PASSWORD = "a-password-of-enough-length";
let rt: SandboxRuntime | undefined;
let db: Database;
let act: { settings: Action; createPayout: OrderAction; approve: Action; reject: Action; cancel: Action };

beforeAll(async () => {
  rt = await startSandboxRuntime("approval_actions");
  db = rt.db;
  act = {
    settings: saveApprovalSettingsAction as Action,
    createPayout: createPayoutAction as OrderAction,
    approve: approvePayoutAction as Action,
    reject: rejectPayoutAction as Action,
    cancel: cancelPayoutAction as Action,
  };
});
afterAll(async () => {
  await rt?.close();
});

async function mode(): Promise<string | undefined> {
  const [row] = await db.query<{ mode: string }>("SELECT mode FROM payout_approval_settings");
  return row?.mode;
}
async function statusOf(id: string | undefined): Promise<string | undefined> {
  const [row] = await db.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [id]);
  return row?.status;
}

describe("approval actions", () => {
  it("lets only admins change the setting, and refuses bad input by field, saving nothing", async () => {
    for (const role of ["operator", "approver", "viewer"] as const) {
      await signedInAs(db, role);
      expect(await act.settings({ mode: "all" })).toMatchObject({ ok: false, message: /doesn't allow/ });
    }
    await signedInAs(db, "admin");
    const negative = await act.settings({ mode: "threshold", thresholds: { RUB: "-100" } });
    expect(negative).toMatchObject({
      ok: false,
      fieldErrors: { "thresholds.RUB": "Must be greater than 0" },
    });
    const unknown = await act.settings({ mode: "threshold", thresholds: { ZZZ: "100" } });
    expect(unknown.fieldErrors?.["thresholds.ZZZ"]).toMatch(/Unknown currency/);
    expect(await mode()).toBeUndefined();
    expect(await act.settings({ mode: "all" })).toMatchObject({ ok: true });
    expect(await mode()).toBe("all");
  });

  it("an approver creates no pay-out; an operator's waits; only someone else approves it", async () => {
    await signedInAs(db, "approver");
    expect(await act.createPayout(payoutFormValues())).toMatchObject({ ok: false, message: /doesn't allow/ });

    const operator = await signedInAs(db, "operator");
    const created = await act.createPayout(payoutFormValues());
    expect(created.ok).toBe(true);
    expect(await statusOf(created.orderId)).toBe("Awaiting approval");
    expect(await act.approve({ orderId: created.orderId, password: PASSWORD })).toMatchObject({
      ok: false,
      message: /doesn't allow/,
    });

    await signedInAs(db, "viewer");
    expect(await act.reject({ orderId: created.orderId, reason: "no" })).toMatchObject({ ok: false });

    await signedInAs(db, "approver");
    expect(await act.reject({ orderId: created.orderId, reason: "   " })).toMatchObject({
      ok: false,
      fieldErrors: { reason: "Required: why it is rejected" },
    });
    expect(await act.reject({ orderId: created.orderId, reason: "x".repeat(501) })).toMatchObject({
      ok: false,
      fieldErrors: { reason: "Must be at most 500 characters" },
    });
    expect(await act.approve({ orderId: "not-an-id", password: PASSWORD })).toMatchObject({
      ok: false,
      fieldErrors: { orderId: expect.any(String) },
    });
    expect(await act.cancel({ orderId: created.orderId })).toMatchObject({
      ok: false,
      message: /doesn't allow/,
    });
    expect(await statusOf(created.orderId)).toBe("Awaiting approval");

    expect(await act.approve({ orderId: created.orderId, password: PASSWORD })).toMatchObject({ ok: true });
    expect(await statusOf(created.orderId)).toBe("In progress");
    const [approval] = await db.query<{ decided_by: string; requested_by: string }>(
      "SELECT decided_by, requested_by FROM payout_approvals WHERE order_id = $1",
      [created.orderId],
    );
    expect(approval?.requested_by).toBe(operator.id);
    expect(approval?.decided_by).not.toBe(operator.id);
  });
});
