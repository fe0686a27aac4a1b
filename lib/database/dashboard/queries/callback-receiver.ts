import "server-only";
import type { Sql } from "@/lib/database";
import type { CallbackOutcome } from "./callback-deliveries";

export interface StoredBody {
  rawBody: string;
  bytes: number;
  sha256: string;
}

/** A delivery as it arrived: what every stored delivery keeps. */
export interface ReceivedDelivery {
  id: string;
  /** The webhook-id header as sent. */
  webhookId: string | null;
  headers: Record<string, string>;
  body: StoredBody;
}

/** The stored columns of a delivery as it arrived, in the order the statements below take them. */
const receivedParams = (d: ReceivedDelivery) => [
  d.id,
  d.webhookId,
  JSON.stringify(d.headers),
  d.body.rawBody,
  d.body.bytes,
  d.body.sha256,
];

/** The one row a statement answers, or a fault naming the statement. */
function onlyRow<T>(rows: T[], statement: string): T {
  const row = rows[0];
  if (!row) throw new Error(`${statement} returned no row`);
  return row;
}

export interface SignedDelivery extends ReceivedDelivery {
  /** The event id the webhook-id names once verified (locked on). */
  eventId: string | null;
  providerOrderId: string;
  type: string;
  /** The callback's paymentId when it is a UUID (ours always are); null never matches an order. */
  paymentId: string | null;
  status: string;
  updatedAt: Date;
  finalStatuses: readonly string[];
}

export type SignedOutcome = Extract<CallbackOutcome, "applied" | "duplicate" | "stale" | "unknown-order">;

/**
 * Stores a verified, well-formed delivery whole and applies it, atomically, in one statement
 * (receive_signed_callback, migration 0003): nothing is applied without its raw delivery.
 */
export async function storeAndApplySignedCallback(
  sql: Sql,
  d: SignedDelivery,
): Promise<{ outcome: SignedOutcome; orderId: string | null }> {
  const rows = await sql.query<{ outcome: SignedOutcome; orderId: string | null }>(
    `SELECT r_outcome AS outcome, r_order_id AS "orderId"
       FROM receive_signed_callback($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13::text[])`,
    [
      d.id,
      d.webhookId,
      d.eventId,
      JSON.stringify(d.headers),
      d.body.rawBody,
      d.body.bytes,
      d.body.sha256,
      d.providerOrderId,
      d.type,
      d.paymentId,
      d.status,
      d.updatedAt,
      d.finalStatuses,
    ],
  );
  return onlyRow(rows, "receive_signed_callback");
}

/**
 * Stores and applies several verified deliveries in one statement and one transaction
 * (receive_signed_callbacks, migration 0009), in order, each deciding as if run alone after the ones
 * before it. Answers one result per delivery, in the same order. All or nothing: if it throws, none of
 * them was stored or applied.
 */
export async function storeAndApplySignedCallbacks(
  sql: Sql,
  ds: readonly SignedDelivery[],
  finalStatuses: readonly string[],
): Promise<{ outcome: SignedOutcome; orderId: string | null }[]> {
  const rows = await sql.query<{ index: number; outcome: SignedOutcome; orderId: string | null }>(
    `SELECT r_index AS index, r_outcome AS outcome, r_order_id AS "orderId"
       FROM receive_signed_callbacks($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::text[],
         $6::integer[], $7::text[], $8::uuid[], $9::text[], $10::uuid[], $11::text[], $12::timestamptz[],
         $13::text[])`,
    [
      ds.map((d) => d.id),
      ds.map((d) => d.webhookId),
      ds.map((d) => d.eventId),
      ds.map((d) => JSON.stringify(d.headers)),
      ds.map((d) => d.body.rawBody),
      ds.map((d) => d.body.bytes),
      ds.map((d) => d.body.sha256),
      ds.map((d) => d.providerOrderId),
      ds.map((d) => d.type),
      ds.map((d) => d.paymentId),
      ds.map((d) => d.status),
      ds.map((d) => d.updatedAt.toISOString()),
      finalStatuses,
    ],
  );
  const byIndex = new Array<(typeof rows)[number] | undefined>(ds.length);
  for (const row of rows) byIndex[row.index - 1] = row;
  return ds.map((_, i) => {
    const row = byIndex[i];
    if (!row) throw new Error(`receive_signed_callbacks returned no row for delivery ${i + 1}`);
    return { outcome: row.outcome, orderId: row.orderId };
  });
}

/** Stores a delivery as received, outcome "received", with nothing applied (the fallback when applying failed). */
export async function storeReceivedDelivery(sql: Sql, d: ReceivedDelivery): Promise<void> {
  await sql.query(
    `INSERT INTO callback_deliveries (id, webhook_id, headers, raw_body, body_bytes, body_sha256, verified, outcome)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, false, 'received')`,
    receivedParams(d),
  );
}

export interface UnverifiedDelivery extends ReceivedDelivery {
  /** A capped prefix of the body, with the whole body's size and hash. */
  body: StoredBody;
  verificationError: string;
  /** The service's order id the body claims, to link it on that order's timeline (display only). */
  claimedProviderOrderId: string | null;
  /** Rate-limit key of the sender, its window, and how many unverified posts a window may store. */
  sourceKey: string;
  windowStart: Date;
  limit: number;
}

/**
 * Counts an unverified post against its sender's window and, while the sender is within the limit, stores
 * it (bounded) in the same statement. Returns the count so far in the window and the stored id, if any.
 */
export async function storeUnverifiedDelivery(
  sql: Sql,
  d: UnverifiedDelivery,
): Promise<{ count: number; storedId: string | null }> {
  const rows = await sql.query<{ count: number; storedId: string | null }>(
    `WITH hit AS (
       INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         window_start = CASE WHEN rate_limits.window_start < EXCLUDED.window_start
                             THEN EXCLUDED.window_start ELSE rate_limits.window_start END,
         count = CASE WHEN rate_limits.window_start < EXCLUDED.window_start THEN 1 ELSE rate_limits.count + 1 END
       RETURNING count
     ), stored AS (
       INSERT INTO callback_deliveries
         (id, webhook_id, headers, raw_body, body_bytes, body_sha256, verified, verification_error, order_id, outcome)
       SELECT $4, $5, $6::jsonb, $7, $8, $9, false, $10,
              (SELECT o.id FROM orders o WHERE o.provider_order_id = $11::uuid), 'rejected'
         FROM hit WHERE hit.count <= $3
       RETURNING id
     )
     SELECT hit.count, (SELECT id FROM stored) AS "storedId" FROM hit`,
    [
      d.sourceKey,
      d.windowStart,
      d.limit,
      ...receivedParams(d),
      d.verificationError,
      d.claimedProviderOrderId,
    ],
  );
  return onlyRow(rows, "unverified delivery statement");
}

/**
 * Deletes unverified deliveries received before `before`, and the receiver's rate-limit windows that can
 * no longer refuse anyone. Verified deliveries are never purged here.
 */
export async function purgeUnverifiedDeliveries(
  sql: Sql,
  before: Date,
  rateLimitPrefix: string,
  staleWindowsBefore: Date,
): Promise<number> {
  const rows = await sql.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM callback_deliveries WHERE NOT verified AND outcome = 'rejected' AND received_at < $1 RETURNING 1
     ), windows AS (
       DELETE FROM rate_limits WHERE starts_with(key, $2) AND window_start < $3 RETURNING 1
     )
     SELECT (SELECT count(*) FROM gone)::int AS n, (SELECT count(*) FROM windows)::int AS w`,
    [before, rateLimitPrefix, staleWindowsBefore],
  );
  return rows[0]?.n ?? 0;
}

/** Stores a verified delivery whose body is not a valid callback, whole, outcome "invalid"; nothing applied. */
export async function storeInvalidDelivery(
  sql: Sql,
  d: ReceivedDelivery & { claimedProviderOrderId: string | null },
): Promise<void> {
  await sql.query(
    `INSERT INTO callback_deliveries
       (id, webhook_id, headers, raw_body, body_bytes, body_sha256, verified, order_id, outcome)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, true,
             (SELECT o.id FROM orders o WHERE o.provider_order_id = $7::uuid), 'invalid')`,
    [...receivedParams(d), d.claimedProviderOrderId],
  );
}
