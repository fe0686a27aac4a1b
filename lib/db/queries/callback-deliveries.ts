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

/** Outcomes that mean the event was processed: a later delivery of the same webhook-id is a duplicate. */
export const CLAIMING_OUTCOMES = [
  "applied",
  "stale",
  "unknown-order",
] as const satisfies readonly CallbackOutcome[];

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

/** Stores a delivery as received, before anything is checked (DESIGN §4: raw first). */
export async function insertCallbackDelivery(
  sql: Sql,
  d: { id: string; headers: Record<string, string>; rawBody: string; webhookId: string | null },
): Promise<void> {
  await sql.query(
    `INSERT INTO callback_deliveries (id, webhook_id, headers, raw_body, verified, outcome)
     VALUES ($1, $2, $3::jsonb, $4, false, 'received')`,
    [d.id, d.webhookId, JSON.stringify(d.headers), d.rawBody],
  );
}

/** Records how a delivery was handled. */
export async function finishCallbackDelivery(
  sql: Sql,
  id: string,
  r: {
    verified: boolean;
    verificationError?: string | null;
    orderId?: string | null;
    status?: string | null;
    outcome: Exclude<CallbackOutcome, "received">;
  },
): Promise<void> {
  await sql.query(
    `UPDATE callback_deliveries
        SET verified = $2, verification_error = $3, order_id = $4, status = $5, outcome = $6
      WHERE id = $1`,
    [id, r.verified, r.verificationError ?? null, r.orderId ?? null, r.status ?? null, r.outcome],
  );
}

/**
 * Whether another delivery already processed this event. Callers hold the event's advisory lock
 * (lockCallbackEvent) so that concurrent deliveries of one event see each other.
 */
export async function isCallbackEventClaimed(
  sql: Sql,
  webhookId: string,
  exceptId: string,
): Promise<boolean> {
  const rows = await sql.query(
    `SELECT 1 FROM callback_deliveries
      WHERE webhook_id = $1 AND verified AND outcome IN ('applied', 'stale', 'unknown-order') AND id <> $2
      LIMIT 1`,
    [webhookId, exceptId],
  );
  return rows.length > 0;
}

/** Serialises the processing of one event id until the transaction ends. */
export async function lockCallbackEvent(sql: Sql, webhookId: string): Promise<void> {
  await sql.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7301))", [`callback:${webhookId}`]);
}

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
