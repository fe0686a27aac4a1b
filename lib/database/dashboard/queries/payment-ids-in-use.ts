import "server-only";
import { sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { DashboardDatabase } from "@/lib/database/dashboard/schema";

/** Where a pay-out paymentId is already used: by an order, or by a row of another file. */
export type PaymentIdUse =
  | { paymentId: string; kind: "order"; orderId: string }
  | { paymentId: string; kind: "file"; batchId: string; fileName: string; rowNumber: number };

/**
 * Of `paymentIds`, those a pay-out order has, or a row of another file that may still become one (a file
 * not rejected or cancelled as a whole, a row not cancelled). `exceptFileSha256`: rows of files with that
 * hash are not counted (the same file, whose derived ids are its own). One use per id, an order first.
 */
export async function paymentIdsInUse(
  sql: Sql,
  paymentIds: readonly string[],
  exceptFileSha256: string,
): Promise<Map<string, PaymentIdUse>> {
  const uses = new Map<string, PaymentIdUse>();
  if (paymentIds.length === 0) return uses;
  const ids = raw`${[...paymentIds]}::uuid[]`;
  const k = typed<DashboardDatabase>(sql);
  const orders = await k
    .selectFrom("orders")
    .select(["paymentId", "id"])
    .where("direction", "=", "payout")
    .where(raw<boolean>`payment_id = ANY(${ids})`)
    .execute();
  for (const o of orders) uses.set(o.paymentId, { paymentId: o.paymentId, kind: "order", orderId: o.id });
  const rows = await k
    .selectFrom("payoutBatchRows as r")
    .innerJoin("payoutBatches as b", "b.id", "r.batchId")
    .select(["r.paymentId", "r.batchId", "r.rowNumber", "b.fileName"])
    .where(raw<boolean>`r.payment_id = ANY(${ids})`)
    .where("r.state", "!=", "cancelled")
    .where("b.status", "not in", ["rejected", "cancelled"])
    .where("b.fileSha256", "!=", exceptFileSha256)
    .orderBy("r.batchId")
    .orderBy("r.rowNumber")
    .execute();
  for (const r of rows) {
    if (uses.has(r.paymentId)) continue;
    uses.set(r.paymentId, {
      paymentId: r.paymentId,
      kind: "file",
      batchId: r.batchId,
      fileName: r.fileName,
      rowNumber: r.rowNumber,
    });
  }
  return uses;
}
