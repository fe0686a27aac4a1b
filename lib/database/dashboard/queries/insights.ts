/**
 * Insights reads (owner: insights): over the rollups kept by migration 0025's triggers, never over the
 * orders. A range comes as signed pieces of UTC hours, 6 hours, days and weeks (lib/insights/cover.ts), so
 * it costs a few pieces × dimensions whatever its length and the number of orders.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import type { RollupDimensionRow, RollupPiece as Piece } from "../insights-rows";

/** Pieces as arrays, starts in epoch seconds (a few hundred Dates cost the driver more than the query). */
function pieceParams(pieces: readonly Piece[]) {
  return [pieces.map((p) => p.span), pieces.map((p) => p.start / 1000), pieces.map((p) => p.sign)];
}

/** The pieces as rows `p` (span, start, sign[, bucket]); the rollup is then read by its index on start. */
const PIECES = (bucket: boolean) => `WITH p AS MATERIALIZED (
    SELECT span, to_timestamp(s) AS start, sign${bucket ? ", bucket" : ""}
    FROM unnest($1::text[], $2::float8[], $3::int[]${bucket ? ", $4::int[]" : ""}) AS p (span, s, sign${bucket ? ", bucket" : ""}))`;
const IN_PIECES =
  "r.span = p.span AND r.start = p.start WHERE r.start = ANY(ARRAY(SELECT DISTINCT start FROM p))";

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
    SELECT p.bucket, r.currency, sum(p.sign * r.n)::int AS count,
        coalesce(nullif(sum(p.sign * r.volume), 0), 0)::text AS volume
      FROM order_series r JOIN p ON ${IN_PIECES}
      GROUP BY 1, 2 HAVING sum(p.sign * r.n) <> 0`,
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
    SELECT r.currency, r.direction, r.method, r.country, r.status, r.bank, r.pay_bucket AS "payBucket", r.reason,
        sum(p.sign * r.n)::int AS count, sum(p.sign * r.amount)::text AS amount
      FROM p CROSS JOIN LATERAL (
        SELECT * FROM order_rollup r WHERE r.start = p.start AND r.span = p.span OFFSET 0) r
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(p.sign * r.n) <> 0`,
    pieceParams(pieces),
  );
}
