/**
 * A file's paymentIds against what the dashboard already has (issue 44 §4): a paymentId used by an order
 * or by another file's row is refused at preview and at submit, by row, so one id never names two pay-outs
 * (the service would answer the second with the first's order). The file alone cannot see this: ./file.ts
 * checks duplicates within it.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import { type PaymentIdUse, paymentIdsInUse } from "@/lib/database/dashboard/queries/payment-ids-in-use";
import { type ParsedBatch, type RowError, rowError } from "./file";

export function usedPaymentIdMessage(use: PaymentIdUse): string {
  return use.kind === "order"
    ? `paymentId already used by order ${use.orderId}: give this row a new one`
    : `paymentId already used by row ${use.rowNumber} of “${use.fileName}”: give this row a new one`;
}

/** The file with a row error for each row whose paymentId is in use (its rows then stay unsubmittable). */
export async function withUsedPaymentIdsRefused(sql: Sql, parsed: ParsedBatch): Promise<ParsedBatch> {
  const uses = await paymentIdsInUse(
    sql,
    parsed.requests.map((r) => r.paymentId),
    parsed.sha256,
  );
  if (uses.size === 0) return parsed;
  const refused: RowError[] = [];
  const requests = parsed.requests.filter((r) => {
    const use = uses.get(r.paymentId);
    if (use) refused.push(rowError(r.row, "paymentId", usedPaymentIdMessage(use)));
    return !use;
  });
  const errors = [...parsed.errors, ...refused].sort((a, b) => a.row - b.row);
  return { ...parsed, requests, validRows: requests.length, errors };
}
