import { ANY_ROLE, authorizeRequest, authProblemResponse } from "@/lib/auth";
import { filtersRefused } from "@/lib/http/route-problem";
import { loadInsights } from "@/lib/insights/load-insights";
import { parseInsightsRange } from "@/lib/insights/range";
import { getDb } from "@/lib/runtime";

export const dynamic = "force-dynamic";

/**
 * GET /api/insights?range=&from=&to=&by=&tz= → the Insights page's figures (lib/insights/load-insights.ts),
 * its live refresh. Session-checked here; a refused range is a 400 naming its fields.
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRequest(ANY_ROLE);
  if (!auth.ok) return authProblemResponse(auth);
  const parsed = parseInsightsRange(new URL(request.url).searchParams);
  if (!parsed.ok) return filtersRefused(parsed.errors);
  return Response.json(await loadInsights(await getDb(), parsed.range), {
    headers: { "Cache-Control": "no-store" },
  });
}
