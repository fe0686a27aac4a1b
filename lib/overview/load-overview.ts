import "server-only";
import type { Sql } from "@/lib/database";
import { listRecentCallbackDeliveries } from "@/lib/database/dashboard/queries/callback-deliveries";
import { countOrdersByStatus } from "@/lib/database/dashboard/queries/order-list";
import type { OverviewSnapshot } from "./snapshot";

export const OVERVIEW_CALLBACKS = 5;

/** The overview's live part: two small reads (trigger-kept counters, the newest deliveries by index). */
export async function loadOverview(sql: Sql): Promise<OverviewSnapshot> {
  const [counts, deliveries] = await Promise.all([
    countOrdersByStatus(sql),
    listRecentCallbackDeliveries(sql, OVERVIEW_CALLBACKS),
  ]);
  return {
    counts,
    callbacks: deliveries.map((d) => ({
      id: d.id,
      receivedAt: d.receivedAt.toISOString(),
      status: d.status,
      verified: d.verified,
      outcome: d.outcome,
      orderId: d.orderId,
    })),
  };
}
