import { ANY_ROLE, authorizeRequest, authProblemResponse } from "@/lib/auth";
import { getDb } from "@/lib/runtime";
import { getOrderStatuses } from "@/lib/database/dashboard/queries/order-list";
import { readOrderIds } from "@/lib/orders/order-ids";

export const dynamic = "force-dynamic";

/**
 * GET /api/orders/status?ids=<uuid>,<uuid> → { orders: [{ id, status, updatedAt }] }: the live-status poll
 * of the orders pages (TanStack Query). Session-checked here, not only by the shell.
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRequest(ANY_ROLE);
  if (!auth.ok) return authProblemResponse(auth);

  const ids = readOrderIds(request);
  if (!ids.ok) return ids.response;

  const rows = await getOrderStatuses(await getDb(), ids.ids);
  return Response.json(
    { orders: rows.map((r) => ({ id: r.id, status: r.status, updatedAt: r.updatedAt.toISOString() })) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
