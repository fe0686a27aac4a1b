import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { openDashboardDatabase } from "@/lib/database/dashboard/client";
import {
  claimOrderForResubmit,
  claimStaleSubmissions,
  getOrderById,
  getOrderByPaymentId,
  getOrderByProviderOrderId,
  insertOrder,
  msUntilNextStaleSubmission,
  type OrderInput,
  recordSubmitFailure,
  recordSubmitSuccess,
} from "@/lib/database/dashboard/queries/orders";

let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase("orders_q", "dashboard");
  db = await openDashboardDatabase(await scratch.open());
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

function newOrder(overrides: Partial<OrderInput> = {}): OrderInput {
  return {
    id: crypto.randomUUID(),
    direction: "payin",
    paymentId: crypto.randomUUID(),
    paymentMethod: "SBP",
    amount: "1500.00",
    currency: "RUB",
    country: "RU",
    request: { paymentMethod: "SBP", amount: 1500 },
    clientEmail: "client@example.com",
    createdBy: null,
    payToken: `tok-${crypto.randomUUID()}`,
    leaseMs: 30_000,
    ...overrides,
  };
}

describe("orders queries", () => {
  it("inserts once per (direction, paymentId) and reads it back every way", async () => {
    const o = newOrder();
    const first = await insertOrder(db, o);
    expect(first.created).toBe(true);
    expect(first.order.status).toBe("Submitting");
    expect(first.order.amount).toBe("1500.00");
    expect(first.order.request).toEqual({ paymentMethod: "SBP", amount: 1500 });
    const again = await insertOrder(db, { ...o, id: crypto.randomUUID() });
    expect(again.created).toBe(false);
    expect(again.order.id).toBe(o.id);
    // Same paymentId in the other direction is another order.
    const payout = await insertOrder(db, {
      ...o,
      id: crypto.randomUUID(),
      direction: "payout",
      payToken: null,
    });
    expect(payout.created).toBe(true);
    expect((await getOrderById(db, o.id))?.paymentId).toBe(o.paymentId);
    expect((await getOrderByPaymentId(db, "payin", o.paymentId))?.id).toBe(o.id);
    expect(await getOrderById(db, "not-a-uuid")).toBeNull();
  });

  it("records failure, claims once for a retry, records success and keeps a final status", async () => {
    const o = newOrder();
    await insertOrder(db, o);
    const failed = await recordSubmitFailure(db, o.id, { lastError: { kind: "timeout" }, attempts: 3 });
    expect(failed?.status).toBe("Submit failed");
    expect(failed?.submitAttempts).toBe(3);
    expect(failed?.lastError).toEqual({ kind: "timeout" });
    const [a, b] = await Promise.all([
      claimOrderForResubmit(db, o.id, LEASE),
      claimOrderForResubmit(db, o.id, LEASE),
    ]);
    expect([a, b].filter((x) => x !== null)).toHaveLength(1);
    const providerId = crypto.randomUUID();
    const expiresAt = new Date("2030-01-01T00:00:00.000Z");
    const ok = await recordSubmitSuccess(db, o.id, {
      providerOrderId: providerId,
      status: "In progress",
      response: { id: providerId },
      bankDetails: { phoneNumber: "+79001234567", bankName: "Bank", payeeName: "Ivan" },
      expiresAt,
      finalAmount: "1500.37",
      attempts: 1,
    });
    expect(ok?.status).toBe("In progress");
    expect(ok?.finalAmount).toBe("1500.37");
    expect(ok?.expiresAt?.toISOString()).toBe(expiresAt.toISOString());
    expect(ok?.lastError).toBeNull();
    expect(ok?.submitAttempts).toBe(4);
    expect((await getOrderByProviderOrderId(db, providerId))?.id).toBe(o.id);
    // Not failed any more: nothing to claim.
    expect(await claimOrderForResubmit(db, o.id, LEASE)).toBeNull();
    await db.query("UPDATE orders SET status = 'Success' WHERE id = $1", [o.id]);
    const again = await recordSubmitSuccess(db, o.id, {
      providerOrderId: providerId,
      status: "In progress",
      response: { id: providerId },
      bankDetails: null,
      expiresAt: null,
      finalAmount: null,
      attempts: 1,
    });
    expect(again?.status).toBe("Success");
  });

  it("claims a Submitting order whose lease ran out but not one in its lease; never a Refused one", async () => {
    const o = newOrder();
    const { order } = await insertOrder(db, o);
    expect(order.submitLeaseUntil!.getTime() - order.updatedAt.getTime()).toBe(30_000);
    expect(await claimOrderForResubmit(db, o.id, LEASE)).toBeNull();
    await expireLease(o.id);
    const claimed = await claimOrderForResubmit(db, o.id, { leaseMs: 45_000 });
    expect(claimed?.status).toBe("Submitting");
    expect(claimed!.submitLeaseUntil!.getTime() - claimed!.updatedAt.getTime()).toBe(45_000);
    // The new lease keeps the next claimer off.
    expect(await claimOrderForResubmit(db, o.id, LEASE)).toBeNull();

    const refused = newOrder();
    await insertOrder(db, refused);
    const stored = await recordSubmitFailure(db, refused.id, {
      lastError: { kind: "problem", status: 400 },
      attempts: 1,
      status: "Refused",
    });
    expect(stored?.status).toBe("Refused");
    await expireLease(refused.id);
    expect(await claimOrderForResubmit(db, refused.id, LEASE)).toBeNull();
  });
});

describe("claimStaleSubmissions", () => {
  it("claims only orphaned Submitting orders, each once, and renews their lease", async () => {
    await db.query("UPDATE orders SET status = 'Submit failed' WHERE status = 'Submitting'");
    const stale = [newOrder(), newOrder(), newOrder()];
    const fresh = newOrder();
    const failed = newOrder();
    for (const o of [...stale, fresh, failed]) await insertOrder(db, o);
    for (const o of [...stale, failed]) await expireLease(o.id);
    await recordSubmitFailure(db, failed.id, { lastError: { kind: "timeout" }, attempts: 1 });
    expect(await msUntilNextStaleSubmission(db)).toBe(0);

    // Two instances at once (on PostgreSQL, two pool connections really in parallel).
    const [a, b] = await Promise.all([
      claimStaleSubmissions(db, { leaseMs: 60_000, limit: 10 }),
      claimStaleSubmissions(db, { leaseMs: 60_000, limit: 10 }),
    ]);
    const ids = [...a, ...b].map((o) => o.id);
    expect(ids.sort()).toEqual(stale.map((o) => o.id).sort());
    for (const o of [...a, ...b]) {
      expect(o.status).toBe("Submitting");
      expect(o.submitLeaseUntil!.getTime() - o.updatedAt.getTime()).toBe(60_000);
    }
    // Claimed: neither another pass nor a human retry gets them while the resend is in flight.
    expect(await claimStaleSubmissions(db, { leaseMs: 60_000, limit: 10 })).toEqual([]);
    expect(await claimOrderForResubmit(db, stale[0]!.id, LEASE)).toBeNull();
    const due = await msUntilNextStaleSubmission(db);
    expect(due).toBeGreaterThan(0);
    expect(due).toBeLessThanOrEqual(30_000);
  });

  it("takes a batch at a time, and counts a lease-less old row as orphaned after 120 s", async () => {
    await db.query("UPDATE orders SET status = 'Submit failed' WHERE status = 'Submitting'");
    const orders = [newOrder(), newOrder(), newOrder()];
    for (const o of orders) await insertOrder(db, o);
    await db.query(
      "UPDATE orders SET submit_lease_until = NULL, updated_at = now() - interval '121 seconds' WHERE id = ANY($1::uuid[])",
      [orders.map((o) => o.id)],
    );
    const first = await claimStaleSubmissions(db, { leaseMs: 10_000, limit: 2 });
    const second = await claimStaleSubmissions(db, { leaseMs: 10_000, limit: 2 });
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    await db.query(
      "UPDATE orders SET submit_lease_until = NULL, updated_at = now() - interval '100 seconds'",
    );
    expect(await claimStaleSubmissions(db, { leaseMs: 10_000, limit: 10 })).toEqual([]);
  });
});

const LEASE = { leaseMs: 30_000 };

async function expireLease(id: string): Promise<void> {
  await db.query("UPDATE orders SET submit_lease_until = now() - interval '1 second' WHERE id = $1", [id]);
}
