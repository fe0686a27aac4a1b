/** CSV (RFC 4180) with spreadsheet formula injection neutralised, and the orders export's record. Pure. */
import type { OrderListRow } from "@/lib/database/dashboard/queries/order-list";

/** Cells a spreadsheet would run as a formula start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  let text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF line end. */
export function csvLine(values: readonly (string | number | Date | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** The orders export's columns: the list's, with the order's stored currency. */
export const ORDER_CSV_HEADER = [
  "created_at",
  "order_id",
  "payment_id",
  "provider_order_id",
  "direction",
  "payment_method",
  "amount",
  "final_amount",
  "currency",
  "country",
  "status",
  "client_email",
  "updated_at",
];

export function orderCsvRecord(r: OrderListRow): string {
  return csvLine([
    r.createdAt,
    r.id,
    r.paymentId,
    r.providerOrderId,
    r.direction,
    r.paymentMethod,
    r.amount,
    r.finalAmount,
    r.currency,
    r.country,
    r.status,
    r.clientEmail,
    r.updatedAt,
  ]);
}
