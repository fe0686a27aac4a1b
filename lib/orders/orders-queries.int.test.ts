import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/database/test-database";
import { openDashboardDatabase } from "@/lib/db/client";
import {
  claimOrderForResubmit,
  getOrderById,
  getOrderByPaymentId,
  getOrderByProviderOrderId,
  insertOrder,
  type NewOrder,
  recordSubmitFailure,
  recordSubmitSuccess,
} from "@/lib/db/queries/orders";

let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase("orders_q");
  db = await openDashboardDatabase(await scratch.open());
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

function newOrder(overrides: Partial<NewOrder> = {}): NewOrder {
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
    const [a, b] = await Promise.all([claimOrderForResubmit(db, o.id), claimOrderForResubmit(db, o.id)]);
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
    expect(await claimOrderForResubmit(db, o.id)).toBeNull();
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

  it("claims a stale Submitting order but not a fresh one, and can replace the request", async () => {
    const o = newOrder();
    await insertOrder(db, o);
    expect(await claimOrderForResubmit(db, o.id)).toBeNull();
    await db.query("UPDATE orders SET updated_at = now() - interval '10 minutes' WHERE id = $1", [o.id]);
    const claimed = await claimOrderForResubmit(db, o.id, {
      replace: {
        request: { replaced: true },
        paymentMethod: "PIX",
        amount: "10.50",
        currency: "BRL",
        country: "BR",
        clientEmail: "x@example.com",
      },
    });
    expect(claimed?.request).toEqual({ replaced: true });
    expect(claimed).toMatchObject({ paymentMethod: "PIX", amount: "10.50", currency: "BRL", country: "BR" });
  });
});
