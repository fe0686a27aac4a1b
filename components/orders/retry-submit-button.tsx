import { RetryOrderForm } from "@/components/forms/retry-order-form";
import type { OrderRow } from "@/lib/database/dashboard/queries/orders";

/**
 * The order page's retry for an order the payment service has not accepted ("Submit failed"): it resends
 * the stored request with the same paymentId (retryOrderAction). Server component; pass the order.
 */
export function RetrySubmitButton({ order }: { order: Pick<OrderRow, "id" | "direction" | "request"> }) {
  const details = order.request.payoutDetails;
  const masked =
    order.direction === "payout" && typeof details === "object" && details !== null && "ccNo" in details
      ? String((details as { ccNo: unknown }).ccNo)
      : null;
  return <RetryOrderForm orderId={order.id} cardMask={masked} />;
}
