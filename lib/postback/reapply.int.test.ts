/**
 * Re-applying a stored callback delivery (the Callbacks page), on the real dashboard database (TEST_DB
 * backend): the receiver's logic again on the stored signed bytes, idempotent, linked, audited; what cannot
 * be re-applied is refused and changes nothing. Also the Callbacks page's list query.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import { listAudit } from "@/lib/database/dashboard/queries/audit";
import { getCallbackDelivery } from "@/lib/database/dashboard/queries/callback-deliveries";
import { listCallbacks, reapplicableIds } from "@/lib/database/dashboard/queries/callback-list";
import { sign, signStandardWebhook } from "@/lib/signing";
import { addTestUser } from "@/lib/testing/auth-database";
import { callbackFor } from "@/lib/testing/signed-callbacks";
import { insertTestOrder, openTestDashboardDb, type TestOrder } from "@/lib/testing/test-orders";
import { receiveCallback } from "./receive";
import { reapplyDelivery } from "./reapply";

const SECRET = "reapply-test-secret";
const CLIENT_ID = "merchant-reapply";
const settings = { secret: SECRET, clientId: CLIENT_ID };

let db: Database;
let dispose: () => Promise<void> = async () => {};
let userId: string;

beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
  userId = (await addTestUser(db, { email: `ops-${randomUUID()}@example.com`, password: "x".repeat(12) })).id;
});
afterAll(() => dispose());

/** Delivers `body` signed with `secret` at Unix time `at`, as it came then; returns the stored delivery id. */
async function deliver(body: string, o: { secret?: string; at?: Date } = {}): Promise<string> {
  const at = o.at ?? new Date();
  const timestamp = Math.floor(at.getTime() / 1000);
  const webhookId = `evt_${randomUUID()}`;
  const secret = o.secret ?? SECRET;
  const headers = {
    "content-type": "application/json",
    "x-client-id": CLIENT_ID,
    "x-signature": sign(secret, body),
    "webhook-id": webhookId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signStandardWebhook(secret, webhookId, timestamp, body),
  };
  const result = await receiveCallback(db, {
    headers,
    rawBody: body,
    secret: SECRET,
    clientId: CLIENT_ID,
    now: at,
  });
  if (!result.deliveryId) throw new Error(`not stored: ${result.outcome}`);
  // It came at `at`: the receipt time is what a re-application verifies the signature against.
  await db.query("UPDATE callback_deliveries SET received_at = $2 WHERE id = $1", [result.deliveryId, at]);
  return result.deliveryId;
}

const statusOf = async (id: string) =>
  (await db.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [id]))[0]?.status;
const deliveryCount = async () =>
  (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM callback_deliveries"))[0]?.n ?? 0;
const reapply = (id: string, s: Partial<typeof settings> & { previousSecret?: string } = {}) =>
  reapplyDelivery(db, id, { ...settings, ...s }, userId);

/** An order that is not in the database yet (its callback comes first). */
const futureOrder = (): TestOrder => ({
  id: randomUUID(),
  direction: "payin",
  paymentId: randomUUID(),
  providerOrderId: randomUUID(),
  paymentMethod: "SBP",
  amount: "1500.00",
  finalAmount: null,
  currency: "RUB",
  country: "RU",
  status: "In progress",
  clientEmail: "early@example.com",
  createdAt: new Date(),
  payToken: null,
  request: {},
});

describe("re-applying a stored callback", () => {
  it("an hour-old 'unknown order' delivery applies once its order exists; again, it is a duplicate", async () => {
    const order = futureOrder();
    const hourAgo = new Date(Date.now() - 3_600_000);
    const original = await deliver(JSON.stringify(callbackFor(order, { updatedAt: hourAgo.toISOString() })), {
      at: hourAgo,
    });
    expect((await getCallbackDelivery(db, original))?.outcome).toBe("unknown-order");

    await insertTestOrder(db, order);
    const first = await reapply(original);
    expect(first).toMatchObject({ ok: true, outcome: "applied", orderId: order.id });
    expect(await statusOf(order.id)).toBe("Success");
    const row = await getCallbackDelivery(db, first.ok ? first.deliveryId : "");
    expect(row).toMatchObject({
      outcome: "applied",
      verified: true,
      reapplyOf: original,
      reappliedBy: userId,
      webhookId: null,
      orderId: order.id,
      status: "Success",
    });
    expect((await getCallbackDelivery(db, original))?.outcome).toBe("unknown-order");

    const second = await reapply(original);
    expect(second).toMatchObject({ ok: true, outcome: "duplicate", orderId: order.id });
    expect(await statusOf(order.id)).toBe("Success");
    const audit = await listAudit(db, { action: "callback.reapply", target: original });
    expect(audit.map((a) => a.details.outcome)).toEqual(["duplicate", "applied"]);
    expect(audit[0]?.userId).toBe(userId);
  });

  it("a delivery the order has moved past comes out stale and changes nothing", async () => {
    const order = await insertTestOrder(db, { paymentMethod: "Card" });
    const early = await deliver(JSON.stringify(callbackFor(order, { status: "Success" })));
    await db.query("UPDATE orders SET status = 'Failed' WHERE id = $1", [order.id]);
    expect(await reapply(early)).toMatchObject({ ok: true, outcome: "stale" });
    expect(await statusOf(order.id)).toBe("Failed");
  });

  it("after a secret rotation it verifies with the previous secret, and without it is refused", async () => {
    const order = await insertTestOrder(db);
    const id = await deliver(JSON.stringify(callbackFor(order, { status: "In progress" })));
    const before = await deliveryCount();
    expect(await reapply(id, { secret: "the-new-secret" })).toMatchObject({
      ok: false,
      reason: "signature",
      message: expect.stringContaining("does not verify with the secrets configured now"),
    });
    expect(await deliveryCount()).toBe(before);
    expect(await reapply(id, { secret: "the-new-secret", previousSecret: SECRET })).toMatchObject({
      ok: true,
      outcome: "duplicate",
    });
  });

  it("a refused signature, a signed invalid body and an unknown id are refused; nothing is written", async () => {
    const order = await insertTestOrder(db);
    const forged = await deliver(JSON.stringify(callbackFor(order)), { secret: "not-the-secret" });
    expect((await getCallbackDelivery(db, forged))?.outcome).toBe("rejected");
    const invalid = await deliver(JSON.stringify({ ...callbackFor(order), status: 42 }));
    expect((await getCallbackDelivery(db, invalid))?.outcome).toBe("invalid");
    const before = await deliveryCount();

    expect(await reapply(forged)).toMatchObject({ ok: false, reason: "unsigned" });
    expect(await reapply(invalid)).toMatchObject({
      ok: false,
      reason: "invalid",
      message: expect.stringContaining("status:"),
    });
    expect(await reapply(randomUUID())).toMatchObject({ ok: false, reason: "not-found" });
    expect(await deliveryCount()).toBe(before);
    expect(await statusOf(order.id)).toBe("In progress");
    expect(await listAudit(db, { action: "callback.reapply", target: forged })).toEqual([]);
  });
});

describe("the Callbacks page's list", () => {
  it("filters by outcome, the order's method and day; pages by keyset; bulk ids skip refused and re-applications", async () => {
    const pix = await insertTestOrder(db, { paymentMethod: "PIX", country: "BR", currency: "BRL" });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        await deliver(
          JSON.stringify(
            callbackFor(pix, { status: "In progress", updatedAt: new Date(Date.now() + i).toISOString() }),
          ),
          { at: new Date(Date.now() + i * 1000) },
        ),
      );
    const byMethod = await listCallbacks(db, { method: "PIX" }, { limit: 2 });
    expect(byMethod.rows.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(byMethod.rows[0]).toMatchObject({
      paymentMethod: "PIX",
      paymentId: pix.paymentId,
      direction: "payin",
    });
    expect(byMethod.prevCursor).toBeNull();
    const next = await listCallbacks(db, { method: "PIX" }, { limit: 2, after: byMethod.nextCursor ?? "" });
    expect(next.rows.map((r) => r.id)).toEqual([ids[0]]);
    expect(next.nextCursor).toBeNull();
    const back = await listCallbacks(db, { method: "PIX" }, { limit: 2, before: next.prevCursor ?? "" });
    expect(back.rows.map((r) => r.id)).toEqual([ids[2], ids[1]]);

    const today = new Date().toISOString().slice(0, 10);
    const rejected = await listCallbacks(db, { outcome: "rejected", from: today, to: today }, { limit: 50 });
    expect(rejected.rows.length).toBeGreaterThan(0);
    expect(rejected.rows.every((r) => r.outcome === "rejected")).toBe(true);
    expect(await listCallbacks(db, { to: "2000-01-01" }, { limit: 50 })).toMatchObject({ rows: [] });

    const bulk = await reapplicableIds(db, {}, 10_000);
    const kinds = await db.query<{ id: string; outcome: string; reapplyOf: string | null }>(
      `SELECT id, outcome, reapply_of AS "reapplyOf" FROM callback_deliveries`,
    );
    const eligible = kinds.filter((k) => k.outcome !== "rejected" && !k.reapplyOf).map((k) => k.id);
    expect(new Set(bulk)).toEqual(new Set(eligible));
    expect(bulk.length).toBeLessThan(kinds.length);
  });
});
