"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useMemo, useSyncExternalStore } from "react";
import { LIVE_STATUS_INTERVAL_MS } from "@/components/orders/live-status";
import { formatDuration } from "@/lib/insights/histogram";
import type { InsightsData } from "@/lib/insights/types";
import { type RangeFieldError, zoneOffset } from "@/lib/insights/range";
import { changeText } from "@/lib/insights/summarize";
import { type InsightTableId, insightTable } from "@/lib/insights/tables";
import type { OverviewSnapshot } from "@/lib/overview/snapshot";
import { fetchJson } from "@/lib/query-client";
import { BarList } from "./bar-list";
import { ChartSection } from "./chart-section";
import styles from "./insights.module.css";
import { RangePicker, type RangeValues } from "./range-picker";
import { SeriesChart } from "./series-chart";

const noSubscription = () => () => {};
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const serverZone = () => "";

/**
 * The Insights page's client part. The viewer's zone comes from the browser: without `tz` in the URL the
 * page puts it there (the server then buckets by it). Live: the overview's status counts are polled at the
 * list's pace and the figures are read again when they change, at the latest every 30 s.
 */
export function InsightsView({
  initial,
  values,
  errors,
}: {
  initial: InsightsData | null;
  values: RangeValues;
  errors: RangeFieldError[];
}) {
  const router = useRouter();
  const pathname = usePathname();
  const browserZone = useSyncExternalStore(noSubscription, viewerZone, serverZone);
  const tz = values.tz || browserZone || "UTC";
  useEffect(() => {
    if (values.tz || !browserZone) return;
    const p = new URLSearchParams(Object.entries(values).filter(([, v]) => v !== ""));
    p.set("tz", browserZone);
    router.replace(`${pathname}?${p}`);
  }, [values, browserZone, router, pathname]);

  const query = useMemo(() => {
    const p = new URLSearchParams(Object.entries({ ...values, tz }).filter(([, v]) => v !== ""));
    return p.toString();
  }, [values, tz]);
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ["insights", query],
    queryFn: () => fetchJson<InsightsData>(`/api/insights?${query}`),
    initialData: initial ?? undefined,
    enabled: initial !== null && values.tz !== "",
    refetchInterval: 30_000,
  });
  const { data: overview } = useQuery({
    queryKey: ["overview"],
    queryFn: () => fetchJson<OverviewSnapshot>("/api/overview"),
    refetchInterval: LIVE_STATUS_INTERVAL_MS,
    enabled: initial !== null,
  });
  const statusKey = overview ? JSON.stringify(overview.counts) : "";
  useEffect(() => {
    if (statusKey) void queryClient.invalidateQueries({ queryKey: ["insights"] });
  }, [statusKey, queryClient]);

  const shown = data ?? initial;
  return (
    <>
      <RangePicker values={values} errors={errors} tz={tz} />
      {shown ? (
        <Figures data={shown} query={query} />
      ) : (
        <p role="status">Choose a valid range to see the figures.</p>
      )}
    </>
  );
}

function Figures({ data, query }: { data: InsightsData; query: string }) {
  const s = data.summary;
  const csv = (id: InsightTableId) => `/insights/export?table=${id}&${query}`;
  const table = (id: InsightTableId) => insightTable(data, id);
  const series = useMemo(() => seriesLines(data), [data]);
  const rate = (r: number | null) => (r === null ? "—" : `${(r * 100).toFixed(1)} %`);
  return (
    <>
      <p className="muted">
        {new Date(data.range.from).toISOString().slice(0, 16).replace("T", " ")} –{" "}
        {new Date(data.range.to).toISOString().slice(0, 16).replace("T", " ")} UTC, compared with the previous
        period of the same length. Times in {data.range.tz}.
      </p>
      <ul className={styles.headlines} aria-label="Headline figures">
        <li className="card">
          <span className={styles.headLabel}>Orders</span>
          <span className={styles.headValue}>{s.count}</span>
          <span className={styles.headChange}>{changeText(s.count, s.previousCount)} vs previous period</span>
        </li>
        {s.volumes.map((v) => (
          <li key={v.currency} className="card">
            <span className={styles.headLabel}>Volume {v.currency}</span>
            <span className={styles.headValue}>{v.volume}</span>
            <span className={styles.headChange}>
              {changeText(Number(v.volume), Number(v.previous))} vs previous period
            </span>
          </li>
        ))}
        <li className="card">
          <span className={styles.headLabel}>Success rate</span>
          <span className={styles.headValue}>{rate(s.successRate)}</span>
          <span className={styles.headChange}>previous period {rate(s.previousSuccessRate)}</span>
        </li>
        <li className="card">
          <span className={styles.headLabel}>Time to pay, median / p90</span>
          <span className={styles.headValue}>
            {formatDuration(s.timeToPay.median)} / {formatDuration(s.timeToPay.p90)}
          </span>
          <span className={styles.headChange}>
            previous period {formatDuration(s.previousTimeToPay.median)} /{" "}
            {formatDuration(s.previousTimeToPay.p90)}
          </span>
        </li>
      </ul>
      <div className={styles.grid}>
        <ChartSection table={table("series")} csvHref={csv("series")}>
          <SeriesChart label={series.countLabel} x={series.x} xRange={series.xRange} lines={series.count} />
        </ChartSection>
        <ChartSection table={table("volume")} csvHref={csv("volume")}>
          <SeriesChart label={series.volumeLabel} x={series.x} xRange={series.xRange} lines={series.volume} />
        </ChartSection>
        {(["status", "method", "country", "direction"] as const).map((id) => {
          const rows =
            id === "status"
              ? s.byStatus
              : id === "method"
                ? s.byMethod
                : id === "country"
                  ? s.byCountry
                  : s.byDirection;
          return (
            <ChartSection key={id} table={table(id)} csvHref={csv(id)}>
              <BarList label={table(id).title} rows={rows.map((r) => ({ key: r.key, value: r.count }))} />
            </ChartSection>
          );
        })}
        {(["success-method", "success-bank"] as const).map((id) => {
          const rows = id === "success-method" ? s.successByMethod : s.successByBank;
          return (
            <ChartSection key={id} table={table(id)} csvHref={csv(id)}>
              <BarList
                label={table(id).title}
                rows={rows.map((r) => ({ key: r.key, value: r.rate ?? 0 }))}
                format={(v) => `${(v * 100).toFixed(1)} %`}
              />
            </ChartSection>
          );
        })}
        <ChartSection table={table("payout-failures")} csvHref={csv("payout-failures")}>
          <BarList
            label={table("payout-failures").title}
            rows={s.payoutFailures.map((r) => ({ key: r.key, value: r.count }))}
            empty="No failed pay-outs in this range."
          />
          <p className="muted">
            The payment service gives no reason for a failure; the reasons are what the dashboard knows.
          </p>
        </ChartSection>
        <ChartSection table={table("bank-app-funnel")} csvHref={csv("bank-app-funnel")}>
          <BarList
            label={table("bank-app-funnel").title}
            rows={table("bank-app-funnel").rows.map((r) => ({ key: String(r[0]), value: Number(r[1]) }))}
          />
          <p className="muted">
            Orders whose pay page showed the bank-app chooser (NSPK QR on a phone), counted once each; paid
            means an app was chosen and the order succeeded. The events carry no personal data.
          </p>
        </ChartSection>
        <ChartSection table={table("time-to-pay")} csvHref={csv("time-to-pay")}>
          <p className={styles.bigFigure}>
            Median {formatDuration(s.timeToPay.median)}, 90th percentile {formatDuration(s.timeToPay.p90)}{" "}
            over {s.timeToPay.paid} paid orders.
          </p>
        </ChartSection>
      </div>
    </>
  );
}

/** The series as uPlot wants them: one x array of bucket starts, one values array per line. */
function seriesLines(data: InsightsData) {
  const buckets = [...new Set([...rangeBuckets(data), ...data.series.map((r) => r.bucket)])].sort();
  const at = new Map(buckets.map((b, i) => [b, i]));
  const x = buckets.map((b) => Date.parse(`${b}:00Z`) / 1000);
  const count = new Array<number | null>(buckets.length).fill(0);
  const currencies = [...new Set(data.series.map((r) => r.currency))].sort();
  const volume = currencies.map((c) => ({
    label: c || "—",
    values: new Array<number | null>(buckets.length).fill(0),
  }));
  for (const r of data.series) {
    const i = at.get(r.bucket) ?? 0;
    count[i] = (count[i] ?? 0) + r.count;
    const line = volume[currencies.indexOf(r.currency)];
    if (line) line.values[i] = (line.values[i] ?? 0) + Number(r.volume);
  }
  const total = count.reduce<number>((a, b) => a + (b ?? 0), 0);
  const peak = Math.max(0, ...count.map((c) => c ?? 0));
  const per = data.range.by;
  return {
    x,
    xRange: [wall(data, data.range.from), wall(data, data.range.to)] as [number, number],
    count: [{ label: "Orders", values: count }],
    volume,
    countLabel: `Orders per ${per}: ${total} in ${buckets.length} ${per}s with orders, at most ${peak} in one ${per}. The numbers are in the table.`,
    volumeLabel: `Volume of successful orders per ${per}, by currency: ${
      data.summary.volumes.map((v) => `${v.currency} ${v.volume}`).join(", ") || "none"
    }. The numbers are in the table.`,
  };
}

/** An instant as the viewer's wall-clock time, in seconds "as if UTC" (how the chart's x axis counts). */
function wall(data: InsightsData, iso: string): number {
  const at = new Date(iso);
  return (at.getTime() + zoneOffset(data.range.tz, at)) / 1000;
}

const DAY_S = 86_400;

/** Every bucket of the range (so hours or days without orders are drawn as zero, not skipped). */
function rangeBuckets(data: InsightsData): string[] {
  const label = (sec: number) => new Date(sec * 1000).toISOString().slice(0, 16);
  const out: string[] = [];
  if (data.range.by === "hour") {
    for (let t = Date.parse(data.range.from); t < Date.parse(data.range.to); t += 3_600_000)
      out.push(label(wall(data, new Date(t).toISOString())));
    return out;
  }
  const from = wall(data, data.range.from);
  const to = wall(data, data.range.to);
  const step = data.range.by === "day" ? DAY_S : 7 * DAY_S;
  // Day starts at midnight; weeks on Monday (1970-01-05 was one), as date_trunc counts them.
  const start =
    data.range.by === "day"
      ? Math.floor(from / DAY_S) * DAY_S
      : Math.floor((from - 4 * DAY_S) / step) * step + 4 * DAY_S;
  for (let t = start; t < to; t += step) out.push(label(t));
  return out;
}
