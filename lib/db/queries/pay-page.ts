/**
 * What the public pay page may read of an order, by its customer token: only the columns the customer
 * needs. Never the client's email, ip or name, the ids, or the request — of the paymentId, only the
 * page's order reference (its first 8 characters, as the orders list shows it) is ever shown.
 */
import "server-only";
import type { Sql } from "@/lib/database";

export interface PayPageOrderRow {
  payment_id: string;
  payment_method: string;
  amount: string;
  final_amount: string | null;
  currency: string | null;
  country: string;
  status: string;
  bank_details: unknown;
  expires_at: Date | null;
}

/** The pay-in behind a customer token, or null (unknown token, a pay-out, or no details yet). */
export async function getPayPageOrder(sql: Sql, token: string): Promise<PayPageOrderRow | null> {
  const rows = await sql.query<PayPageOrderRow>(
    `SELECT payment_id::text AS payment_id, payment_method, amount::text AS amount, final_amount::text AS final_amount, currency, country,
            status, bank_details, expires_at
       FROM orders
      WHERE pay_token = $1 AND direction = 'payin' AND bank_details IS NOT NULL`,
    [token],
  );
  return rows[0] ?? null;
}

export interface PayPageStatusRow {
  status: string;
  expires_at: Date | null;
}

/** Status and deadline only, for the page's live-status polling. */
export async function getPayPageStatus(sql: Sql, token: string): Promise<PayPageStatusRow | null> {
  const rows = await sql.query<PayPageStatusRow>(
    `SELECT status, expires_at FROM orders
      WHERE pay_token = $1 AND direction = 'payin' AND bank_details IS NOT NULL`,
    [token],
  );
  return rows[0] ?? null;
}
