/** A batch's status in words, as its pages and list show it. Plain module: safe in client components. */
import type { PayoutBatchStatus } from "@/lib/database/dashboard/schema";

/** Where a batch's rows are: handed to the payment service (sent), their orders final (settled). */
export interface BatchProgress {
  rowCount: number;
  /** Rows handed to the payment service (each has its order). */
  sent: number;
  /** Rows that will never be sent. */
  cancelled: number;
  /** Sent rows whose order is in a final status (SETTLED_STATUSES): nothing more will happen to them. */
  settled: number;
}

const STATUS_TEXT: Record<Exclude<PayoutBatchStatus, "done">, string> = {
  awaiting_approval: "Awaiting approval",
  sending: "Sending",
  rejected: "Rejected",
  cancelled: "Cancelled",
};

/**
 * "done" in the database means the sender has handed every row over; the orders may all still be In
 * progress then, so it reads "Sent" until each of them is final ("Settled").
 */
export function batchStatusText(status: PayoutBatchStatus, p: BatchProgress): string {
  if (status !== "done") return STATUS_TEXT[status];
  if (p.sent === 0) return "Nothing sent";
  return p.settled < p.sent ? "Sent" : "Settled";
}

/** Badge colours (app/globals.css keys them by data-status) for each word of batchStatusText. */
export function batchStatusTone(text: string): string {
  if (text === "Settled") return "Success";
  if (text === "Sent" || text === "Sending") return "In progress";
  return text;
}

/** Whether the batch may still change on its own (rows to send, orders to settle): its pages refresh. */
export function batchIsLive(status: PayoutBatchStatus, p: BatchProgress): boolean {
  return status === "awaiting_approval" || status === "sending" || (status === "done" && p.settled < p.sent);
}

/** `part` of `whole` in whole percent, rounded down: 100 % only when all of it is there. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.floor((part / whole) * 100) : 100;
}

/** "RUB 45000.00, BRL 100.50" */
export function totalsText(totals: Record<string, string>): string {
  return (
    Object.entries(totals)
      .map(([currency, amount]) => `${currency || "no currency"} ${amount}`)
      .join(", ") || "—"
  );
}
