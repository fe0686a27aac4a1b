/**
 * The Insights fold (owner: insights): the committed per-statement deltas of migration 0031 moved into the
 * spans of `order_rollup` and into `order_series`, and the status counters' per-transaction slots (0032)
 * into slot 0, by one instance at a time (lib/insights/fold.ts).
 */
import "server-only";
import type { Sql } from "@/lib/database";

/** Whether a rollup delta or a status counter's transaction slot waits to be folded (a read only). */
export async function hasAnythingToFold(sql: Sql): Promise<boolean> {
  const [row] = await sql.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM order_rollup_delta)
      OR EXISTS (SELECT 1 FROM order_status_counts WHERE slot <> 0) AS any`,
  );
  return row?.any === true;
}

/**
 * Takes the fold's claim, or null when another connection holds it (that fold is under way: this one would
 * only wait for it and find nothing left). Inside a transaction: the claim holds until it ends.
 */
export async function claimRollupFold(tx: Sql): Promise<boolean> {
  const rows = await tx.query("SELECT 1 FROM order_rollup_fold FOR UPDATE SKIP LOCKED");
  return rows.length > 0;
}

/**
 * Deletes the deltas this transaction sees (those of transactions still open stay for the next fold) and
 * adds them, per key, to every span they fall in: one statement, so the spans and the deltas change
 * together. Returns how many delta rows were folded.
 */
export async function foldRollupDeltas(tx: Sql): Promise<number> {
  const [row] = await tx.query<{ folded: number }>(
    `WITH d AS (DELETE FROM order_rollup_delta RETURNING *),
      k AS (
        SELECT s.span, date_bin(s.width, d.hour, timestamptz '1970-01-05Z') AS start, d.currency, d.direction,
            d.method, d.country, d.status, d.bank, d.pay_bucket, d.reason, sum(d.n) AS n, sum(d.amount) AS amount
          FROM d CROSS JOIN (VALUES ('hour', interval '1 hour'), ('6h', interval '6 hours'),
            ('day', interval '1 day'), ('week', interval '7 days')) AS s (span, width)
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0),
      rollup AS (
        INSERT INTO order_rollup AS r (span, start, currency, direction, method, country, status, bank,
            pay_bucket, reason, n, amount)
          SELECT * FROM k ORDER BY 2, 1, 3, 4, 5, 6, 7, 8, 9, 10
          ON CONFLICT (start, span, currency, direction, method, country, status, bank, pay_bucket, reason)
          DO UPDATE SET n = r.n + excluded.n, amount = r.amount + excluded.amount),
      series AS (
        INSERT INTO order_series AS r (span, start, currency, slot, n, volume)
          SELECT span, start, currency, 0, sum(n), sum(CASE WHEN status = 'Success' THEN amount ELSE 0 END)
            FROM k GROUP BY 1, 2, 3 ORDER BY 2, 1, 3
          ON CONFLICT (start, span, currency, slot)
          DO UPDATE SET n = r.n + excluded.n, volume = r.volume + excluded.volume)
      SELECT count(*)::int AS folded FROM d`,
  );
  await tx.query("UPDATE order_rollup_fold SET folded_at = now()");
  return row?.folded ?? 0;
}

/** Moves the committed per-transaction slots of the status counters (0032) into slot 0, in one statement. */
export async function foldStatusCountSlots(tx: Sql): Promise<void> {
  await tx.query(
    `WITH moved AS (DELETE FROM order_status_counts WHERE slot <> 0 RETURNING status, n)
    INSERT INTO order_status_counts AS c (status, slot, n)
      SELECT status, 0, sum(n) FROM moved GROUP BY status ORDER BY status
      ON CONFLICT (status, slot) DO UPDATE SET n = c.n + excluded.n`,
  );
}
