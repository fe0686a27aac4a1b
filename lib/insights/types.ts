import type { RollupSeriesRow } from "@/lib/database/dashboard/insights-rows";
import type { Granularity } from "./range";
import type { InsightsSummary } from "./summarize";

/** What the Insights page shows for a range (the JSON of /api/insights). */
export interface InsightsData {
  range: { from: string; to: string; previousFrom: string; by: Granularity; tz: string };
  series: RollupSeriesRow[];
  summary: InsightsSummary;
}
