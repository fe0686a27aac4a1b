/** Queries on sandbox orders. One function per query, the db handle first, scoped by merchant account. */
import type { BankDetails, Direction } from "@/lib/contract";
import type { Sql } from "@/lib/database";

export interface OrderRow {
  id: string;
  client_id: string;
  direction: Direction;
  payment_id: string;
  request_hash: string;
  payment_method: string;
  country: string;
  currency: string | null;
  amount: string;
  final_amount: string;
  status: string;
  request: Record<string, unknown>;
  bank_details: BankDetails | null;
  postback_url: string | null;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewOrder {
  id: string;
  clientId: string;
  direction: Direction;
  paymentId: string;
  requestHash: string;
  paymentMethod: string;
  country: string;
  currency: string | undefined;
  amount: string;
  finalAmount: string;
  status: string;
  request: Record<string, unknown>;
  bankDetails: BankDetails | undefined;
  postbackUrl: string | undefined;
  expiresAt: Date | undefined;
  createdAt: Date;
}

/** Inserts unless (client, direction, paymentId) exists; true when this call created the order. */
export async function insertOrderIfNew(sql: Sql, o: NewOrder): Promise<boolean> {
  const rows = await sql.query<{ id: string }>(
    `INSERT INTO sandbox_orders (id, client_id, direction, payment_id, request_hash, payment_method, country,
       currency, amount, final_amount, status, request, bank_details, postback_url, expires_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)
     ON CONFLICT (client_id, direction, payment_id) DO NOTHING
     RETURNING id`,
    [
      o.id,
      o.clientId,
      o.direction,
      o.paymentId,
      o.requestHash,
      o.paymentMethod,
      o.country,
      o.currency ?? null,
      o.amount,
      o.finalAmount,
      o.status,
      JSON.stringify(o.request),
      o.bankDetails === undefined ? null : JSON.stringify(o.bankDetails),
      o.postbackUrl ?? null,
      o.expiresAt ?? null,
      o.createdAt,
    ],
  );
  return rows.length > 0;
}

export async function findOrderByPaymentId(
  sql: Sql,
  clientId: string,
  direction: Direction,
  paymentId: string,
): Promise<OrderRow | undefined> {
  const rows = await sql.query<OrderRow>(
    "SELECT * FROM sandbox_orders WHERE client_id = $1 AND direction = $2 AND payment_id = $3",
    [clientId, direction, paymentId],
  );
  return rows[0];
}

export async function findOrder(sql: Sql, clientId: string, id: string): Promise<OrderRow | undefined> {
  const rows = await sql.query<OrderRow>("SELECT * FROM sandbox_orders WHERE client_id = $1 AND id = $2", [
    clientId,
    id,
  ]);
  return rows[0];
}

/** Moves an "In progress" order to a final status; undefined when it is final already (never changes). */
export async function finishOrder(
  sql: Sql,
  id: string,
  status: string,
  at: Date,
): Promise<OrderRow | undefined> {
  const rows = await sql.query<OrderRow>(
    `UPDATE sandbox_orders SET status = $2, updated_at = $3
     WHERE id = $1 AND status = 'In progress' RETURNING *`,
    [id, status, at],
  );
  return rows[0];
}

/** Ids of pay-ins whose details expired unpaid. */
export async function findExpiredPayins(sql: Sql, now: Date, limit: number): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `SELECT id FROM sandbox_orders
     WHERE direction = 'payin' AND status = 'In progress' AND expires_at <= $1
     ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

export async function listRecentOrders(sql: Sql, clientId: string, limit: number): Promise<OrderRow[]> {
  return sql.query<OrderRow>(
    "SELECT * FROM sandbox_orders WHERE client_id = $1 ORDER BY created_at DESC, id LIMIT $2",
    [clientId, limit],
  );
}
