import type { OrderRow } from "@/lib/database/dashboard/queries/orders";

/** What an audit line names about the order it concerns (the activity log reads these). */
export function orderAuditDetails(
  order: Pick<OrderRow, "direction" | "paymentMethod" | "paymentId" | "amount">,
) {
  return {
    direction: order.direction,
    paymentMethod: order.paymentMethod,
    paymentId: order.paymentId,
    amount: order.amount,
  };
}
