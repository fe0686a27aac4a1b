/**
 * Group commit (issue 8 item 9): concurrent signed deliveries share one statement (receive_signed_callbacks),
 * decide exactly as they would one after another, and one that fails does not take the others with it.
 * On both databases (TEST_DB).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Sql } from "@/lib/database";
import { receiveCallback } from "./receive";
import { callbackFor, signedHeadersFor } from "@/lib/testing/signed-callbacks";
import { insertTestOrder, openTestDashboardDb, type TestOrder } from "@/lib/testing/test-orders";

const ACCOUNT = { clientId: "group-merchant", secret: "group-secret" };

let db: Database;
let dispose: () => Promise<void> = async () => {};
beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
});
afterAll(() => dispose());

/** The real database, counting the receiver's statements: grouped ones and single ones. */
function counting(): { sql: Sql; grouped: () => number; single: () => number } {
  let grouped = 0;
  let single = 0;
  const sql: Sql = {
    query: (text, params) => {
      if (text.includes("receive_signed_callbacks(")) grouped++;
      else if (text.includes("receive_signed_callback(")) single++;
      return db.query(text, params);
    },
    transaction: (fn) => db.transaction(fn),
    exec: (script) => db.exec(script),
  };
  return { sql, grouped: () => grouped, single: () => single };
}

function deliver(
  sql: Sql,
  order: TestOrder,
  status: string,
  updatedAt: Date,
  eventId = `evt_${randomUUID()}`,
) {
  const body = JSON.stringify(callbackFor(order, { status, updatedAt: updatedAt.toISOString() }));
  return receiveCallback(sql, {
    headers: signedHeadersFor(body, ACCOUNT, eventId),
    rawBody: body,
    ...ACCOUNT,
  });
}

async function statusOf(order: TestOrder): Promise<string | undefined> {
  const rows = await db.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [order.id]);
  return rows[0]?.status;
}

describe("group commit of signed deliveries", () => {
  it("concurrent deliveries share a few statements, each answered and applied", async () => {
    const orders = await Promise.all(Array.from({ length: 40 }, () => insertTestOrder(db)));
    const c = counting();
    const results = await Promise.all(orders.map((o) => deliver(c.sql, o, "Success", new Date())));
    expect(results.map((r) => r.outcome)).toEqual(orders.map(() => "applied"));
    expect(results.map((r) => r.orderId)).toEqual(orders.map((o) => o.id));
    for (const o of orders) expect(await statusOf(o)).toBe("Success");
    const stored = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM callback_deliveries WHERE id = ANY($1::uuid[]) AND outcome = 'applied'",
      [results.map((r) => r.deliveryId)],
    );
    expect(stored[0]?.n).toBe(40);
    // 40 deliveries arrived together: far fewer statements than deliveries.
    expect(c.grouped() + c.single()).toBeLessThanOrEqual(4);
    expect(c.grouped()).toBeGreaterThanOrEqual(1);
  });

  it("a group decides as the same deliveries one after another", async () => {
    const a = await insertTestOrder(db);
    const b = await insertTestOrder(db);
    const t0 = new Date(Date.UTC(2026, 0, 1, 12));
    const later = new Date(t0.getTime() + 60_000);
    const c = counting();
    const event = `evt_${randomUUID()}`;
    const results = await Promise.all([
      deliver(c.sql, a, "Pending review", later), // applied
      deliver(c.sql, a, "In progress", t0), // older than the one before it: stale
      deliver(c.sql, a, "Success", t0, event), // final beats non-final: applied
      deliver(c.sql, a, "Success", t0, event), // the same event again: duplicate
      deliver(c.sql, a, "Failed", later), // a final status never changes: stale
      deliver(c.sql, b, "Failed", t0), // another order: applied
    ]);
    expect(results.map((r) => r.outcome)).toEqual([
      "applied",
      "stale",
      "applied",
      "duplicate",
      "stale",
      "applied",
    ]);
    expect(await statusOf(a)).toBe("Success");
    expect(await statusOf(b)).toBe("Failed");
    expect(c.grouped()).toBe(1);
    expect(c.single()).toBe(0);
  });

  it("a delivery that fails in its group fails alone: the others are applied and stored", async () => {
    // A real failure inside the database for one delivery (its webhook-id), whatever statement carries it.
    const poison = `evt_poison_${randomUUID()}`;
    await db.exec(`
      CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.webhook_id = '${poison}' THEN RAISE EXCEPTION 'refused for the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_poison BEFORE INSERT ON callback_deliveries
        FOR EACH ROW EXECUTE FUNCTION refuse_poison();`);
    try {
      const orders = await Promise.all(Array.from({ length: 10 }, () => insertTestOrder(db)));
      const c = counting();
      const settled = await Promise.allSettled(
        orders.map((o, i) => deliver(c.sql, o, "Success", new Date(), i === 4 ? poison : undefined)),
      );
      expect(settled.map((s) => s.status)).toEqual(
        orders.map((_, i) => (i === 4 ? "rejected" : "fulfilled")),
      );
      for (const [i, o] of orders.entries())
        expect(await statusOf(o)).toBe(i === 4 ? "In progress" : "Success");
      const stored = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM callback_deliveries WHERE order_id = ANY($1::uuid[]) AND outcome = 'applied'",
        [orders.map((o) => o.id)],
      );
      expect(stored[0]?.n).toBe(9);
      expect(c.grouped()).toBeGreaterThanOrEqual(1); // the group was tried, then each delivery alone
      expect(c.single()).toBe(10);
    } finally {
      await db.exec("DROP TRIGGER refuse_poison ON callback_deliveries; DROP FUNCTION refuse_poison();");
    }
  });
});
