/**
 * The Callbacks page's actions as Next calls them, on the real dashboard database (TEST_DB backend):
 * "Re-apply all" over a filter (operators and admins only; one audit entry with the tally, none per
 * delivery), and the refusals
 * of a bad filter or a viewer, which change nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { reapplyFilterAction } from "@/lib/actions/callback-actions";
import { receiveCallback as receive } from "@/lib/postback/receive";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import type { ActionResult } from "@/lib/actions/action-result";
import type { Database } from "@/lib/database";
import { formData, signedInAs } from "@/lib/testing/action-session";
import { callbackFor, signedHeadersFor } from "@/lib/testing/signed-callbacks";
import { insertTestOrder, type TestOrder } from "@/lib/testing/test-orders";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

type FormAction<R> = (previous: R | null, form: FormData) => Promise<R>;

let rt: TestRuntime | undefined;
let db: Database;
const reapplyAll: FormAction<ActionResult> = reapplyFilterAction;
let account: { clientId: string; secret: string };

beforeAll(async () => {
  rt = await startTestRuntime("callback_actions");
  const { env } = rt.runtime;
  account = { clientId: env.PAYMENT_API_CLIENT_ID, secret: env.PAYMENT_API_SECRET };
  db = rt.db;
});

const signIn = (role: "admin" | "operator" | "viewer") => signedInAs(db, role);

afterAll(async () => {
  await rt?.close();
});

const form = (query: string) => formData({ query });

async function deliver(order: TestOrder): Promise<void> {
  const body = JSON.stringify(callbackFor(order));
  await receive(db, {
    headers: signedHeadersFor(body, account),
    rawBody: body,
    secret: account.secret,
    clientId: account.clientId,
  });
}

const status = async (id: string) =>
  (await db.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [id]))[0]?.status;

describe("Re-apply all", () => {
  it("applies every 'unknown order' callback of the filter whose order exists now, in one audited click", async () => {
    // Three pay-outs by SBP whose callbacks came before the orders were saved.
    const orders: TestOrder[] = [];
    for (let i = 0; i < 3; i++) {
      const order = { ...(await insertTestOrder(db, { direction: "payout", paymentMethod: "SBP" })) };
      await db.query("DELETE FROM orders WHERE id = $1", [order.id]);
      await deliver(order);
      orders.push(order);
    }
    for (const order of orders.slice(0, 2)) await insertTestOrder(db, order);

    const viewer = await signIn("viewer");
    expect(await reapplyAll(null, form("outcome=unknown-order"))).toMatchObject({ ok: false });
    expect(await status(orders[0]?.id ?? "")).toBe("In progress");

    const operator = await signIn("operator");
    expect(await reapplyAll(null, form("outcome=banana"))).toEqual({
      ok: false,
      message: 'Fix the filters first: Unknown outcome "banana"',
    });
    const done = await reapplyAll(null, form("outcome=unknown-order"));
    expect(done).toEqual({ ok: true, message: "Re-applied 3: 2 applied, 1 unknown-order." });
    expect(await status(orders[0]?.id ?? "")).toBe("Success");
    expect(await status(orders[1]?.id ?? "")).toBe("Success");

    const audit = await db.query<{ userId: string; details: Record<string, unknown> }>(
      `SELECT user_id AS "userId", details FROM audit_log WHERE action = 'callbacks.reapply-filter'`,
    );
    expect(audit).toEqual([
      {
        userId: operator.id,
        details: {
          filters: { outcome: "unknown-order" },
          count: 3,
          outcomes: { applied: 2, "unknown-order": 1 },
        },
      },
    ]);
    expect(audit.some((a) => a.userId === viewer.id)).toBe(false);
    // One activity entry for the click, none per delivery; each order's timeline still has its re-application.
    const entries = await db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'callback%' ORDER BY at",
    );
    expect(entries).toEqual([{ action: "callbacks.reapply-filter" }]);
    const reapplied = await db.query<{ orderId: string; by: string }>(
      `SELECT order_id AS "orderId", reapplied_by AS "by" FROM callback_deliveries WHERE reapply_of IS NOT NULL`,
    );
    expect(reapplied).toHaveLength(3);
    expect(reapplied.every((r) => r.by === operator.id)).toBe(true);

    // Again: the re-applications themselves are not taken, and the originals come out duplicate now.
    expect(await reapplyAll(null, form("outcome=unknown-order"))).toEqual({
      ok: true,
      message: "Re-applied 3: 2 duplicate, 1 unknown-order.",
    });
  });
});
