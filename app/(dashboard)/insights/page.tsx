import type { Metadata } from "next";
import { InsightsView } from "@/components/insights/insights-view";
import { requirePageUser } from "@/lib/auth";
import { loadInsights } from "@/lib/insights/load-insights";
import { parseInsightsRange } from "@/lib/insights/range";
import { getDb } from "@/lib/runtime";

export const metadata: Metadata = { title: "Insights" };

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/** /insights — volume, counts, breakdowns, success rates and time to pay over a range, live. */
export default async function InsightsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePageUser();
  const params = await searchParams;
  const parsed = parseInsightsRange(params);
  const values = {
    range: first(params.range) || "24h",
    from: first(params.from),
    to: first(params.to),
    by: first(params.by),
    tz: first(params.tz),
  };
  const data = parsed.ok ? await loadInsights(await getDb(), parsed.range) : null;
  return (
    <div className="page stack">
      <header className="page-header">
        <h1>Insights</h1>
      </header>
      <InsightsView initial={data} values={values} errors={parsed.ok ? [] : parsed.errors} />
    </div>
  );
}
