import "server-only";
import type { Sql } from "@/lib/database";
import { rollupDimensions, rollupSeries } from "./read";
import type { InsightsRange } from "./range";
import { summarize } from "./summarize";
import type { InsightsData } from "./types";

export type { InsightsData } from "./types";

/** Three reads of the rollup: the series, and every dimension for this period and the one before. */
export async function loadInsights(sql: Sql, range: InsightsRange): Promise<InsightsData> {
  const [series, now, before] = await Promise.all([
    rollupSeries(sql, range),
    rollupDimensions(sql, range),
    rollupDimensions(sql, { from: range.previousFrom, to: range.from }),
  ]);
  return {
    range: {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      previousFrom: range.previousFrom.toISOString(),
      by: range.by,
      tz: range.tz,
    },
    series,
    summary: summarize(now, before),
  };
}
