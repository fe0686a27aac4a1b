/**
 * Orders of the dashboard (table `orders`): one function per query, the db handle first.
 *
 * Lifecycle written here (lib/orders/submit.ts drives it): insertOrder ("Submitting", before the service is
 * called) → recordSubmitSuccess (the service's answer) or recordSubmitFailure ("Submit failed" + last_error)
 * → claimOrderForResubmit (back to "Submitting" for a retry, only one caller wins) → ...
 * Every step that starts a send sets `submit_lease_until`; an order still "Submitting" past it was orphaned
 * by a process that died mid-call, and claimStaleSubmissions hands it to exactly one resumer.
 * Status changes by callback belong to the receiver (lib/db/queries/callback-deliveries.ts).
 */
import "server-only";
import type { BankDetails, Direction } from "@/lib/contract";
import { FINAL_STATUSES } from "@/lib/contract";
import type { Sql } from "@/lib/database";
import { SUBMIT_FAILED, SUBMITTING } from "@/lib/orders/local-status";

/** One order as the app reads it. `request` is as sent, with the card number masked (first six + last four). */
export interface Order {
  id: string;
  direction: Direction;
  paymentId: string;
  /** The service's order id, once it answered. */
  providerOrderId: string | null;
  paymentMethod: string;
  /** Requested amount, a two-decimal string ("1500.00"). */
  amount: string;
  /** The final amount the service returned (random cents), two-decimal string; null until it answered. */
  finalAmount: string | null;
  currency: string | null;
  country: string;
  /** "Submitting", "Submit failed", or the service's status ("In progress", "Success", ...). */
  status: string;
  request: Record<string, unknown>;
  response: Record<string, unknown> | null;
  bankDetails: BankDetails | null;
  expiresAt: Date | null;
  /** Public customer-page token (pay-ins only): /pay/<token>. */
  payToken: string | null;
  /** Problem details or transport error of the last failed attempt (PaymentApiErrorJson), null after success. */
  lastError: Record<string, unknown> | null;
  /** HTTP attempts made so far, over every submit and retry. */
  submitAttempts: number;
  /** While "Submitting": when the sending process must have answered by; past it the order is orphaned. */
  submitLeaseUntil: Date | null;
  clientEmail: string;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface OrderDbRow {
  id: string;
  direction: Direction;
  payment_id: string;
  provider_order_id: string | null;
  payment_method: string;
  amount: string;
  final_amount: string | null;
  currency: string | null;
  country: string;
  status: string;
  request: Record<string, unknown>;
  response: Record<string, unknown> | null;
  bank_details: BankDetails | null;
  expires_at: Date | null;
  pay_token: string | null;
  last_error: Record<string, unknown> | null;
  submit_attempts: number;
  submit_lease_until: Date | null;
  client_email: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Every column, for `SELECT ${ORDER_COLUMNS} FROM orders` (other query modules may reuse it with toOrder). */
export const ORDER_COLUMNS = `id, direction, payment_id, provider_order_id, payment_method, amount, final_amount,
  currency, country, status, request, response, bank_details, expires_at, pay_token, last_error,
  submit_attempts, submit_lease_until, client_email, created_by, created_at, updated_at`;

export function toOrder(row: OrderDbRow): Order {
  return {
    id: row.id,
    direction: row.direction,
    paymentId: row.payment_id,
    providerOrderId: row.provider_order_id,
    paymentMethod: row.payment_method,
    amount: row.amount,
    finalAmount: row.final_amount,
    currency: row.currency,
    country: row.country,
    status: row.status,
    request: row.request,
    response: row.response,
    bankDetails: row.bank_details,
    expiresAt: row.expires_at,
    payToken: row.pay_token,
    lastError: row.last_error,
    submitAttempts: row.submit_attempts,
    submitLeaseUntil: row.submit_lease_until,
    clientEmail: row.client_email,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface NewOrder {
  id: string;
  direction: Direction;
  paymentId: string;
  paymentMethod: string;
  /** Two-decimal string ("1500.00"). */
  amount: string;
  currency: string | null;
  country: string;
  /** The request as it will be sent, card number already masked. */
  request: Record<string, unknown>;
  clientEmail: string;
  createdBy: string | null;
  payToken: string | null;
  /** How long the send about to start may take (milliseconds): the lease on the "Submitting" order. */
  leaseMs: number;
}

/**
 * Inserts a new order with status "Submitting". When an order with the same (direction, paymentId) exists
 * (a double submit), nothing is written and that order is returned with `created: false`.
 */
export async function insertOrder(sql: Sql, o: NewOrder): Promise<{ order: Order; created: boolean }> {
  const rows = await sql.query<OrderDbRow>(
    `INSERT INTO orders (id, direction, payment_id, payment_method, amount, currency, country, status, request,
       client_email, created_by, pay_token, submit_lease_until)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now() + ${LEASE_FROM_MS("$13")})
     ON CONFLICT (direction, payment_id) DO NOTHING
     RETURNING ${ORDER_COLUMNS}`,
    [
      o.id,
      o.direction,
      o.paymentId,
      o.paymentMethod,
      o.amount,
      o.currency,
      o.country,
      SUBMITTING,
      JSON.stringify(o.request),
      o.clientEmail,
      o.createdBy,
      o.payToken,
      o.leaseMs,
    ],
  );
  const inserted = rows[0];
  if (inserted) return { order: toOrder(inserted), created: true };
  const existing = await getOrderByPaymentId(sql, o.direction, o.paymentId);
  if (!existing) throw new Error(`order ${o.direction}/${o.paymentId} conflicted but cannot be read`);
  return { order: existing, created: false };
}

export async function getOrderById(sql: Sql, id: string): Promise<Order | null> {
  if (!isUuid(id)) return null;
  const rows = await sql.query<OrderDbRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]);
  return rows[0] ? toOrder(rows[0]) : null;
}

export async function getOrderByPaymentId(
  sql: Sql,
  direction: Direction,
  paymentId: string,
): Promise<Order | null> {
  if (!isUuid(paymentId)) return null;
  const rows = await sql.query<OrderDbRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE direction = $1 AND payment_id = $2`,
    [direction, paymentId],
  );
  return rows[0] ? toOrder(rows[0]) : null;
}

/** The order the service knows by `providerOrderId` (a callback's `id`). */
export async function getOrderByProviderOrderId(sql: Sql, providerOrderId: string): Promise<Order | null> {
  if (!isUuid(providerOrderId)) return null;
  const rows = await sql.query<OrderDbRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE provider_order_id = $1`,
    [providerOrderId],
  );
  return rows[0] ? toOrder(rows[0]) : null;
}

/** `now() + <this>` is a lease of the milliseconds in parameter `param`. */
const LEASE_FROM_MS = (param: string) => `make_interval(secs => ${param}::double precision / 1000)`;

/**
 * An order "Submitting" whose lease has run out: its process died mid-call. (A row written before leases
 * existed counts from updated_at, with the 120 s the manual retry used to wait.)
 */
const LEASE_EXPIRED = `COALESCE(submit_lease_until, updated_at + interval '120 seconds') < now()`;

/** The columns that follow from the request: replaced together when a refused order is resubmitted. */
export type OrderRequestFields = Pick<
  NewOrder,
  "request" | "paymentMethod" | "amount" | "currency" | "country" | "clientEmail"
>;

/**
 * Moves a "Submit failed" order (or one orphaned in "Submitting": its lease ran out) back to "Submitting"
 * with a new lease of `leaseMs`, so that exactly one caller resubmits it — a human retry and the automatic
 * resume included (the row lock of the UPDATE decides; the loser sees the fresh lease). Returns the order
 * when this caller won, null otherwise. `replace`, when given, replaces the stored (masked) request and the
 * columns that follow from it (a refused order resubmitted from the form with corrected fields).
 */
export async function claimOrderForResubmit(
  sql: Sql,
  id: string,
  opts: { leaseMs: number; replace?: OrderRequestFields },
): Promise<Order | null> {
  const r = opts.replace;
  const rows = await sql.query<OrderDbRow>(
    `UPDATE orders
        SET status = $2, updated_at = now(), submit_lease_until = now() + ${LEASE_FROM_MS("$4")},
            request = COALESCE($5::jsonb, request),
            payment_method = COALESCE($6, payment_method),
            amount = COALESCE($7::numeric, amount),
            currency = CASE WHEN $5::jsonb IS NULL THEN currency ELSE $8 END,
            country = COALESCE($9, country),
            client_email = COALESCE($10, client_email)
      WHERE id = $1
        AND (status = $3 OR (status = $2 AND ${LEASE_EXPIRED}))
      RETURNING ${ORDER_COLUMNS}`,
    [
      id,
      SUBMITTING,
      SUBMIT_FAILED,
      opts.leaseMs,
      r ? JSON.stringify(r.request) : null,
      r?.paymentMethod ?? null,
      r?.amount ?? null,
      r?.currency ?? null,
      r?.country ?? null,
      r?.clientEmail ?? null,
    ],
  );
  return rows[0] ? toOrder(rows[0]) : null;
}

/**
 * Claims up to `limit` orphaned "Submitting" orders for resending, oldest lease first, renewing each lease
 * by `leaseMs`. Rows another instance is claiming right now are skipped (FOR UPDATE SKIP LOCKED), and the
 * renewed lease keeps every other claimer (another instance, a human retry) off until this one has answered.
 */
export async function claimStaleSubmissions(
  sql: Sql,
  opts: { leaseMs: number; limit: number },
): Promise<Order[]> {
  const rows = await sql.query<OrderDbRow>(
    // A materialised CTE, not `id IN (SELECT ... LIMIT)`: PostgreSQL may run such a subquery more than once
    // in one UPDATE, and LIMIT would then not bound the batch.
    `WITH picked AS MATERIALIZED (
       SELECT id FROM orders
        WHERE status = $1 AND ${LEASE_EXPIRED}
        ORDER BY submit_lease_until NULLS FIRST, id
        LIMIT $3
        FOR UPDATE SKIP LOCKED)
     UPDATE orders o
        SET submit_lease_until = now() + ${LEASE_FROM_MS("$2")}, updated_at = now()
       FROM picked
      WHERE o.id = picked.id AND o.status = $1
      RETURNING ${ORDER_COLUMNS.replace(/(^|,\s*)(\w+)/g, "$1o.$2")}`,
    [SUBMITTING, opts.leaseMs, opts.limit],
  );
  return rows.map(toOrder);
}

/** Milliseconds until the next "Submitting" lease runs out (0 when one already has), null when none is. */
export async function msUntilNextStaleSubmission(sql: Sql): Promise<number | null> {
  const rows = await sql.query<{ ms: number | null }>(
    `SELECT (EXTRACT(EPOCH FROM min(COALESCE(submit_lease_until, updated_at + interval '120 seconds')) - now())
             * 1000)::double precision AS ms
       FROM orders WHERE status = $1`,
    [SUBMITTING],
  );
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
}

export interface SubmitSuccess {
  providerOrderId: string;
  /** The service's status at creation ("In progress"). */
  status: string;
  response: Record<string, unknown>;
  bankDetails: BankDetails | null;
  expiresAt: Date | null;
  /** Two-decimal string, the amount the customer must pay (random cents included); null for pay-outs. */
  finalAmount: string | null;
  /** HTTP attempts this submit took. */
  attempts: number;
}

/**
 * Stores the service's answer. A callback may have arrived first and set a final status: that status is
 * kept (a final status never changes).
 */
export async function recordSubmitSuccess(sql: Sql, id: string, s: SubmitSuccess): Promise<Order | null> {
  const rows = await sql.query<OrderDbRow>(
    `UPDATE orders
        SET provider_order_id = $2,
            status = CASE WHEN status = ANY($3::text[]) THEN status ELSE $4 END,
            response = $5, bank_details = $6, expires_at = $7, final_amount = $8,
            last_error = NULL, submit_attempts = submit_attempts + $9, updated_at = now()
      WHERE id = $1
      RETURNING ${ORDER_COLUMNS}`,
    [
      id,
      s.providerOrderId,
      [...FINAL_STATUSES],
      s.status,
      JSON.stringify(s.response),
      s.bankDetails === null ? null : JSON.stringify(s.bankDetails),
      s.expiresAt,
      s.finalAmount,
      s.attempts,
    ],
  );
  return rows[0] ? toOrder(rows[0]) : null;
}

/** Marks the order "Submit failed" with the error of its last attempt (no card number may be in it). */
export async function recordSubmitFailure(
  sql: Sql,
  id: string,
  f: { lastError: Record<string, unknown>; attempts: number },
): Promise<Order | null> {
  const rows = await sql.query<OrderDbRow>(
    `UPDATE orders
        SET status = $2, last_error = $3, submit_attempts = submit_attempts + $4, updated_at = now()
      WHERE id = $1 AND status = $5
      RETURNING ${ORDER_COLUMNS}`,
    [id, SUBMIT_FAILED, JSON.stringify(f.lastError), f.attempts, SUBMITTING],
  );
  return rows[0] ? toOrder(rows[0]) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Malformed ids match nothing (and must not reach a uuid column, where PostgreSQL would raise). */
function isUuid(value: string): boolean {
  return UUID.test(value);
}
