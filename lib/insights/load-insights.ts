import "server-only";
import type { Sql } from "@/lib/database";
import { funnelCounts } from "@/lib/database/dashboard/queries/pay-funnel";
import { getPaymentApi } from "@/lib/runtime";
import { type BankDirectory, nameBanks } from "./bank-names";
import { rollupDimensions, rollupSeries } from "./read";
import type { InsightsRange } from "./range";
import { summarize } from "./summarize";
import type { InsightsData } from "./types";

export type { InsightsData } from "./types";

/** The rollups' series, every dimension and the bank-app funnel, for this period and the one before. */
export async function loadInsights(
  sql: Sql,
  range: InsightsRange,
  directory: BankDirectory = (country) => getPaymentApi().listBanks(country),
): Promise<InsightsData> {
  const previous = { from: range.previousFrom, to: range.from };
  const [series, now, before, funnel, funnelBefore] = await Promise.all([
    rollupSeries(sql, range),
    rollupDimensions(sql, range).then((rows) => nameBanks(rows, directory)),
    rollupDimensions(sql, previous).then((rows) => nameBanks(rows, directory)),
    funnelCounts(sql, range),
    funnelCounts(sql, previous),
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
    funnel: { now: funnel, previous: funnelBefore },
  };
}
