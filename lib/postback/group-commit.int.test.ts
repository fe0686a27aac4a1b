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
import { testBackend } from "@/lib/testing/database";
import { deferred, untilWaitingOnLocks } from "@/lib/testing/locks";
import { insertTestOrder, openTestDashboardDb, type TestOrder } from "@/lib/testing/test-orders";

const ACCOUNT = { clientId: "group-merchant", secret: "group-secret" };

let db: Database;
let dispose: () => Promise<void> = async () => {};
beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
});
afterAll(() => dispose());

/** The real database, counting the receiver's statements: grouped ones and single ones. `withKind`: the handle
 * names its backend as the database's does, so group commit runs as many statements at once as it would on it
 * (lanesFor); without, one. */
function counting(withKind = false): { sql: Sql; grouped: () => number; single: () => number } {
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
    ...(withKind ? { kind: db.kind } : {}),
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

  // Found by the benchmarks' smoke on PostgreSQL: "deadlock detected … while inserting index tuple in relation
  // order_rollup". A group's statement applies its deliveries one after another, and each order's update took
  // its Insights rollup rows then, so a group took them in no order that another statement shared. Migration
  // 0031 took those rows off the write path; a test trigger keeps one row per status the same way (any
  // trigger, index or foreign key can lock in an order of its own). Here: the group holds the "In progress"
  // row (its first order's update) while a delivery sent alone holds the "Failed" row it inserted and waits
  // for "In progress"; then the group's second update wants "Failed". The delivery alone waited first, so its
  // deadlock check finds the cycle and PostgreSQL ends its statement; sent again, it is applied.
  it.runIf(testBackend() === "postgres")(
    "a statement ended as a deadlock's victim is sent again: every delivery applied, every count right",
    async () => {
      await db.exec(`
        CREATE TABLE status_rows (status text PRIMARY KEY, n int NOT NULL);
        CREATE FUNCTION count_status_rows() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO status_rows AS r (status, n) VALUES (OLD.status, -1), (NEW.status, 1) ORDER BY 1
            ON CONFLICT (status) DO UPDATE SET n = r.n + excluded.n;
          RETURN NULL;
        END $$;
        CREATE TRIGGER count_status_rows AFTER UPDATE OF status ON orders
          FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION count_status_rows();`);
      try {
        const providerId = (first: string) => `${first}0000000-0000-4000-8000-${randomUUID().slice(-12)}`;
        // The group sorts by the service's order id: the one to succeed first, then the one to fail.
        const first = await insertTestOrder(db, { providerOrderId: providerId("1") });
        const second = await insertTestOrder(db, { providerOrderId: providerId("2") });
        const alone = await insertTestOrder(db, { providerOrderId: providerId("3") });

        // Another transaction holds the second order's row, so the group stops between its two updates.
        const locked = deferred();
        const released = deferred();
        const holder = db.transaction(async (tx) => {
          await tx.query("SELECT 1 FROM orders WHERE id = $1 FOR UPDATE", [second.id]);
          locked.resolve();
          await released.promise;
        });
        await locked.promise;

        const c = counting(true);
        const group = [
          deliver(c.sql, first, "Success", new Date()),
          deliver(c.sql, second, "Failed", new Date()),
        ];
        await untilWaitingOnLocks(db, 1); // the group, on the second order's row
        expect(c.grouped()).toBe(1);
        const single = deliver(c.sql, alone, "Failed", new Date());
        await untilWaitingOnLocks(db, 2); // and the delivery alone, on the "In progress" row
        released.resolve();
        await holder;

        const results = await Promise.all([...group, single]);
        expect(results.map((r) => r.outcome)).toEqual(["applied", "applied", "applied"]);
        expect(await statusOf(first)).toBe("Success");
        expect(await statusOf(second)).toBe("Failed");
        expect(await statusOf(alone)).toBe("Failed");
        // Each update counted once: of the three, none left In progress, one Success, two Failed.
        expect(await db.query("SELECT status, n FROM status_rows WHERE n <> 0 ORDER BY 1")).toEqual([
          { status: "Failed", n: 2 },
          { status: "In progress", n: -3 },
          { status: "Success", n: 1 },
        ]);
      } finally {
        await db.exec(
          "DROP TRIGGER count_status_rows ON orders; DROP FUNCTION count_status_rows(); DROP TABLE status_rows;",
        );
      }
    },
    30_000,
  );
});
