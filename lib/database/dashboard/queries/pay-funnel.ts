/** The bank-app chooser's funnel (owner: pay page; migration 0026): its steps per order, and their counts. */
import "server-only";
import type { Sql } from "@/lib/database";
import type { FunnelCounts } from "../insights-rows";

export type { FunnelCounts } from "../insights-rows";

export type FunnelStep = "opened" | "chosen";

/**
 * Records a step for the order, once: the first open, the first choice (a choice also counts as an open,
 * for a page whose open event was lost). Later repeats change nothing.
 */
export async function recordFunnelStep(
  sql: Sql,
  orderId: string,
  step: FunnelStep,
  now: Date,
): Promise<void> {
  await sql.query(
    `INSERT INTO pay_funnel AS f (order_id, opened_at, chosen_at) VALUES ($1, $2, CASE WHEN $3 = 'chosen' THEN $2::timestamptz END)
      ON CONFLICT (order_id) DO UPDATE SET chosen_at = coalesce(f.chosen_at, excluded.chosen_at)
      WHERE f.chosen_at IS NULL AND excluded.chosen_at IS NOT NULL`,
    [orderId, now, step],
  );
}

/** The orders whose chooser was first shown in [from, to), by step. */
export async function funnelCounts(sql: Sql, q: { from: Date; to: Date }): Promise<FunnelCounts> {
  const rows = await sql.query<FunnelCounts>(
    `SELECT count(*)::int AS opened, count(f.chosen_at)::int AS chosen,
        (count(*) FILTER (WHERE f.chosen_at IS NOT NULL AND o.status = 'Success'))::int AS paid
      FROM pay_funnel f JOIN orders o ON o.id = f.order_id
      WHERE f.opened_at >= $1 AND f.opened_at < $2`,
    [q.from, q.to],
  );
  return rows[0] ?? { opened: 0, chosen: 0, paid: 0 };
}
