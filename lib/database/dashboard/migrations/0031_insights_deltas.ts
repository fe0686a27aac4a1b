import type { Migration } from "@/lib/database";

/**
 * Insights rollups without a row every writer updates (issue 45): 0025's triggers upserted the same
 * `order_rollup` / `order_series` rows (one per span, start, currency, status…) in every order write, so
 * concurrent writers of one hour queued on those row locks until commit, and on PostgreSQL the callback
 * receiver ran at 0.05–0.16× the empty route. Now:
 * - Each statement on `orders` appends its net change per UTC hour and key to `order_rollup_delta` (an
 *   INSERT of new rows: nothing another transaction holds), computed from the transition tables as 0025 did.
 * - One fold at a time (lib/insights/fold.ts with queries/insights-fold.ts, claimed by locking `order_rollup_fold`'s row with SKIP
 *   LOCKED) deletes the committed deltas and adds them to the four spans of `order_rollup` and to
 *   `order_series` (slot 0), in one transaction: a fold that dies changes nothing.
 * - Reads add the pending deltas to the folded spans in the same statement (one snapshot), so a delta is
 *   counted exactly once whether it was folded yet or not.
 * - TRUNCATE clears the spans and the deltas. The spans are built again from the orders, with a pay-out's
 *   bank from its request (below).
 * 0008's status counters are left as they were (slots by backend pid).
 */
/**
 * An order's bank: a pay-in's from the bank details the service answered with, a pay-out's from the bankId its
 * request names (`bankId:<id>`, named from the bank directory when read: lib/insights/bank-names.ts). 0025 keyed
 * every pay-out under no bank, so "Success rate by bank" showed "—" for pay-outs that all named one (issue 43 §4).
 */
const BANK = `coalesce(o.bank_details ->> 'bankName', 'bankId:' || (o.request ->> 'bankId'), '')`;
/** The rest of an order's key after its time and currency (alias `o`). */
const TAIL = `o.direction, o.payment_method, o.country, o.status, ${BANK},
        order_pay_bucket(o.status, o.created_at, coalesce(o.status_updated_at, o.updated_at)),
        order_failure_reason(o.direction, o.status, o.last_error)`;
/** An order's delta key (alias `o`), in the table's column order. */
const KEY = `date_trunc('hour', o.created_at, 'UTC'), coalesce(o.currency, ''), ${TAIL}`;
/** 0025's spans, to build them again with the pay-outs' banks. */
const SPANS = `(VALUES ('hour', interval '1 hour'), ('6h', interval '6 hours'), ('day', interval '1 day'),
  ('week', interval '7 days')) AS s (span, width)`;
const SPAN_KEY = `s.span, date_bin(s.width, o.created_at, timestamptz '1970-01-05 00:00:00Z'),
        coalesce(o.currency, ''), ${TAIL}`;
const AMOUNT = "coalesce(o.final_amount, o.amount)";
const COLUMNS = "hour, currency, direction, method, country, status, bank, pay_bucket, reason";
const BY_KEY = "GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9";
const append = (select: string) => `INSERT INTO order_rollup_delta (${COLUMNS}, n, amount) ${select}`;

export const m0031InsightsDeltas: Migration = {
  id: "0031_insights_deltas",
  sql: `
CREATE TABLE order_rollup_delta (
  hour timestamptz NOT NULL,
  currency text NOT NULL,
  direction text NOT NULL,
  method text NOT NULL,
  country text NOT NULL,
  status text NOT NULL,
  bank text NOT NULL,
  pay_bucket smallint NOT NULL,
  reason text NOT NULL,
  n bigint NOT NULL,
  amount numeric(20, 2) NOT NULL
);
CREATE INDEX order_rollup_delta_hour ON order_rollup_delta (hour);
CREATE TABLE order_rollup_fold (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  folded_at timestamptz
);
INSERT INTO order_rollup_fold (one) VALUES (true);
CREATE OR REPLACE FUNCTION order_rollup_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${append(`SELECT ${KEY}, count(*), sum(${AMOUNT}) FROM inserted_orders o ${BY_KEY}`)};
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION order_rollup_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${append(`SELECT ${KEY}, -count(*), -sum(${AMOUNT}) FROM deleted_orders o ${BY_KEY}`)};
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION order_rollup_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${append(`SELECT d.k1, d.k2, d.k3, d.k4, d.k5, d.k6, d.k7, d.k8, d.k9, sum(d.n), sum(d.amount)
      FROM (
        SELECT ${KEY}, -1 AS n, -${AMOUNT} AS amount FROM old_orders o
        UNION ALL
        SELECT ${KEY}, 1, ${AMOUNT} FROM new_orders o
      ) d (k1, k2, k3, k4, k5, k6, k7, k8, k9, n, amount)
      ${BY_KEY} HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0`)};
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION order_rollup_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_rollup;
  DELETE FROM order_series;
  DELETE FROM order_rollup_delta;
  RETURN NULL;
END $$;-- The spans again, each pay-out under its bank. Writers of orders wait meanwhile (the functions above are
-- theirs from here on), so no change slips between the rebuild and the first delta.
LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE;
DELETE FROM order_rollup;
INSERT INTO order_rollup (span, start, currency, direction, method, country, status, bank, pay_bucket, reason, n, amount)
  SELECT ${SPAN_KEY}, count(*), sum(${AMOUNT}) FROM orders o CROSS JOIN ${SPANS}
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
`,
};
