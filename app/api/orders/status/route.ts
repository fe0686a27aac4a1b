import { getDb } from "@/lib/runtime";
import { getOrderStatuses } from "@/lib/database/dashboard/queries/order-list";
import { liveStatusRoute } from "../live-status-route";

export const dynamic = "force-dynamic";

/**
 * GET /api/orders/status?ids=<uuid>,<uuid> → { orders: [{ id, status, updatedAt }] }: the live-status poll
 * of the orders pages (TanStack Query).
 */
export const GET = liveStatusRoute(async (_request, ids) => {
  const rows = await getOrderStatuses(await getDb(), ids);
  return Response.json(
    { orders: rows.map((r) => ({ id: r.id, status: r.status, updatedAt: r.updatedAt.toISOString() })) },
    { headers: { "Cache-Control": "no-store" } },
  );
});
