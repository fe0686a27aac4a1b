/**
 * The overview's counts come from trigger-kept counters (migrations 0008, 0032): they must equal a full
 * `count(*) GROUP BY status` after every kind of write — inserts (one and bulk), status changes by the
 * callback receiver and by plain updates, deletes, rolled-back transactions, TRUNCATE — and under
 * concurrent writers (several connections on PostgreSQL), before and after the fold.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, migrate, openDatabase } from "@/lib/database";
import { createScratchDatabase, type ScratchDatabase, testBackend } from "@/lib/testing/database";
import { migrations } from "@/lib/database/dashboard/migrations";
import { applyTestCallback } from "@/lib/testing/signed-callbacks";
import { insertTestOrder, type TestOrder } from "@/lib/testing/test-orders";
import { countOrdersByStatus } from "./order-list";
import { foldInsights } from "@/lib/insights/fold";

/** 0008 made the counters, 0032 gave each transaction its slot (it alters 0008's table). */
const COUNTERS = ["0008_order_status_counts", "0032_status_count_slots"];
let scratch: ScratchDatabase;
let db: Database;

/** The truth: every order counted. */
async function scanned(): Promise<Record<string, number>> {
  const rows = await db.query<{ status: string; count: number }>(
    "SELECT status, count(*)::int AS count FROM orders GROUP BY status",
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.count]));
}

async function counted(): Promise<Record<string, number>> {
  return Object.fromEntries((await countOrdersByStatus(db)).map((c) => [c.status, c.count]));
}

/** Exact as written, and again once the fold has moved the transactions' slots into one. */
async function expectExact(expected?: Record<string, number>): Promise<void> {
  const truth = await scanned();
  if (expected) expect(truth).toEqual(expected);
  expect(await counted()).toEqual(truth);
  await foldInsights(db);
  expect(await db.query("SELECT 1 FROM order_status_counts WHERE slot <> 0")).toEqual([]);
  expect(await counted()).toEqual(truth);
}

const applyCallback = (order: TestOrder, status: string) => applyTestCallback(db, order, status);

beforeAll(async () => {
  scratch = await createScratchDatabase("status_counts");
  db = await scratch.open();
  // Orders that exist before the counters do: the migration must backfill them.
  await migrate(
    db,
    migrations.filter((m) => !COUNTERS.includes(m.id)),
    731_001,
  );
  for (const status of ["Success", "Success", "In progress", "Submit failed"])
    await insertTestOrder(db, { status });
  expect(await migrate(db, migrations, 731_001)).toEqual(COUNTERS);
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

describe("order status counters", () => {
  it("backfills the orders that existed before the migration", async () => {
    await expectExact({ Success: 2, "In progress": 1, "Submit failed": 1 });
  });

  it("count inserts, one by one and in bulk", async () => {
    await insertTestOrder(db, { status: "In progress" });
    await db.query(
      `INSERT INTO orders (id, direction, payment_id, payment_method, amount, country, status, request,
         client_email)
       SELECT gen_random_uuid(), 'payin', gen_random_uuid(), 'Card', 10, 'RU',
         CASE WHEN n % 2 = 0 THEN 'Failed' ELSE 'Submitting' END, '{}'::jsonb, 'bulk@example.com'
       FROM generate_series(1, 500) AS n`,
    );
    await expectExact({ Success: 2, "In progress": 2, "Submit failed": 1, Failed: 250, Submitting: 250 });
  });

  it("do not count an idempotent create that hit its existing order (ON CONFLICT DO NOTHING)", async () => {
    const before = await scanned();
    const existing = await insertTestOrder(db, { status: "Submitting" });
    const again = await db.query(
      `INSERT INTO orders (id, direction, payment_id, payment_method, amount, country, status, request, client_email)
       VALUES ($1, 'payin', $2, 'Card', 10, 'RU', 'Submitting', '{}'::jsonb, 'again@example.com')
       ON CONFLICT (direction, payment_id) DO NOTHING RETURNING id`,
      [randomUUID(), existing.paymentId],
    );
    expect(again).toEqual([]);
    await expectExact({ ...before, Submitting: (before.Submitting ?? 0) + 1 });
    await db.query("DELETE FROM orders WHERE id = $1", [existing.id]);
    await expectExact(before);
  });

  it("follow status changes applied by the callback receiver, and ignore updates of other columns", async () => {
    const order = await insertTestOrder(db, { status: "In progress" });
    expect((await applyCallback(order, "Success")).outcome).toBe("applied");
    // A final status never changes: this one is stale and must not move a count.
    expect((await applyCallback(order, "Failed")).outcome).toBe("stale");
    await db.query("UPDATE orders SET client_email = 'x@example.com', status = status WHERE id = $1", [
      order.id,
    ]);
    await expectExact({ Success: 3, "In progress": 2, "Submit failed": 1, Failed: 250, Submitting: 250 });
  });

  it("follow bulk status changes and deletes, and drop statuses that reach zero", async () => {
    await db.query("UPDATE orders SET status = 'Submit failed' WHERE status = 'Submitting'");
    await db.query("DELETE FROM orders WHERE client_email = 'bulk@example.com' AND status = 'Failed'");
    await expectExact({ Success: 3, "In progress": 2, "Submit failed": 251 });
    expect((await countOrdersByStatus(db)).map((c) => c.status)).toEqual([
      "Submit failed",
      "Success",
      "In progress",
    ]);
  });

  it("roll back with the transaction that wrote them", async () => {
    const before = await scanned();
    await expect(
      db.transaction(async (tx) => {
        await insertTestOrder(tx, { status: "Expired" });
        await tx.query("UPDATE orders SET status = 'Failed' WHERE status = 'Success'");
        throw new Error("rolled back on purpose");
      }),
    ).rejects.toThrow("rolled back on purpose");
    await expectExact(before);
  });

  it("stay exact under concurrent writers of the same statuses", async () => {
    const writers = testBackend() === "postgres" ? 8 : 2;
    const handles = await Promise.all(
      Array.from({ length: writers }, () => (scratch.url ? openDatabase({ url: scratch.url }) : db)),
    );
    try {
      await Promise.all(
        handles.map(async (h, w) => {
          for (let i = 0; i < 25; i++) {
            const o = await insertTestOrder(h, { status: "In progress", clientEmail: `w${w}@example.com` });
            if (i % 3 === 0) await h.query("UPDATE orders SET status = 'Success' WHERE id = $1", [o.id]);
            if (i % 5 === 0) await h.query("DELETE FROM orders WHERE id = $1", [o.id]);
          }
        }),
      );
    } finally {
      if (scratch.url) await Promise.all(handles.map((h) => h.close()));
    }
    const truth = await scanned();
    // 25 per writer, 5 deleted (i = 0, 5, 10, 15, 20), of which 2 had become Success (i = 0, 15).
    expect(truth["In progress"]).toBe(2 + writers * (25 - 9 - 3));
    expect(truth.Success).toBe(3 + writers * (9 - 2));
    await expectExact(truth);
  });

  it("are cleared by TRUNCATE", async () => {
    await db.exec("TRUNCATE orders CASCADE");
    await expectExact({});
    await insertTestOrder(db, { status: "Expired" });
    await expectExact({ Expired: 1 });
  });
});
