import type { Migration } from "@/lib/database";

/**
 * Live status (issue 10 §4): every change of an order's status is announced on the channel
 * "order_status" with {"id","status","updatedAt"}, delivered when its transaction commits, to every
 * instance listening on the database (PostgreSQL's LISTEN/NOTIFY; PGlite's own listen on one instance).
 * lib/live/order-status-feed.ts listens and pushes it to the open pages.
 */
export const m0014OrderStatusNotify: Migration = {
  id: "0014_order_status_notify",
  sql: `
CREATE FUNCTION notify_order_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('order_status', json_build_object(
    'id', NEW.id, 'status', NEW.status, 'updatedAt', NEW.updated_at
  )::text)
  ; RETURN NULL
; END $$;
CREATE TRIGGER orders_status_notify AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_order_status();
`,
};
