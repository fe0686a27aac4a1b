import "server-only";
import type { Sql } from "@/lib/database";

/** What the callback receiver needs of an order to decide whether a delivered status applies. */
export interface CallbackTargetOrder {
  id: string;
  direction: "payin" | "payout";
  paymentId: string;
  status: string;
  statusUpdatedAt: Date | null;
}

/**
 * The order the service knows by `providerOrderId`, locked until the transaction ends so that two
 * deliveries for one order apply one after the other.
 */
export async function lockOrderByProviderId(
  sql: Sql,
  providerOrderId: string,
): Promise<CallbackTargetOrder | undefined> {
  const rows = await sql.query<CallbackTargetOrder>(
    `SELECT id, direction, payment_id AS "paymentId", status, status_updated_at AS "statusUpdatedAt"
       FROM orders WHERE provider_order_id = $1 FOR UPDATE`,
    [providerOrderId],
  );
  return rows[0];
}

/**
 * An order of ours the service has not confirmed yet (no provider id stored: still "Submitting", or
 * "Submit failed" after a lost answer) with this direction and paymentId, locked like lockOrderByProviderId.
 */
export async function lockUnconfirmedOrder(
  sql: Sql,
  direction: string,
  paymentId: string,
): Promise<CallbackTargetOrder | undefined> {
  const rows = await sql.query<CallbackTargetOrder>(
    `SELECT id, direction, payment_id AS "paymentId", status, status_updated_at AS "statusUpdatedAt"
       FROM orders WHERE direction = $1 AND payment_id = $2 AND provider_order_id IS NULL FOR UPDATE`,
    [direction, paymentId],
  );
  return rows[0];
}

/** Records the service's id of an order learnt from its signed callback. */
export async function adoptProviderOrderId(
  sql: Sql,
  orderId: string,
  providerOrderId: string,
): Promise<void> {
  await sql.query("UPDATE orders SET provider_order_id = $2, updated_at = now() WHERE id = $1", [
    orderId,
    providerOrderId,
  ]);
}

/** Sets the status a callback carried, with the service's time of that status. */
export async function applyOrderStatus(
  sql: Sql,
  orderId: string,
  status: string,
  statusUpdatedAt: Date,
): Promise<void> {
  await sql.query("UPDATE orders SET status = $2, status_updated_at = $3, updated_at = now() WHERE id = $1", [
    orderId,
    status,
    statusUpdatedAt,
  ]);
}

/** The id of the order the service knows by `providerOrderId`, without locking (for the timeline only). */
export async function findOrderIdByProviderId(sql: Sql, providerOrderId: string): Promise<string | null> {
  const rows = await sql.query<{ id: string }>("SELECT id FROM orders WHERE provider_order_id = $1", [
    providerOrderId,
  ]);
  return rows[0]?.id ?? null;
}
