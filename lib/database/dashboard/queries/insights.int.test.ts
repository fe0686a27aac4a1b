/**
 * The Insights rollup (migration 0022) must equal a direct aggregate over the orders after every kind of
 * write — backfill, inserts one by one and in bulk, status changes (by the callback receiver and plain
 * updates), bank details arriving later, deletes, rolled-back transactions, TRUNCATE — and its reads must
 * bucket by the viewer's zone, fractional offsets included.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FINAL_STATUSES } from "@/lib/contract/status";
import { type Database, migrate } from "@/lib/database";
import { migrations } from "@/lib/database/dashboard/migrations";
import { parseInsightsRange } from "@/lib/insights/range";
import { summarize } from "@/lib/insights/summarize";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { insertTestOrder } from "@/lib/testing/test-orders";
import { storeAndApplySignedCallback } from "./callback-receiver";
import { rollupDimensions, rollupSeries } from "./insights";

const ROLLUPS = "0022_insights_rollups";
let scratch: ScratchDatabase;
let db: Database;

/** The truth, straight from the orders. */
async function scanned(): Promise<string[]> {
  const truth = await db.query<{ k: string }>(
    `SELECT concat_ws('|', to_char(t.h AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24'), t.c, t.d, t.m, t.co, t.s, t.b, t.pb, t.n, t.a) AS k
     FROM (SELECT date_trunc('hour', o.created_at, 'UTC') AS h, coalesce(o.currency, '') AS c, o.direction AS d,
             o.payment_method AS m, o.country AS co, o.status AS s, coalesce(o.bank_details ->> 'bankName', '') AS b,
             order_pay_bucket(o.status, o.created_at, coalesce(o.status_updated_at, o.updated_at)) AS pb,
             count(*) AS n, sum(coalesce(o.final_amount, o.amount)) AS a
           FROM orders o GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) t ORDER BY 1`,
  );
  return truth.map((r) => r.k);
}

async function rolled(): Promise<string[]> {
  const rows = await db.query<{ k: string }>(
    `SELECT concat_ws('|', to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24'), currency, direction, method, country,
        status, bank, pay_bucket, n, amount) AS k
     FROM order_rollup_hourly WHERE n <> 0 ORDER BY 1`,
  );
  return rows.map((r) => r.k);
}

async function expectExact(): Promise<void> {
  expect(await rolled()).toEqual(await scanned());
}

beforeAll(async () => {
  scratch = await createScratchDatabase("insights_rollups");
  db = await scratch.open();
  await migrate(
    db,
    migrations.filter((m) => m.id !== ROLLUPS),
    731_001,
  );
  await insertTestOrder(db, { status: "Success", createdAt: "2026-11-01T10:15:00Z" });
  await insertTestOrder(db, { status: "In progress", currency: "BRL", country: "BR", paymentMethod: "PIX" });
  expect(await migrate(db, migrations, 731_001)).toEqual([ROLLUPS]);
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

describe("insights rollup", () => {
  it("backfills the orders that existed before the migration", async () => {
    expect((await rolled()).length).toBe(2);
    await expectExact();
  });

  it("follows inserts, one by one and in bulk", async () => {
    await insertTestOrder(db, { status: "Failed", direction: "payout", paymentMethod: "SBP" });
    await db.query(
      `INSERT INTO orders (id, direction, payment_id, payment_method, amount, currency, country, status, request,
         client_email, created_at, updated_at, bank_details)
       SELECT gen_random_uuid(), 'payin', gen_random_uuid(), CASE WHEN n % 3 = 0 THEN 'SBP' ELSE 'Card' END,
         n, 'RUB', 'RU', CASE WHEN n % 2 = 0 THEN 'Failed' ELSE 'Success' END, '{}'::jsonb, 'bulk@example.com',
         timestamptz '2026-11-02T00:00:00Z' + n * interval '7 minutes',
         timestamptz '2026-11-02T00:00:00Z' + n * interval '8 minutes',
         jsonb_build_object('bankName', CASE WHEN n % 4 = 0 THEN 'Sber' ELSE 'T-Bank' END)
       FROM generate_series(1, 300) AS n`,
    );
    await expectExact();
  });

  it("follows status changes: a callback, a plain update, bank details arriving later", async () => {
    const o = await insertTestOrder(db, { status: "In progress", createdAt: new Date(Date.now() - 90_000) });
    const body = JSON.stringify({ status: "Success" });
    await storeAndApplySignedCallback(db, {
      id: randomUUID(),
      webhookId: null,
      eventId: `evt_${randomUUID()}`,
      headers: {},
      body: { rawBody: body, bytes: body.length, sha256: "0".repeat(64) },
      providerOrderId: o.providerOrderId ?? "",
      type: "payin",
      paymentId: o.paymentId,
      status: "Success",
      updatedAt: new Date(),
      finalStatuses: FINAL_STATUSES,
    });
    expect(
      (await db.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [o.id]))[0]?.status,
    ).toBe("Success");
    await expectExact();
    await db.query("UPDATE orders SET status = 'Expired' WHERE status = 'In progress'");
    await db.query(
      `UPDATE orders SET bank_details = '{"bankName": "Itaú"}', final_amount = amount + 0.37 WHERE currency = 'BRL'`,
    );
    await db.query("UPDATE orders SET updated_at = updated_at"); // no key changes: nothing written
    await expectExact();
  });

  it("follows deletes, rollbacks and TRUNCATE", async () => {
    await db.query("DELETE FROM orders WHERE status = 'Failed' AND amount::int % 5 = 0");
    await expectExact();
    await db
      .transaction(async (tx) => {
        await tx.query("UPDATE orders SET status = 'Failed' WHERE status = 'Success'");
        throw new Error("roll back");
      })
      .catch(() => {});
    await expectExact();
    const rows = await rollupDimensions(db, { from: new Date("2026-01-01"), to: new Date("2027-01-01") });
    const direct = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders");
    expect(rows.reduce((s, r) => s + r.count, 0)).toBe(direct[0]?.n);
  });

  it("summarizes success rates and time to pay from the rollup as a direct count does", async () => {
    const rows = await rollupDimensions(db, { from: new Date("2026-11-02"), to: new Date("2026-11-03") });
    const s = summarize(rows, []);
    const direct = await db.query<{ method: string; success: number; final: number }>(
      `SELECT payment_method AS method, count(*) FILTER (WHERE status = 'Success')::int AS success,
          count(*) FILTER (WHERE status IN ('Success', 'Failed', 'Expired'))::int AS final
        FROM orders WHERE created_at >= '2026-11-02' AND created_at < '2026-11-03' GROUP BY 1 ORDER BY 1`,
    );
    expect(s.successByMethod.map((r) => [r.key, r.success, r.final]).sort()).toEqual(
      direct.map((r) => [r.method, r.success, r.final]),
    );
    // Paid after n minutes (n odd, created n×7 min, updated n×8 min): the median n is ~150 → ~150 min.
    expect(s.timeToPay.median?.seconds).toBeGreaterThan(3600);
    expect(s.timeToPay.median?.seconds).toBeLessThan(14400);
  });

  it("buckets by the viewer's zone, fractional offsets included", async () => {
    await db.query("TRUNCATE orders CASCADE");
    expect(await rolled()).toEqual([]);
    await insertTestOrder(db, { createdAt: "2026-11-10T18:10:00Z" }); // 23:40 in Kolkata, 21:10 in Moscow
    await insertTestOrder(db, { createdAt: "2026-11-10T18:40:00Z" }); // 00:10 on the 11th in Kolkata
    await insertTestOrder(db, { createdAt: "2026-11-10T22:00:00Z" }); // 01:00 on the 11th in Moscow
    const days = async (tz: string) => {
      const r = parseInsightsRange({ range: "custom", from: "2026-11-10", to: "2026-11-11", tz, by: "day" });
      if (!r.ok) throw new Error("range");
      return (await rollupSeries(db, r.range)).map((s) => [s.bucket, s.count]);
    };
    expect(await days("UTC")).toEqual([["2026-11-10T00:00", 3]]);
    expect(await days("Europe/Moscow")).toEqual([
      ["2026-11-10T00:00", 2],
      ["2026-11-11T00:00", 1],
    ]);
    // Hour 18:00 UTC starts at 23:30 in Kolkata: both its orders count on the 10th (documented).
    expect(await days("Asia/Kolkata")).toEqual([
      ["2026-11-10T00:00", 2],
      ["2026-11-11T00:00", 1],
    ]);
    const hours = parseInsightsRange({
      range: "custom",
      from: "2026-11-10",
      to: "2026-11-10",
      tz: "Asia/Kolkata",
      by: "hour",
    });
    if (!hours.ok) throw new Error("range");
    expect((await rollupSeries(db, hours.range)).map((s) => [s.bucket, s.count])).toEqual([
      ["2026-11-10T23:30", 2],
    ]);
  });
});
