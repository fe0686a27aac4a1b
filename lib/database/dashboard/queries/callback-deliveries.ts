import "server-only";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { CallbackDeliveryRow, DashboardDatabase } from "@/lib/database/dashboard/schema";

export type { CallbackOutcome } from "@/lib/database/dashboard/schema";

/** A delivery as the order pages show it (not its size and digest). */
export type CallbackDelivery = Omit<CallbackDeliveryRow, "bodyBytes" | "bodySha256">;

const COLUMNS = [
  "id",
  "receivedAt",
  "webhookId",
  "headers",
  "rawBody",
  "verified",
  "verificationError",
  "orderId",
  "status",
  "outcome",
  "reapplyOf",
  "reappliedBy",
] as const satisfies readonly (keyof CallbackDelivery)[];

const deliveries = (sql: Sql) =>
  typed<DashboardDatabase>(sql).selectFrom("callbackDeliveries").select(COLUMNS);

/** The timeline of an order: every delivery matched to it, oldest first. */
export async function listCallbackDeliveriesForOrder(sql: Sql, orderId: string): Promise<CallbackDelivery[]> {
  return deliveries(sql).where("orderId", "=", orderId).orderBy("receivedAt").orderBy("id").execute();
}

export async function getCallbackDelivery(sql: Sql, id: string): Promise<CallbackDelivery | undefined> {
  return deliveries(sql).where("id", "=", id).executeTakeFirst();
}

/** Most recent deliveries of any order (or none), newest first: the overview's receiver health. */
export async function listRecentCallbackDeliveries(sql: Sql, limit: number): Promise<CallbackDelivery[]> {
  return deliveries(sql).orderBy("receivedAt", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** The re-applications of a delivery (Callbacks → Re-apply), oldest first. */
export async function listReapplicationsOf(sql: Sql, deliveryId: string): Promise<CallbackDelivery[]> {
  return deliveries(sql).where("reapplyOf", "=", deliveryId).orderBy("receivedAt").orderBy("id").execute();
}
