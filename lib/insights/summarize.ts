/**
 * From the rollup's rows to the figures the Insights page shows (pure, unit-testable): breakdowns, success
 * rates, time-to-pay percentiles, pay-out failures by reason, and their change against the previous period.
 */
import { FINAL_STATUSES } from "@/lib/contract/status";
import type { RollupDimensionRow } from "@/lib/database/dashboard/insights-rows";
import { type Percentile, percentileFromHistogram } from "./histogram";

export interface CountRow {
  key: string;
  count: number;
  previous: number;
}

export interface RateRow {
  key: string;
  success: number;
  final: number;
  /** Success among final orders, 0..1; null when none is final. */
  rate: number | null;
  previousRate: number | null;
}

export interface VolumeRow {
  currency: string;
  /** Money of successful orders, decimal string (2 places). */
  volume: string;
  previous: string;
  count: number;
  previousCount: number;
}

export interface InsightsSummary {
  count: number;
  previousCount: number;
  volumes: VolumeRow[];
  successRate: number | null;
  previousSuccessRate: number | null;
  byStatus: CountRow[];
  byMethod: CountRow[];
  byCountry: CountRow[];
  byDirection: CountRow[];
  successByMethod: RateRow[];
  successByBank: RateRow[];
  /** Failed pay-outs by the reason the dashboard knows (migration 0025's order_failure_reason). */
  payoutFailures: CountRow[];
  timeToPay: { median: Percentile | null; p90: Percentile | null; paid: number };
  previousTimeToPay: { median: Percentile | null; p90: Percentile | null; paid: number };
}

const FINAL = new Set<string>(FINAL_STATUSES);
const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (c: number) => (c / 100).toFixed(2);

function countBy(rows: RollupDimensionRow[], key: (r: RollupDimensionRow) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + r.count);
  return m;
}

function countRows(
  now: RollupDimensionRow[],
  before: RollupDimensionRow[],
  key: (r: RollupDimensionRow) => string,
) {
  const a = countBy(now, key);
  const b = countBy(before, key);
  return [...a]
    .filter(([, n]) => n !== 0)
    .map(([k, count]) => ({ key: k || "—", count, previous: b.get(k) ?? 0 }))
    .sort((x, y) => y.count - x.count || x.key.localeCompare(y.key));
}

function rates(rows: RollupDimensionRow[], key: (r: RollupDimensionRow) => string) {
  const m = new Map<string, { success: number; final: number }>();
  for (const r of rows) {
    if (!FINAL.has(r.status)) continue;
    const e = m.get(key(r)) ?? { success: 0, final: 0 };
    e.final += r.count;
    if (r.status === "Success") e.success += r.count;
    m.set(key(r), e);
  }
  return m;
}

function rateRows(
  now: RollupDimensionRow[],
  before: RollupDimensionRow[],
  key: (r: RollupDimensionRow) => string,
) {
  const a = rates(now, key);
  const b = rates(before, key);
  return [...a]
    .filter(([, e]) => e.final > 0)
    .map(([k, e]) => {
      const p = b.get(k);
      return {
        key: k || "—",
        ...e,
        rate: e.success / e.final,
        previousRate: p && p.final > 0 ? p.success / p.final : null,
      };
    })
    .sort((x, y) => y.final - x.final || x.key.localeCompare(y.key));
}

function successRate(rows: RollupDimensionRow[]): number | null {
  const e = rates(rows, () => "").get("");
  return e && e.final > 0 ? e.success / e.final : null;
}

function timeToPay(rows: RollupDimensionRow[]) {
  const h = new Map<number, number>();
  let paid = 0;
  for (const r of rows)
    if (r.status === "Success" && r.payBucket >= 0) {
      h.set(r.payBucket, (h.get(r.payBucket) ?? 0) + r.count);
      paid += r.count;
    }
  return { median: percentileFromHistogram(h, 0.5), p90: percentileFromHistogram(h, 0.9), paid };
}

function volumes(now: RollupDimensionRow[], before: RollupDimensionRow[]): VolumeRow[] {
  const m = new Map<string, { v: number; p: number; n: number; pn: number }>();
  const at = (c: string) => m.get(c) ?? m.set(c, { v: 0, p: 0, n: 0, pn: 0 }).get(c)!;
  for (const r of now) {
    const e = at(r.currency);
    e.n += r.count;
    if (r.status === "Success") e.v += cents(r.amount);
  }
  for (const r of before) {
    const e = at(r.currency);
    e.pn += r.count;
    if (r.status === "Success") e.p += cents(r.amount);
  }
  return [...m]
    .filter(([, e]) => e.n !== 0 || e.pn !== 0)
    .map(([currency, e]) => ({
      currency: currency || "—",
      volume: money(e.v),
      previous: money(e.p),
      count: e.n,
      previousCount: e.pn,
    }))
    .sort((x, y) => y.count - x.count || x.currency.localeCompare(y.currency));
}

export function summarize(now: RollupDimensionRow[], before: RollupDimensionRow[]): InsightsSummary {
  const total = (rows: RollupDimensionRow[]) => rows.reduce((s, r) => s + r.count, 0);
  return {
    count: total(now),
    previousCount: total(before),
    volumes: volumes(now, before),
    successRate: successRate(now),
    previousSuccessRate: successRate(before),
    byStatus: countRows(now, before, (r) => r.status),
    byMethod: countRows(now, before, (r) => r.method),
    byCountry: countRows(now, before, (r) => r.country),
    byDirection: countRows(now, before, (r) => r.direction),
    successByMethod: rateRows(now, before, (r) => r.method),
    successByBank: rateRows(now, before, (r) => r.bank),
    payoutFailures: countRows(
      now.filter((r) => r.reason !== ""),
      before.filter((r) => r.reason !== ""),
      (r) => r.reason,
    ),
    timeToPay: timeToPay(now),
    previousTimeToPay: timeToPay(before),
  };
}

/** Change from `previous` to `now` in percent, one decimal; null when there was nothing before. */
export function changePercent(now: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((now - previous) / previous) * 1000) / 10;
}

/** "+12.5 %", "−3.0 %", "new" (nothing before), "±0 %". */
export function changeText(now: number, previous: number): string {
  const c = changePercent(now, previous);
  if (c === null) return now === 0 ? "±0 %" : "new";
  if (c === 0) return "±0 %";
  return `${c > 0 ? "+" : "−"}${Math.abs(c).toFixed(1)} %`;
}
