/** Rate-limit counters and one-shot fault markers. */
import type { Direction } from "@/lib/contract";
import type { Sql } from "@/lib/database";

/** Counts one request in the client's current window and returns the count so far. */
export async function countRequest(sql: Sql, clientId: string, windowStart: Date): Promise<number> {
  const rows = await sql.query<{ count: number }>(
    `INSERT INTO sandbox_rate_limits (client_id, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (client_id, window_start) DO UPDATE SET count = sandbox_rate_limits.count + 1
     RETURNING count`,
    [clientId, windowStart],
  );
  return rows[0]?.count ?? 1;
}

export async function deleteOldWindows(sql: Sql, before: Date): Promise<void> {
  await sql.query("DELETE FROM sandbox_rate_limits WHERE window_start < $1", [before]);
}

/** True the first time a fault of this kind fires for this paymentId. */
export async function markFaultFired(
  sql: Sql,
  clientId: string,
  direction: Direction,
  paymentId: string,
  kind: string,
): Promise<boolean> {
  const rows = await sql.query(
    `INSERT INTO sandbox_faults (client_id, direction, payment_id, kind) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING kind`,
    [clientId, direction, paymentId, kind],
  );
  return rows.length > 0;
}
