/**
 * What the public pay page may read of an order, by its customer token: only the columns the customer
 * needs. Never the client's email, ip or name, the ids, or the request — of the paymentId, only the
 * page's order reference (its first 8 characters, as the orders list shows it) is ever shown.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { DashboardDatabase } from "@/lib/database/dashboard/schema";

/** A pay-in with details, by its customer token (a pay-out or an order without details has no page). */
function payPageOrders(sql: Sql, token: string) {
  return typed<DashboardDatabase>(sql)
    .selectFrom("orders")
    .where("payToken", "=", token)
    .where("direction", "=", "payin")
    .where("bankDetails", "is not", null);
}

/** The pay-in behind a customer token, or null (unknown token, a pay-out, or no details yet). */
export async function getPayPageOrder(sql: Sql, token: string) {
  const row = await payPageOrders(sql, token)
    .select([
      "paymentId",
      "paymentMethod",
      "amount",
      "finalAmount",
      "currency",
      "country",
      "status",
      "bankDetails",
      "expiresAt",
    ])
    .executeTakeFirst();
  return row ?? null;
}

export type PayPageOrderRow = NonNullable<Awaited<ReturnType<typeof getPayPageOrder>>>;

/** Status and deadline only, for the page's live-status polling. */
export async function getPayPageStatus(sql: Sql, token: string) {
  const row = await payPageOrders(sql, token).select(["status", "expiresAt"]).executeTakeFirst();
  return row ?? null;
}

/** What "I have paid" needs of the order behind a pay page (lib/cases/submit.ts); the id is never sent out. */
export async function getPayPageCaseOrder(sql: Sql, token: string) {
  const row = await payPageOrders(sql, token)
    .select(["id", "paymentId", "paymentMethod", "status"])
    .executeTakeFirst();
  return row ?? null;
}

/** The order id behind a pay page, for its event stream to pick that order's changes; never sent out. */
export async function getPayPageOrderId(sql: Sql, token: string): Promise<string | null> {
  const row = await payPageOrders(sql, token).select("id").executeTakeFirst();
  return row?.id ?? null;
}

export type PayPageStatusRow = NonNullable<Awaited<ReturnType<typeof getPayPageStatus>>>;
