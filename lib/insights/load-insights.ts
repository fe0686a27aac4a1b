import "server-only";
import type { Sql } from "@/lib/database";
import {
  rollupDimensions,
  rollupSeries,
  type RollupSeriesRow,
} from "@/lib/database/dashboard/queries/insights";
import type { InsightsRange } from "./range";
import { type InsightsSummary, summarize } from "./summarize";

export interface InsightsData {
  range: { from: string; to: string; previousFrom: string; by: InsightsRange["by"]; tz: string };
  series: RollupSeriesRow[];
  summary: InsightsSummary;
}

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
