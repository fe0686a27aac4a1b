import type { Migration } from "@/lib/database";

/**
 * Insights rollups (issue 18): orders per UTC hour of creation and per dimension, kept by triggers the way
 * 0008 keeps the status counts, so the Insights queries read hours × dimensions, never the orders.
 * - A row's key: its creation hour (UTC), currency, direction, method, country, status, bank (bankName of
 *   its bank details, '' when none) and, for a Success, its time-to-pay bucket (-1 otherwise).
 *   `n` counts the orders, `amount` sums their final amount (the requested one until the service answers).
 * - Time to pay is `coalesce(status_updated_at, updated_at) - created_at`, put into fixed buckets
 *   (edges in seconds below; lib/insights/histogram.ts holds the same edges) so medians come from buckets.
 * - Every contribution is a pure function of the row, so inserts add, deletes subtract, and an update
 *   subtracts the old row and adds the new one per statement (transition tables: one GROUP BY per
 *   statement, nothing written when no key or amount changed). TRUNCATE clears it.
 * - Backfill after the triggers exist: CREATE TRIGGER locks out writers of orders until this commits.
 *
 * Statements inside the functions start their lines with the semicolon, from when migrate() split scripts on
 * ";\n" (it now runs each script whole); the SQL is left as it was applied.
 */
/** An order's rollup key (alias `o`), in the table's column order. */
const KEY = `date_trunc('hour', o.created_at, 'UTC'), coalesce(o.currency, ''), o.direction, o.payment_method,
        o.country, o.status, coalesce(o.bank_details ->> 'bankName', ''),
        order_pay_bucket(o.status, o.created_at, coalesce(o.status_updated_at, o.updated_at))`;
const AMOUNT = "coalesce(o.final_amount, o.amount)";
const COLUMNS = "hour, currency, direction, method, country, status, bank, pay_bucket";
const BY_KEY = "GROUP BY 1, 2, 3, 4, 5, 6, 7, 8";
/** Adds the selected (key, n, amount) rows to the rollup; rows in key order, so concurrent writers lock alike. */
const upsert = (select: string) => `INSERT INTO order_rollup_hourly AS r (${COLUMNS}, n, amount)
    ${select} ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (${COLUMNS}) DO UPDATE SET n = r.n + excluded.n, amount = r.amount + excluded.amount`;

export const m0022InsightsRollups: Migration = {
  id: "0022_insights_rollups",
  sql: `
CREATE TABLE order_rollup_hourly (
  hour timestamptz NOT NULL,
  currency text NOT NULL,
  direction text NOT NULL,
  method text NOT NULL,
  country text NOT NULL,
  status text NOT NULL,
  bank text NOT NULL,
  pay_bucket smallint NOT NULL,
  n bigint NOT NULL,
  amount numeric(20, 2) NOT NULL,
  PRIMARY KEY (${COLUMNS})
);
CREATE FUNCTION order_pay_bucket(status text, created timestamptz, paid timestamptz) RETURNS smallint
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = 'Success' THEN width_bucket(greatest(extract(epoch FROM paid - created), 0),
    ARRAY[0, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 43200, 86400]::numeric[]
  )::smallint - 1 ELSE -1 END
$$;
CREATE FUNCTION order_rollup_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${upsert(`SELECT ${KEY}, count(*), sum(${AMOUNT}) FROM inserted_orders o ${BY_KEY}`)}
  ; RETURN NULL
; END $$;
CREATE FUNCTION order_rollup_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${upsert(`SELECT ${KEY}, -count(*), -sum(${AMOUNT}) FROM deleted_orders o ${BY_KEY}`)}
  ; RETURN NULL
; END $$;
CREATE FUNCTION order_rollup_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${upsert(`SELECT d.k1, d.k2, d.k3, d.k4, d.k5, d.k6, d.k7, d.k8, sum(d.n), sum(d.amount)
      FROM (
        SELECT ${KEY}, -1 AS n, -${AMOUNT} AS amount FROM old_orders o
        UNION ALL
        SELECT ${KEY}, 1, ${AMOUNT} FROM new_orders o
      ) d (k1, k2, k3, k4, k5, k6, k7, k8, n, amount)
      ${BY_KEY} HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0`)}
  ; RETURN NULL
; END $$;
CREATE FUNCTION order_rollup_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_rollup_hourly
  ; RETURN NULL
; END $$;
CREATE TRIGGER orders_rollup_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS inserted_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollup_inserted();
CREATE TRIGGER orders_rollup_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS deleted_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollup_deleted();
CREATE TRIGGER orders_rollup_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollup_updated();
CREATE TRIGGER orders_rollup_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollup_truncated();
INSERT INTO order_rollup_hourly (${COLUMNS}, n, amount)
  SELECT ${KEY}, count(*), sum(${AMOUNT}) FROM orders o ${BY_KEY};
`,
};
