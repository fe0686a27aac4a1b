import { ANY_ROLE, authorizeRequest, authProblemResponse } from "@/lib/auth";
import { getDb } from "@/lib/runtime";
import { loadOverview } from "@/lib/overview/load-overview";

export const dynamic = "force-dynamic";

/**
 * GET /api/overview → { counts: [{ status, count }], callbacks: [...] }: the overview page's live poll
 * (TanStack Query). Session-checked here, not only by the shell.
 */
export async function GET(): Promise<Response> {
  const auth = await authorizeRequest(ANY_ROLE);
  if (!auth.ok) return authProblemResponse(auth);
  return Response.json(await loadOverview(await getDb()), { headers: { "Cache-Control": "no-store" } });
}
