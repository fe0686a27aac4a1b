/**
 * Insights reads (owner: insights): over the rollups of migrations 0025 and 0031, never over the orders —
 * the folded spans plus the deltas not folded yet, in one statement (one snapshot), so a read is exact
 * whether or not the fold (lib/insights/fold.ts) has run. A range comes as signed pieces of UTC hours,
 * 6 hours, days and weeks (lib/insights/cover.ts), so it costs a few pieces × dimensions whatever its
 * length and the number of orders, plus the pending deltas of its pieces (a few seconds' writes).
 */
import "server-only";
import type { Sql } from "@/lib/database";
import type { RollupDimensionRow, RollupPiece as Piece } from "../insights-rows";

/** Pieces as arrays, starts in epoch seconds (a few hundred Dates cost the driver more than the query). */
function pieceParams(pieces: readonly Piece[]) {
  return [pieces.map((p) => p.span), pieces.map((p) => p.start / 1000), pieces.map((p) => p.sign)];
}

/**
 * The pieces as rows `p` (span, start, finish, sign[, bucket]); the rollup is then read by its index on
 * start, the pending deltas by theirs on the hour.
 */
const PIECES = (bucket: boolean) => `WITH p AS MATERIALIZED (
    SELECT span, to_timestamp(s) AS start, sign${bucket ? ", bucket" : ""},
      to_timestamp(s) + CASE span WHEN 'hour' THEN interval '1 hour' WHEN '6h' THEN interval '6 hours'
        WHEN 'day' THEN interval '1 day' ELSE interval '7 days' END AS finish
    FROM unnest($1::text[], $2::float8[], $3::int[]${bucket ? ", $4::int[]" : ""}) AS p (span, s, sign${bucket ? ", bucket" : ""}))`;
const IN_PIECES =
  "r.span = p.span AND r.start = p.start WHERE r.start = ANY(ARRAY(SELECT DISTINCT start FROM p))";
/** Each piece's deltas not folded yet (migration 0031), by the index on their hour. */
const PENDING = `p CROSS JOIN LATERAL (
    SELECT * FROM order_rollup_delta d WHERE d.hour >= p.start AND d.hour < p.finish OFFSET 0) d`;

/**
 * Count and Success volume per bucket and currency from `order_series`, a bucket being the pieces that
 * carry its number (lib/insights/read.ts makes them from the viewer's zone): one statement for every bucket.
 */
export async function rollupSeriesPieces(
  sql: Sql,
  pieces: readonly (Piece & { bucket: number })[],
): Promise<{ bucket: number; currency: string; count: number; volume: string }[]> {
  if (pieces.length === 0) return [];
  return sql.query(
    `${PIECES(true)}
    SELECT bucket, currency, sum(n)::int AS count, coalesce(nullif(sum(volume), 0), 0)::text AS volume
      FROM (
        SELECT p.bucket, r.currency, p.sign * r.n AS n, p.sign * r.volume AS volume
          FROM order_series r JOIN p ON ${IN_PIECES}
        UNION ALL
        SELECT p.bucket, d.currency, p.sign * d.n, CASE WHEN d.status = 'Success' THEN p.sign * d.amount ELSE 0 END
          FROM ${PENDING}
      ) x
      GROUP BY 1, 2 HAVING sum(n) <> 0`,
    [...pieceParams(pieces), pieces.map((p) => p.bucket)],
  );
}

/**
 * The pieces' orders summed per every dimension (what the breakdowns, rates, percentiles and pay-out
 * failure reasons come from). Each piece is looked up on its own by the primary key (`OFFSET 0` keeps the
 * planner from folding the pieces back into one join): the join with `IN_PIECES`' extra filter took longer
 * to plan and to run the more history the table held (docs/architecture.md, Insights rollups).
 */
export async function rollupDimensionPieces(
  sql: Sql,
  pieces: readonly Piece[],
): Promise<RollupDimensionRow[]> {
  if (pieces.length === 0) return [];
  return sql.query<RollupDimensionRow>(
    `${PIECES(false)}
    SELECT currency, direction, method, country, status, bank, pay_bucket AS "payBucket", reason,
        sum(n)::int AS count, sum(amount)::text AS amount
      FROM (
        SELECT r.currency, r.direction, r.method, r.country, r.status, r.bank, r.pay_bucket, r.reason,
            p.sign * r.n AS n, p.sign * r.amount AS amount
          FROM p CROSS JOIN LATERAL (
            SELECT * FROM order_rollup r WHERE r.start = p.start AND r.span = p.span OFFSET 0) r
        UNION ALL
        SELECT d.currency, d.direction, d.method, d.country, d.status, d.bank, d.pay_bucket, d.reason,
            p.sign * d.n, p.sign * d.amount
          FROM ${PENDING}
      ) x
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(n) <> 0`,
    pieceParams(pieces),
  );
}
