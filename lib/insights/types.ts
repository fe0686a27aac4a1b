import type { FunnelCounts, RollupSeriesRow } from "@/lib/database/dashboard/insights-rows";
import type { Granularity } from "./range";
import type { InsightsSummary } from "./summarize";

/** What the Insights page shows for a range (the JSON of /api/insights). */
export interface InsightsData {
  range: { from: string; to: string; previousFrom: string; by: Granularity; tz: string };
  series: RollupSeriesRow[];
  summary: InsightsSummary;
  /** The NSPK/SBP bank-app chooser's funnel: orders whose pay page showed it in the period, by step. */
  funnel: { now: FunnelCounts; previous: FunnelCounts };
}
