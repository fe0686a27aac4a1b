/** The durable callback queue and its attempt log. */
import type { Sql } from "@/lib/database";

export interface CallbackRow {
  id: string;
  order_id: string;
  client_id: string;
  url: string;
  status: string;
  body: string;
  state: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: Date;
  created_at: Date;
  finished_at: Date | null;
}

export interface AttemptRow {
  callback_id: string;
  attempt: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

export async function enqueueCallback(
  sql: Sql,
  c: { id: string; orderId: string; clientId: string; url: string; status: string; body: string; at: Date },
): Promise<void> {
  await sql.query(
    `INSERT INTO sandbox_callbacks (id, order_id, client_id, url, status, body, state, next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)`,
    [c.id, c.orderId, c.clientId, c.url, c.status, c.body, c.at],
  );
}

/**
 * Leases up to `limit` due callbacks until `leaseUntil`. SKIP LOCKED lets several sandbox instances share
 * one PostgreSQL queue; a lease that runs out (a crash mid-delivery) makes the callback due again.
 */
export async function claimDueCallbacks(
  sql: Sql,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<CallbackRow[]> {
  return sql.query<CallbackRow>(
    `UPDATE sandbox_callbacks SET locked_until = $2
     WHERE id IN (
       SELECT id FROM sandbox_callbacks
       WHERE state = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
       ORDER BY next_attempt_at
       LIMIT $3
       FOR UPDATE SKIP LOCKED)
     RETURNING *`,
    [now, leaseUntil, limit],
  );
}

export async function recordAttempt(
  sql: Sql,
  a: {
    id: string;
    callbackId: string;
    attempt: number;
    startedAt: Date;
    durationMs: number;
    statusCode: number | null;
    error: string | null;
  },
): Promise<void> {
  await sql.query(
    `INSERT INTO sandbox_callback_attempts (id, callback_id, attempt, started_at, duration_ms, status_code, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [a.id, a.callbackId, a.attempt, a.startedAt, a.durationMs, a.statusCode, a.error],
  );
}

/** After an attempt: delivered, failed for good, or due again at `nextAttemptAt`. */
export async function settleCallback(
  sql: Sql,
  id: string,
  attempts: number,
  outcome: { state: "delivered" | "failed"; at: Date } | { state: "pending"; nextAttemptAt: Date },
): Promise<void> {
  if (outcome.state === "pending") {
    await sql.query(
      "UPDATE sandbox_callbacks SET attempts = $2, next_attempt_at = $3, locked_until = NULL WHERE id = $1",
      [id, attempts, outcome.nextAttemptAt],
    );
  } else {
    await sql.query(
      "UPDATE sandbox_callbacks SET attempts = $2, state = $3, finished_at = $4, locked_until = NULL WHERE id = $1",
      [id, attempts, outcome.state, outcome.at],
    );
  }
}

export async function listCallbacksOfOrder(sql: Sql, orderId: string): Promise<CallbackRow[]> {
  return sql.query<CallbackRow>(
    "SELECT * FROM sandbox_callbacks WHERE order_id = $1 ORDER BY created_at, id",
    [orderId],
  );
}

export async function listAttemptsOfOrder(sql: Sql, orderId: string): Promise<AttemptRow[]> {
  return sql.query<AttemptRow>(
    `SELECT a.callback_id, a.attempt, a.started_at, a.duration_ms, a.status_code, a.error
     FROM sandbox_callback_attempts a JOIN sandbox_callbacks c ON c.id = a.callback_id
     WHERE c.order_id = $1 ORDER BY a.started_at, a.attempt`,
    [orderId],
  );
}
