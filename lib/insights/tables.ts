/**
 * Every Insights chart's numbers as a table: what the page shows under "Show table" and what the CSV
 * route sends, from one definition. Pure.
 */
import { formatDuration } from "./histogram";
import type { InsightsData } from "./types";
import { changeText, type CountRow, type RateRow } from "./summarize";

export const INSIGHT_TABLES = [
  "volume",
  "series",
  "status",
  "method",
  "country",
  "direction",
  "success-method",
  "success-bank",
  "time-to-pay",
  "payout-failures",
  "bank-app-funnel",
] as const;
export type InsightTableId = (typeof INSIGHT_TABLES)[number];

export type Cell = string | number;

export interface InsightTable {
  id: InsightTableId;
  title: string;
  columns: string[];
  rows: Cell[][];
}

const pct = (r: number | null) => (r === null ? "—" : `${(r * 100).toFixed(1)} %`);

function counts(id: InsightTableId, title: string, what: string, rows: CountRow[]): InsightTable {
  return {
    id,
    title,
    columns: [what, "Orders", "Previous period", "Change"],
    rows: rows.map((r) => [r.key, r.count, r.previous, changeText(r.count, r.previous)]),
  };
}

function rates(id: InsightTableId, title: string, what: string, rows: RateRow[]): InsightTable {
  return {
    id,
    title,
    columns: [what, "Success", "Final", "Success rate", "Previous period"],
    rows: rows.map((r) => [r.key, r.success, r.final, pct(r.rate), pct(r.previousRate)]),
  };
}

export function insightTable(data: InsightsData, id: InsightTableId): InsightTable {
  const s = data.summary;
  switch (id) {
    case "volume":
      return {
        id,
        title: "Volume (successful orders) and orders by currency",
        columns: ["Currency", "Volume", "Previous period", "Change", "Orders", "Previous period", "Change"],
        rows: s.volumes.map((v) => [
          v.currency,
          v.volume,
          v.previous,
          changeText(Number(v.volume), Number(v.previous)),
          v.count,
          v.previousCount,
          changeText(v.count, v.previousCount),
        ]),
      };
    case "series":
      return {
        id,
        title: `Orders and volume per ${data.range.by} (${data.range.tz})`,
        columns: [
          data.range.by === "hour" ? "Hour" : data.range.by === "day" ? "Day" : "Week from",
          "Currency",
          "Orders",
          "Volume",
        ],
        rows: data.series.map((r) => [
          data.range.by === "hour" ? r.bucket.replace("T", " ") : r.bucket.slice(0, 10),
          r.currency || "—",
          r.count,
          r.volume,
        ]),
      };
    case "status":
      return counts(id, "Orders by status", "Status", s.byStatus);
    case "method":
      return counts(id, "Orders by method", "Method", s.byMethod);
    case "country":
      return counts(id, "Orders by country", "Country", s.byCountry);
    case "direction":
      return counts(id, "Orders by direction", "Direction", s.byDirection);
    case "success-method":
      return rates(id, "Success rate by method (Success among final orders)", "Method", s.successByMethod);
    case "success-bank":
      return rates(id, "Success rate by bank (Success among final orders)", "Bank", s.successByBank);
    case "bank-app-funnel": {
      const { now, previous } = data.funnel;
      const share = (n: number) => (now.opened === 0 ? "—" : `${((n / now.opened) * 100).toFixed(1)} %`);
      const step = (label: string, k: keyof typeof now): Cell[] => [
        label,
        now[k],
        previous[k],
        changeText(now[k], previous[k]),
        share(now[k]),
      ];
      return {
        id,
        title: "SBP bank-app chooser funnel (pay pages)",
        columns: ["Step", "Orders", "Previous period", "Change", "Of pages opened"],
        rows: [step("Pay page opened", "opened"), step("Bank app chosen", "chosen"), step("Paid", "paid")],
      };
    }
    case "payout-failures":
      return counts(id, "Pay-out failures by reason", "Reason", s.payoutFailures);
    case "time-to-pay":
      return {
        id,
        title: "Time to pay (created → Success)",
        columns: ["Figure", "This period", "Previous period"],
        rows: [
          ["Median", formatDuration(s.timeToPay.median), formatDuration(s.previousTimeToPay.median)],
          ["90th percentile", formatDuration(s.timeToPay.p90), formatDuration(s.previousTimeToPay.p90)],
          ["Paid orders", s.timeToPay.paid, s.previousTimeToPay.paid],
        ],
      };
  }
}
