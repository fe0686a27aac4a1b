import { ANY_ROLE, authorizeRequest, authProblemResponse } from "@/lib/auth";
import { routeProblem } from "@/lib/http/route-problem";
import { getDb } from "@/lib/database/dashboard/client";
import { getOrderStatuses } from "@/lib/database/dashboard/queries/order-list";
import { isUuid } from "@/lib/contract/uuid";

export const dynamic = "force-dynamic";

const MAX_IDS = 200;

/**
 * GET /api/orders/status?ids=<uuid>,<uuid> → { orders: [{ id, status, updatedAt }] }: the live-status poll
 * of the orders pages (TanStack Query). Session-checked here, not only by the shell.
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRequest(ANY_ROLE);
  if (!auth.ok) return authProblemResponse(auth);

  const raw = new URL(request.url).searchParams.get("ids") ?? "";
  const ids = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = ids.find((id) => !isUuid(id));
  if (ids.length === 0) return problem(400, "Bad Request", "ids: give at least one order id", "ids");
  if (ids.length > MAX_IDS) return problem(400, "Bad Request", `ids: at most ${MAX_IDS} order ids`, "ids");
  if (bad !== undefined)
    return problem(400, "Bad Request", `ids: "${bad.slice(0, 40)}" is not an order id`, "ids");

  const rows = await getOrderStatuses(await getDb(), ids);
  return Response.json(
    { orders: rows.map((r) => ({ id: r.id, status: r.status, updatedAt: r.updatedAt.toISOString() })) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

function problem(status: number, title: string, detail: string, path?: string): Response {
  return routeProblem(status, title, detail, path ? [{ path, message: detail }] : undefined);
}
