import { ANY_ROLE, authorizeRequest, authProblemResponse } from "@/lib/auth";
import { csvStreamResponse } from "@/lib/http/csv-response";
import { filtersRefused } from "@/lib/http/route-problem";
import { loadInsights } from "@/lib/insights/load-insights";
import { parseInsightsRange } from "@/lib/insights/range";
import { INSIGHT_TABLES, type InsightTableId, insightTable } from "@/lib/insights/tables";
import { csvLine } from "@/lib/orders/csv";
import { getDb } from "@/lib/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /insights/export?table=<id>&<the range> — one Insights chart's table as CSV (the same rows the page shows). */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRequest(ANY_ROLE);
  if (!auth.ok) return authProblemResponse(auth);
  const params = new URL(request.url).searchParams;
  const id = params.get("table") ?? "";
  if (!(INSIGHT_TABLES as readonly string[]).includes(id))
    return filtersRefused([
      { field: "table", message: `Table must be one of: ${INSIGHT_TABLES.join(", ")}.` },
    ]);
  const parsed = parseInsightsRange(params);
  if (!parsed.ok) return filtersRefused(parsed.errors);
  const table = insightTable(await loadInsights(await getDb(), parsed.range), id as InsightTableId);
  async function* once() {
    yield table.rows;
  }
  return csvStreamResponse(`insights-${id}`, table.columns, once(), (row) => csvLine(row));
}
