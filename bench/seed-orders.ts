/**
 * Seeds dashboard `orders` rows with plain SQL (INSERT … SELECT generate_series), fast enough for a million
 * rows. Row `n` (1-based) is deterministic apart from its ids: row 1 is the newest and each further row is
 * 30 s older, so seeding 1..1000 and later 1001..1000000 gives the same first pages plus a year of history.
 * Mix: a third pay-outs, seven methods, statuses mostly final; client emails "c" + 11 hex characters, one
 * client per row number modulo 200 000 (so client 777 has 1 order at 1k and 5 at 1M: seedEmailLocalPart).
 */
import { createHash } from "node:crypto";
import type { Sql } from "@/lib/database";

export interface SeedOptions {
  /** First and last row number, inclusive. */
  from: number;
  to: number;
  /** Timestamp of row 1. */
  newest: Date;
  /** Every row gets this status instead of the mix (e.g. "In progress" for callback targets). */
  status?: string;
}

export const SEED_EMAIL_CYCLE = 200_000;
const STEP_SECONDS = 30;

/** The local part of the email of client `k` (row numbers k, k + 200 000, …). */
export function seedEmailLocalPart(k: number): string {
  return `c${createHash("md5").update(String(k)).digest("hex").slice(0, 11)}`;
}

/** Inserts rows `from`..`to` in batches (one statement each, so PostgreSQL and PGlite both cope). */
export async function seedOrders(sql: Sql, opts: SeedOptions, batch = 100_000): Promise<void> {
  for (let start = opts.from; start <= opts.to; start += batch) {
    const end = Math.min(opts.to, start + batch - 1);
    await sql.query(
      `INSERT INTO orders (id, direction, payment_id, provider_order_id, payment_method, amount, final_amount,
         currency, country, status, request, response, client_email, pay_token, submit_attempts, created_at,
         updated_at)
       SELECT gen_random_uuid(), s.direction, s.payment_id, gen_random_uuid(), s.method, s.amount, s.amount,
         CASE WHEN s.method LIKE 'PIX%' THEN 'BRL' ELSE 'RUB' END,
         CASE WHEN s.method LIKE 'PIX%' THEN 'BR' ELSE 'RU' END,
         COALESCE($4::text, CASE
           WHEN s.n % 100 < 60 THEN 'Success' WHEN s.n % 100 < 80 THEN 'Failed'
           WHEN s.n % 100 < 90 THEN 'Expired' WHEN s.n % 100 < 98 THEN 'In progress' ELSE 'Submit failed' END),
         jsonb_build_object('paymentId', s.payment_id, 'paymentMethod', s.method, 'amount', s.amount,
           'client', jsonb_build_object('email', s.email, 'ip', '203.0.113.10', 'firstName', 'Ivan')),
         jsonb_build_object('status', 'In progress', 'amount', s.amount),
         s.email,
         CASE WHEN s.direction = 'payin' THEN md5('a' || s.n) || md5('b' || s.n) END,
         1, s.at, s.at
       FROM (
         SELECT n,
           CASE WHEN n % 3 = 0 THEN 'payout' ELSE 'payin' END AS direction,
           gen_random_uuid() AS payment_id,
           CASE WHEN n % 3 = 0
             THEN (ARRAY['Card','SBP','BankAccount','PIX_OUT_CPF','PIX_OUT_EVP','PIX_OUT_PHONE','SBP'])[1 + (n / 3) % 7]
             ELSE (ARRAY['Card','SBP','QRNSPK','PIX','CrossBorderCard','CrossBorderSBP','QRNSPKCrossBorder'])[1 + n % 7]
           END AS method,
           (100 + (n * 37) % 99900)::numeric(18, 2) AS amount,
           'c' || substr(md5((n % $3)::text), 1, 11) || '@' || (ARRAY['example.com', 'mail.test', 'inbox.test'])[1 + n % 3] AS email,
           $5::timestamptz - make_interval(secs => n * ${STEP_SECONDS}) AS at
         FROM generate_series($1::int, $2::int) AS n
       ) s`,
      [start, end, SEED_EMAIL_CYCLE, opts.status ?? null, opts.newest],
    );
  }
}

export interface CallbackTarget {
  providerOrderId: string;
  paymentId: string;
  direction: "payin" | "payout";
  paymentMethod: string;
  country: string;
  amount: number;
}

/** What a callback for each seeded order must carry to match it (the receiver checks type and paymentId). */
export async function callbackTargets(sql: Sql): Promise<CallbackTarget[]> {
  const rows = await sql.query<Omit<CallbackTarget, "amount"> & { amount: string }>(
    `SELECT provider_order_id AS "providerOrderId", payment_id AS "paymentId", direction,
       payment_method AS "paymentMethod", country, amount FROM orders WHERE provider_order_id IS NOT NULL`,
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/**
 * Runs `fn` (a bulk seed) with the orders table's secondary indexes and unique constraints dropped, then
 * recreates them from their own definitions: one sorted build per index instead of a million random
 * inserts into each. The primary key stays (other tables reference it).
 */
export async function withOrderIndexesDropped(db: Sql, fn: () => Promise<void>): Promise<void> {
  const constraints = await db.query<{ name: string; def: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE conrelid = 'orders'::regclass AND contype = 'u'`,
  );
  const indexes = await db.query<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = 'orders'::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
  );
  for (const c of constraints) await db.query(`ALTER TABLE orders DROP CONSTRAINT "${c.name}"`);
  for (const i of indexes) await db.query(`DROP INDEX "${i.name}"`);
  try {
    await fn();
  } finally {
    for (const c of constraints) await db.query(`ALTER TABLE orders ADD CONSTRAINT "${c.name}" ${c.def}`);
    for (const i of indexes) await db.query(i.def);
  }
}
