/**
 * The Insights reads for a range: the range made into rollup pieces (./cover.ts) and the series' buckets
 * in the viewer's zone (./buckets.ts), then read by the queries over migration 0025's rollups.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import type {
  RollupDimensionRow,
  RollupGranularity,
  RollupSeriesRow,
} from "@/lib/database/dashboard/insights-rows";
import { rollupDimensionPieces, rollupSeriesPieces } from "@/lib/database/dashboard/queries/insights";
import { seriesBuckets } from "./buckets";
import { ceilHour, cover } from "./cover";

/** Count and Success volume per bucket of the viewer's zone and currency. */
export async function rollupSeries(
  sql: Sql,
  q: { from: Date; to: Date; by: RollupGranularity; tz: string },
): Promise<RollupSeriesRow[]> {
  const buckets = seriesBuckets(q);
  // Buckets are numbered by label: the hour a clock goes back (DST) repeats, and both count as one point.
  const labels = [...new Set(buckets.map((b) => b.label))];
  const number = new Map(labels.map((l, i) => [l, i]));
  const pieces = buckets.flatMap((b) =>
    cover(b.from, b.to).map((p) => ({ ...p, bucket: number.get(b.label) ?? 0 })),
  );
  const rows = await rollupSeriesPieces(sql, pieces);
  return rows
    .map((r) => ({ bucket: labels[r.bucket] ?? "", currency: r.currency, count: r.count, volume: r.volume }))
    .sort((x, y) => (x.bucket < y.bucket ? -1 : x.bucket > y.bucket ? 1 : x.currency < y.currency ? -1 : 1));
}

/** The range's orders per every dimension; the range holds the UTC hours that start in it, as buckets do. */
export function rollupDimensions(sql: Sql, q: { from: Date; to: Date }): Promise<RollupDimensionRow[]> {
  return rollupDimensionPieces(sql, cover(ceilHour(q.from.getTime()), ceilHour(q.to.getTime())));
}
