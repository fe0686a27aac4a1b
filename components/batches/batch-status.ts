/** A batch's status in words, as its pages and list show it. Plain module: safe in client components. */
import type { PayoutBatchStatus } from "@/lib/database/dashboard/schema";

export const BATCH_STATUS_TEXT: Record<PayoutBatchStatus, string> = {
  awaiting_approval: "Awaiting approval",
  sending: "Sending",
  done: "Done",
  rejected: "Rejected",
  cancelled: "Cancelled",
};

/** "RUB 45000.00, BRL 100.50" */
export function totalsText(totals: Record<string, string>): string {
  return (
    Object.entries(totals)
      .map(([currency, amount]) => `${currency || "no currency"} ${amount}`)
      .join(", ") || "—"
  );
}
