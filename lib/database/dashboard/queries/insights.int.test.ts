/**
 * The Insights rollup (migrations 0022, 0025, 0031) must equal a direct aggregate over the orders after
 * every kind of write — backfill, inserts one by one and in bulk, status changes (by the callback receiver
 * and plain updates), bank details arriving later, deletes, rolled-back transactions, TRUNCATE — both as
 * spans plus pending deltas and once folded; and its reads must bucket by the viewer's zone, fractional
 * offsets included, with deltas pending and after the fold.
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
import { rollupDimensions, rollupSeries } from "@/lib/insights/read";
import { plansOf } from "@/lib/testing/query-plans";
import { foldInsights } from "@/lib/insights/fold";

const ROLLUPS = ["0022_insights_rollups", "0025_insights_spans", "0031_insights_deltas"];
const SPANS = { hour: "1 hour", "6h": "6 hours", day: "1 day", week: "7 days" } as const;
let scratch: ScratchDatabase;
let db: Database;

/** The truth per span, straight from the orders. */
async function scanned(span: keyof typeof SPANS): Promise<string[]> {
  const truth = await db.query<{ k: string }>(
    `SELECT concat_ws('|', to_char(t.h AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24'), t.c, t.d, t.m, t.co, t.s, t.b, t.pb, t.r, t.n, t.a) AS k
     FROM (SELECT date_bin($1::interval, o.created_at, timestamptz '1970-01-05Z') AS h, coalesce(o.currency, '') AS c,
             o.direction AS d, o.payment_method AS m, o.country AS co, o.status AS s,
             coalesce(o.bank_details ->> 'bankName', 'bankId:' || (o.request ->> 'bankId'), '') AS b,
             order_pay_bucket(o.status, o.created_at, coalesce(o.status_updated_at, o.updated_at)) AS pb,
             order_failure_reason(o.direction, o.status, o.last_error) AS r,
             count(*) AS n, sum(coalesce(o.final_amount, o.amount)) AS a
           FROM orders o GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) t ORDER BY 1`,
    [SPANS[span]],
  );
  return truth.map((r) => r.k);
}

/** The span's rows as the reads see them: folded plus pending deltas. */
async function rolled(span: keyof typeof SPANS): Promise<string[]> {
  const rows = await db.query<{ k: string }>(
    `SELECT concat_ws('|', to_char(start AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24'), currency, direction, method, country,
        status, bank, pay_bucket, reason, n, amount) AS k
     FROM (SELECT start, currency, direction, method, country, status, bank, pay_bucket, reason, sum(n) AS n,
             sum(amount) AS amount
           FROM (SELECT start, currency, direction, method, country, status, bank, pay_bucket, reason, n, amount
                   FROM order_rollup WHERE span = $1
                 UNION ALL
                 SELECT date_bin($2::interval, hour, timestamptz '1970-01-05Z'), currency, direction, method,
                   country, status, bank, pay_bucket, reason, n, amount FROM order_rollup_delta) u
           GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) t
     WHERE n <> 0 ORDER BY 1`,
    [span, SPANS[span]],
  );
  return rows.map((r) => r.k);
}

const pendingDeltas = async () =>
  (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM order_rollup_delta"))[0]?.n;

/** The series table (summed over its slots, pending deltas added) against the orders. */
async function seriesMismatch(): Promise<unknown[]> {
  return db.query(
    `WITH truth AS (
       SELECT s.span, date_bin(s.w, o.created_at, timestamptz '1970-01-05Z') AS start, coalesce(o.currency, '') AS currency,
         count(*)::bigint AS n, coalesce(sum(coalesce(o.final_amount, o.amount)) FILTER (WHERE o.status = 'Success'), 0) AS volume
       FROM orders o CROSS JOIN (VALUES ('hour', interval '1 hour'), ('6h', interval '6 hours'), ('day', interval '1 day'),
         ('week', interval '7 days')) s (span, w) GROUP BY 1, 2, 3),
     kept AS (SELECT span, start, currency, sum(n)::bigint AS n, sum(volume) AS volume
       FROM (SELECT span, start, currency, n, volume FROM order_series
             UNION ALL
             SELECT s.span, date_bin(s.w, d.hour, timestamptz '1970-01-05Z'), d.currency, d.n,
               CASE WHEN d.status = 'Success' THEN d.amount ELSE 0 END
             FROM order_rollup_delta d CROSS JOIN (VALUES ('hour', interval '1 hour'), ('6h', interval '6 hours'),
               ('day', interval '1 day'), ('week', interval '7 days')) s (span, w)) u
       GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(volume) <> 0)
     (SELECT * FROM truth EXCEPT SELECT * FROM kept) UNION ALL (SELECT * FROM kept EXCEPT SELECT * FROM truth)`,
  );
}

async function expectSpansExact(): Promise<void> {
  for (const span of Object.keys(SPANS) as (keyof typeof SPANS)[])
    expect(await rolled(span), span).toEqual(await scanned(span));
  expect(await seriesMismatch()).toEqual([]);
}

/** Exact with the write's deltas pending, and again once they are folded into the spans. */
async function expectExact(): Promise<void> {
  await expectSpansExact();
  await foldInsights(db);
  expect(await pendingDeltas()).toBe(0);
  await expectSpansExact();
}

beforeAll(async () => {
  scratch = await createScratchDatabase("insights_rollups");
  db = await scratch.open();
  await migrate(
    db,
    migrations.filter((m) => !ROLLUPS.includes(m.id)),
    731_001,
  );
  await insertTestOrder(db, { status: "Success", createdAt: "2026-11-01T10:15:00Z" });
  await insertTestOrder(db, { status: "In progress", currency: "BRL", country: "BR", paymentMethod: "PIX" });
  await insertTestOrder(db, {
    status: "Success",
    direction: "payout",
    paymentMethod: "SBP",
    request: { bankId: 1001 },
    createdAt: "2026-11-01T11:15:00Z",
  });
  expect(await migrate(db, migrations, 731_001)).toEqual(ROLLUPS);
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

describe("insights rollup", () => {
  it("backfills the orders that existed before the migration", async () => {
    expect((await rolled("hour")).length).toBe(3);
    await expectExact();
  });

  it("counts a pay-out under the bank its request names (issue 43 §4: it counted under none)", async () => {
    expect((await rolled("hour")).filter((k) => k.includes("|payout|"))).toEqual([
      "2026-11-01 11|RUB|payout|SBP|RU|Success|bankId:1001|0||1|1500.00",
    ]);
    const createdAt = "2026-11-01T12:00:00Z";
    await insertTestOrder(db, {
      direction: "payout",
      paymentMethod: "SBP",
      request: { bankId: 1002 },
      createdAt,
    });
    await db.query(`UPDATE orders SET status = 'Success' WHERE request ->> 'bankId' = '1002'`);
    const r = parseInsightsRange({
      range: "custom",
      from: "2026-11-01",
      to: "2026-11-01",
      tz: "UTC",
      by: "day",
    });
    if (!r.ok) throw new Error("range");
    const rows = await rollupDimensions(db, r.range);
    expect(rows.filter((r) => r.direction === "payout").map((r) => [r.bank, r.status, r.count])).toEqual(
      expect.arrayContaining([
        ["bankId:1001", "Success", 1],
        ["bankId:1002", "Success", 1],
      ]),
    );
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
    await insertTestOrder(db, { createdAt: "2026-11-03T08:00:00Z" }); // a delta pending
    await db.query("TRUNCATE orders CASCADE");
    expect(await rolled("week")).toEqual([]);
    expect(await db.query("SELECT 1 FROM order_series")).toEqual([]);
    expect(await pendingDeltas()).toBe(0);
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

describe("insights reads over the spans", () => {
  /** What 0022's reads gave, straight from the orders: the truth the pieces must reproduce. */
  async function directDimensions(from: Date, to: Date) {
    return db.query<Record<string, unknown>>(
      `SELECT coalesce(currency, '') AS currency, direction, payment_method AS method, country, status,
          coalesce(bank_details ->> 'bankName', '') AS bank,
          order_pay_bucket(status, created_at, coalesce(status_updated_at, updated_at)) AS "payBucket",
          order_failure_reason(direction, status, last_error) AS reason,
          count(*)::int AS count, sum(coalesce(final_amount, amount))::text AS amount
        FROM orders WHERE date_trunc('hour', created_at, 'UTC') >= $1 AND date_trunc('hour', created_at, 'UTC') < $2
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`,
      [from, to],
    );
  }
  async function directSeries(q: { from: Date; to: Date; by: string; tz: string }) {
    const local = "(date_trunc('hour', created_at, 'UTC') AT TIME ZONE $3)";
    const bucket = q.by === "hour" ? local : `date_trunc('${q.by}', ${local})`;
    return db.query(
      `SELECT to_char(${bucket}, 'YYYY-MM-DD"T"HH24:MI') AS bucket, coalesce(currency, '') AS currency,
          count(*)::int AS count,
          coalesce(sum(coalesce(final_amount, amount)) FILTER (WHERE status = 'Success'), 0)::text AS volume
        FROM orders WHERE date_trunc('hour', created_at, 'UTC') >= $1 AND date_trunc('hour', created_at, 'UTC') < $2
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [q.from, q.to, q.tz],
    );
  }
  const sorted = (rows: object[]) => rows.map((r) => JSON.stringify(Object.entries(r).sort())).sort();

  beforeAll(async () => {
    await db.query("TRUNCATE orders CASCADE");
    // Ten weeks, an order every 37 minutes, of every kind; pay-outs failing for the reasons the dashboard knows.
    const insert = `INSERT INTO orders (id, direction, payment_id, payment_method, amount, currency, country, status, request,
         client_email, created_at, updated_at, bank_details, last_error)
       SELECT gen_random_uuid(), CASE WHEN n % 3 = 0 THEN 'payout' ELSE 'payin' END, gen_random_uuid(),
         (ARRAY['Card', 'SBP', 'PIX', 'Card'])[1 + (n / 3) % 4], 10 + n % 97,
         CASE WHEN n % 5 = 0 THEN 'BRL' ELSE 'RUB' END, CASE WHEN n % 5 = 0 THEN 'BR' ELSE 'RU' END,
         (ARRAY['Success', 'Failed', 'Expired', 'In progress', 'Refused', 'Submit failed', 'Rejected', 'Success'])[1 + n % 8],
         '{}'::jsonb, 'span@example.com',
         timestamptz '2026-09-01T00:00:00Z' + n * interval '37 minutes',
         timestamptz '2026-09-01T00:00:00Z' + n * interval '37 minutes' + (n % 50) * interval '3 minutes',
         jsonb_build_object('bankName', (ARRAY['Sber', 'T-Bank', 'Itaú'])[1 + n % 3]),
         CASE WHEN n % 8 IN (4, 5) THEN CASE WHEN n % 16 < 8
           THEN jsonb_build_object('kind', 'problem', 'problem', jsonb_build_object('title', 'Amount out of range'))
           ELSE jsonb_build_object('kind', 'timeout') END END
       FROM generate_series(1, 2800) AS n WHERE n % 2 = $1`;
    // Half of them folded, half pending as deltas: the reads must add the two.
    await db.query(insert, [1]);
    await foldInsights(db);
    await db.query(insert, [0]);
    expect(await pendingDeltas()).toBeGreaterThan(0);
    await expectSpansExact();
  });

  const cases: Record<string, string>[] = [
    { range: "24h" },
    { range: "7d" },
    { range: "30d" },
    { range: "30d", by: "hour" },
    { range: "custom", from: "2026-09-03", to: "2026-11-08", tz: "Europe/Moscow" },
    { range: "custom", from: "2026-09-28", to: "2026-10-31", tz: "Asia/Kolkata", by: "day" },
    { range: "custom", from: "2026-10-20", to: "2026-10-27", tz: "Europe/Berlin", by: "hour" },
    { range: "custom", from: "2026-09-01", to: "2026-11-10", tz: "America/St_Johns", by: "week" },
    { range: "custom", from: "2026-10-01", to: "2026-10-01", tz: "Pacific/Chatham", by: "hour" },
  ];
  for (const [c, folded] of [
    ...cases.map((c) => [c, false] as const),
    ...cases.map((c) => [c, true] as const),
  ])
    it(`reads ${JSON.stringify(c)} as the orders give it, this period and the one before${folded ? ", all folded" : ""}`, async () => {
      if (folded) await foldInsights(db);
      const parsed = parseInsightsRange({ tz: "Europe/Berlin", ...c }, new Date("2026-11-01T10:20:00Z"));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      const r = parsed.range;
      const hour = (d: Date) => new Date(Math.ceil(d.getTime() / 3_600_000) * 3_600_000);
      expect(sorted(await rollupDimensions(db, r))).toEqual(
        sorted(await directDimensions(hour(r.from), hour(r.to))),
      );
      const before = { from: r.previousFrom, to: r.from };
      expect(sorted(await rollupDimensions(db, before))).toEqual(
        sorted(await directDimensions(hour(before.from), hour(before.to))),
      );
      const series = await rollupSeries(db, r);
      expect(series.length).toBeGreaterThan(0);
      expect(series).toEqual(await directSeries({ ...r, from: hour(r.from), to: hour(r.to) }));
    });

  it("reads the dimensions piece by piece through the primary key, nothing else in its condition", async () => {
    const r = parseInsightsRange({ range: "30d", tz: "Europe/Berlin" }, new Date("2026-11-01T10:20:00Z"));
    if (!r.ok) throw new Error("range");
    const plans = await plansOf(db, (sql) => rollupDimensions(sql, r.range));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatch(
      /(Index|Index Only|Bitmap Index) Scan (using|on) order_rollup_pkey[^\n]*\n\s*Index Cond: \(\(start = p\.start\) AND \(span = p\.span\)\)$/m,
    );
  });

  it("sums pay-out failures by the reason the dashboard knows", async () => {
    const rows = await rollupDimensions(db, { from: new Date("2026-09-01"), to: new Date("2026-12-01") });
    const s = summarize(rows, []);
    expect(s.payoutFailures.map((r) => r.key).sort()).toEqual([
      "Failed at the payment service (no reason given)",
      "Refused: Amount out of range",
      "Refused: no answer in time",
      "Rejected by an approver",
      "Submit failed: Amount out of range",
      "Submit failed: no answer in time",
    ]);
    expect(rows.filter((r) => r.direction === "payin").every((r) => r.reason === "")).toBe(true);
  });
});
