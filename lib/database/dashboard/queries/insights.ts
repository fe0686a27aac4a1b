/**
 * Insights reads (owner: insights): both over the hourly rollup kept by migration 0022's triggers, never
 * over the orders, so a range costs its hours × dimensions whatever the number of orders.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import type { RollupDimensionRow, RollupGranularity, RollupSeriesRow } from "../insights-rows";

/**
 * Count and volume per bucket of the viewer's zone. Hours are UTC hours seen from `tz`: in a zone with a
 * fractional offset (+5:30, +5:45) an hourly point starts at :30 or :45, and a day or week holds the UTC
 * hours that start in it (a day's edges are off by that fraction of an hour; documented in
 * docs/architecture.md).
 */
export async function rollupSeries(
  sql: Sql,
  q: { from: Date; to: Date; by: RollupGranularity; tz: string },
): Promise<RollupSeriesRow[]> {
  const local = "(hour AT TIME ZONE $3)";
  const bucket =
    q.by === "hour" ? local : q.by === "day" ? `date_trunc('day', ${local})` : `date_trunc('week', ${local})`;
  return sql.query<RollupSeriesRow>(
    `SELECT to_char(${bucket}, 'YYYY-MM-DD"T"HH24:MI') AS bucket, currency, sum(n)::int AS count,
        coalesce(sum(amount) FILTER (WHERE status = 'Success'), 0)::text AS volume
      FROM order_rollup_hourly WHERE hour >= $1 AND hour < $2
      GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2`,
    [q.from, q.to, q.tz],
  );
}

/** The range's orders summed per every dimension (what the breakdowns, rates and percentiles come from). */
export async function rollupDimensions(sql: Sql, q: { from: Date; to: Date }): Promise<RollupDimensionRow[]> {
  return sql.query<RollupDimensionRow>(
    `SELECT currency, direction, method, country, status, bank, pay_bucket AS "payBucket",
        sum(n)::int AS count, sum(amount)::text AS amount
      FROM order_rollup_hourly WHERE hour >= $1 AND hour < $2
      GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(n) <> 0`,
    [q.from, q.to],
  );
}
