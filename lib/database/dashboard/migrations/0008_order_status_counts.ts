import type { Migration } from "@/lib/database";

/**
 * Orders per status, kept by triggers, so the overview's counts cost the same at 1M orders as at 1k
 * (issue 10 §4; `count(*) … GROUP BY status` scanned every row).
 * - order_status_counts holds signed deltas per (status, slot); a status's count is the sum over its slots.
 *   Each change lands in the slot of the writing connection (backend pid mod 32), so concurrent writers of
 *   the same status do not queue on one hot row (its lock is held until commit, fsync included).
 * - Inserts and deletes are counted per statement from the transition table (one upsert per status, so a
 *   bulk insert of a million rows costs one GROUP BY); a status change per row, only when it changed.
 * - The counter changes commit or roll back with the order change itself: a reader sees counts that match
 *   the orders of its snapshot exactly. TRUNCATE clears them.
 * - Backfill: the trigger is created first and CREATE TRIGGER locks out writers of `orders` until this
 *   migration commits, so the count of existing rows and the triggers' deltas never overlap or miss.
 *
 * Statements inside the functions start their lines with the semicolon, from when migrate() split scripts on
 * ";\n" (it now runs each script whole); the SQL is left as it was applied.
 */
export const m0008OrderStatusCounts: Migration = {
  id: "0008_order_status_counts",
  sql: `
CREATE TABLE order_status_counts (
  status text NOT NULL,
  slot smallint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (status, slot)
);
CREATE FUNCTION order_status_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts AS c (status, slot, n)
    SELECT r.status, pg_backend_pid() % 32, count(*) FROM inserted_orders r GROUP BY r.status ORDER BY r.status
    ON CONFLICT (status, slot) DO UPDATE SET n = c.n + excluded.n
  ; RETURN NULL
; END $$;
CREATE FUNCTION order_status_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts AS c (status, slot, n)
    SELECT r.status, pg_backend_pid() % 32, -count(*) FROM deleted_orders r GROUP BY r.status ORDER BY r.status
    ON CONFLICT (status, slot) DO UPDATE SET n = c.n + excluded.n
  ; RETURN NULL
; END $$;
CREATE FUNCTION order_status_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts AS c (status, slot, n)
    VALUES (OLD.status, pg_backend_pid() % 32, -1), (NEW.status, pg_backend_pid() % 32, 1) ORDER BY 1
    ON CONFLICT (status, slot) DO UPDATE SET n = c.n + excluded.n
  ; RETURN NULL
; END $$;
CREATE FUNCTION order_status_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_counts
  ; RETURN NULL
; END $$;
CREATE TRIGGER orders_count_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS inserted_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_inserted();
CREATE TRIGGER orders_count_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS deleted_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_deleted();
CREATE TRIGGER orders_count_changed AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION order_status_counts_changed();
CREATE TRIGGER orders_count_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_truncated();
INSERT INTO order_status_counts (status, slot, n) SELECT status, 0, count(*) FROM orders GROUP BY status;
`,
};
