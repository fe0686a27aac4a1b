import type { Migration } from "@/lib/database";

/**
 * Insights rollups at four spans (issue 18 §1, replacing 0022's hourly table): the orders per UTC hour,
 * 6 hours, day and week (from Monday) of creation, so a range reads a few coarse rows plus the hours at its
 * edges instead of every hour (lib/insights/cover.ts decomposes a range; docs/architecture.md, Insights
 * rollups, says why this is exact in every zone).
 * - `order_rollup`: 0022's key (currency, direction, method, country, status, bank, time-to-pay bucket)
 *   plus the pay-out failure reason (order_failure_reason below, '' for anything else), per span and start.
 * - `order_series`: what the time series needs only (orders and Success volume per currency), so a chart's
 *   points read a few rows each. All writers of one currency would meet on its row, so each change lands in
 *   the writing connection's slot (backend pid mod 8), as 0008 does for the status counts.
 * - As in 0022, every contribution is a pure function of the order row (the slot aside, which only spreads
 *   a sum): inserts add, deletes subtract, an update subtracts the old row and adds the new one, per
 *   statement from transition tables. Rows are upserted in key order so concurrent writers lock alike.
 * - Backfill after the triggers exist (CREATE TRIGGER locks out writers of orders until this commits).
 *
 * Statements inside the functions start their lines with the semicolon, from when migrate() split scripts on
 * ";\n" (it now runs each script whole); the SQL is left as it was applied.
 */
export const SPANS = `(VALUES ('hour', interval '1 hour'), ('6h', interval '6 hours'), ('day', interval '1 day'),
  ('week', interval '7 days')) AS s (span, width)`;
/** The piece of span `s` an order falls in: UTC-aligned, weeks from a Monday (as date_trunc('week') counts). */
const START = "date_bin(s.width, o.created_at, timestamptz '1970-01-05 00:00:00Z')";
/** An order's rollup key (alias `o`, span `s`) with its bank as `bank`, in the table's column order after `span`. */
export const rollupKey = (bank: string) => `s.span, ${START}, coalesce(o.currency, ''), o.direction,
        o.payment_method, o.country, o.status, ${bank},
        order_pay_bucket(o.status, o.created_at, coalesce(o.status_updated_at, o.updated_at)),
        order_failure_reason(o.direction, o.status, o.last_error)`;
const KEY = rollupKey("coalesce(o.bank_details ->> 'bankName', '')");
export const AMOUNT = "coalesce(o.final_amount, o.amount)";
export const COLUMNS = "span, start, currency, direction, method, country, status, bank, pay_bucket, reason";
export const BY_KEY = "GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10";
const upsert = (select: string) => `INSERT INTO order_rollup AS r (${COLUMNS}, n, amount)
    ${select} ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (${COLUMNS}) DO UPDATE SET n = r.n + excluded.n, amount = r.amount + excluded.amount`;

const SERIES_KEY = `s.span AS span, ${START} AS start, coalesce(o.currency, '') AS currency`;
const SUCCESS = `CASE WHEN o.status = 'Success' THEN ${AMOUNT} ELSE 0 END`;
const seriesUpsert = (
  select: string,
) => `INSERT INTO order_series AS r (span, start, currency, slot, n, volume)
    SELECT d.span, d.start, d.currency, pg_backend_pid() % 8, d.n, d.volume FROM (${select}) d
    ORDER BY 1, 2, 3
    ON CONFLICT (span, start, currency, slot) DO UPDATE SET n = r.n + excluded.n, volume = r.volume + excluded.volume`;

/**
 * The functions that add an inserted, deleted or updated order to the rollups under `key` (an order's rollup
 * key, as KEY). Migration 0029 replaces them with a key that gives a pay-out its bank.
 */
export const rollupFunctions = (
  key: string,
  create = "CREATE",
) => `${create} FUNCTION order_rollup_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${upsert(`SELECT ${key}, count(*), sum(${AMOUNT}) FROM inserted_orders o CROSS JOIN ${SPANS} ${BY_KEY}`)}
  ; ${seriesUpsert(`SELECT ${SERIES_KEY}, count(*) AS n, sum(${SUCCESS}) AS volume
      FROM inserted_orders o CROSS JOIN ${SPANS} GROUP BY 1, 2, 3`)}
  ; RETURN NULL
; END $$;
${create} FUNCTION order_rollup_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${upsert(`SELECT ${key}, -count(*), -sum(${AMOUNT}) FROM deleted_orders o CROSS JOIN ${SPANS} ${BY_KEY}`)}
  ; ${seriesUpsert(`SELECT ${SERIES_KEY}, -count(*) AS n, -sum(${SUCCESS}) AS volume
      FROM deleted_orders o CROSS JOIN ${SPANS} GROUP BY 1, 2, 3`)}
  ; RETURN NULL
; END $$;
${create} FUNCTION order_rollup_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${upsert(`SELECT d.k1, d.k2, d.k3, d.k4, d.k5, d.k6, d.k7, d.k8, d.k9, d.k10, sum(d.n), sum(d.amount)
      FROM (
        SELECT ${key}, -1 AS n, -${AMOUNT} AS amount FROM old_orders o CROSS JOIN ${SPANS}
        UNION ALL
        SELECT ${key}, 1, ${AMOUNT} FROM new_orders o CROSS JOIN ${SPANS}
      ) d (k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, n, amount)
      ${BY_KEY} HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0`)}
  ; ${seriesUpsert(`SELECT c.span, c.start, c.currency, sum(c.n) AS n, sum(c.volume) AS volume
      FROM (
        SELECT ${SERIES_KEY}, -1, -${SUCCESS} FROM old_orders o CROSS JOIN ${SPANS}
        UNION ALL
        SELECT ${SERIES_KEY}, 1, ${SUCCESS} FROM new_orders o CROSS JOIN ${SPANS}
      ) c (span, start, currency, n, volume)
      GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0 OR sum(c.volume) <> 0`)}
  ; RETURN NULL
; END $$;
`;

export const m0025InsightsSpans: Migration = {
  id: "0025_insights_spans",
  sql: `
DROP TRIGGER orders_rollup_inserted ON orders;
DROP TRIGGER orders_rollup_deleted ON orders;
DROP TRIGGER orders_rollup_updated ON orders;
DROP TRIGGER orders_rollup_truncated ON orders;
DROP FUNCTION order_rollup_inserted();
DROP FUNCTION order_rollup_deleted();
DROP FUNCTION order_rollup_updated();
DROP FUNCTION order_rollup_truncated();
DROP TABLE order_rollup_hourly;
CREATE TABLE order_rollup (
  span text NOT NULL CHECK (span IN ('hour', '6h', 'day', 'week')),
  start timestamptz NOT NULL,
  currency text NOT NULL,
  direction text NOT NULL,
  method text NOT NULL,
  country text NOT NULL,
  status text NOT NULL,
  bank text NOT NULL,
  pay_bucket smallint NOT NULL,
  reason text NOT NULL,
  n bigint NOT NULL,
  amount numeric(20, 2) NOT NULL,
  PRIMARY KEY (start, span, currency, direction, method, country, status, bank, pay_bucket, reason)
);
CREATE TABLE order_series (
  span text NOT NULL CHECK (span IN ('hour', '6h', 'day', 'week')),
  start timestamptz NOT NULL,
  currency text NOT NULL,
  slot smallint NOT NULL,
  n bigint NOT NULL,
  volume numeric(20, 2) NOT NULL,
  PRIMARY KEY (start, span, currency, slot)
);
CREATE FUNCTION order_failure_reason(direction text, status text, last_error jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN direction <> 'payout' THEN ''
    WHEN status = 'Failed' THEN 'Failed at the payment service (no reason given)'
    WHEN status = 'Rejected' THEN 'Rejected by an approver'
    WHEN status IN ('Refused', 'Submit failed') THEN status || ': ' || left(coalesce(
      last_error -> 'problem' ->> 'title',
      CASE last_error ->> 'kind' WHEN 'timeout' THEN 'no answer in time' WHEN 'network' THEN 'network error'
        WHEN 'contract' THEN 'unexpected answer' ELSE NULL END,
      'internal error'), 80)
    ELSE '' END
$$;
${rollupFunctions(KEY)}CREATE FUNCTION order_rollup_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_rollup
  ; DELETE FROM order_series
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
INSERT INTO order_rollup (${COLUMNS}, n, amount)
  SELECT ${KEY}, count(*), sum(${AMOUNT}) FROM orders o CROSS JOIN ${SPANS} ${BY_KEY};
INSERT INTO order_series (span, start, currency, slot, n, volume)
  SELECT ${SERIES_KEY}, 0, count(*), sum(${SUCCESS}) FROM orders o CROSS JOIN ${SPANS} GROUP BY 1, 2, 3;
`,
};
