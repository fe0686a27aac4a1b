import "server-only";
import type { Sql } from "@/lib/database";

/** Outcome of one callback delivery. "received" only while it is being processed. */
export type CallbackOutcome =
  | "received"
  | "applied"
  | "duplicate"
  | "stale"
  | "unknown-order"
  | "rejected"
  | "invalid";

export interface CallbackDeliveryRow {
  id: string;
  receivedAt: Date;
  webhookId: string | null;
  headers: Record<string, string>;
  rawBody: string;
  verified: boolean;
  verificationError: string | null;
  orderId: string | null;
  status: string | null;
  outcome: CallbackOutcome;
}

const COLUMNS = `id, received_at AS "receivedAt", webhook_id AS "webhookId", headers, raw_body AS "rawBody",
  verified, verification_error AS "verificationError", order_id AS "orderId", status, outcome`;

/** The timeline of an order: every delivery matched to it, oldest first. */
export async function listCallbackDeliveriesForOrder(
  sql: Sql,
  orderId: string,
): Promise<CallbackDeliveryRow[]> {
  return sql.query<CallbackDeliveryRow>(
    `SELECT ${COLUMNS} FROM callback_deliveries WHERE order_id = $1 ORDER BY received_at, id`,
    [orderId],
  );
}

export async function getCallbackDelivery(sql: Sql, id: string): Promise<CallbackDeliveryRow | undefined> {
  const rows = await sql.query<CallbackDeliveryRow>(
    `SELECT ${COLUMNS} FROM callback_deliveries WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** Most recent deliveries of any order (or none), newest first: the overview's receiver health. */
export async function listRecentCallbackDeliveries(sql: Sql, limit: number): Promise<CallbackDeliveryRow[]> {
  return sql.query<CallbackDeliveryRow>(
    `SELECT ${COLUMNS} FROM callback_deliveries ORDER BY received_at DESC, id DESC LIMIT $1`,
    [limit],
  );
}
