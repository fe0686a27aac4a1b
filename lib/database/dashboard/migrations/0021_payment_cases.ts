import type { Migration } from "@/lib/database";

/**
 * "I have paid" cases (issue 18 §3; docs/guide.md, Payment cases; docs/security.md, The pay page):
 * - payment_cases: a customer's report, from the public pay page, that they paid an order this dashboard
 *   does not show as paid, with the receipt's reference. `state` 'open' → 'found' or 'not_found', closed
 *   by a staff member (`closed_by`) or, when the order turns Success, by the database itself (`closed_by`
 *   NULL). At most one open case per order (the partial unique index); after 'not_found' the customer may
 *   report again (a new row), after 'found' not.
 * - Every change of a case's state is announced on "order_status" (migration 0014) with the order's own
 *   id, status and updated_at, so the pay page's event stream asks for the new state at once.
 */
export const m0021PaymentCases: Migration = {
  id: "0021_payment_cases",
  sql: `
CREATE TABLE payment_cases (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  reference text NOT NULL CHECK (char_length(reference) BETWEEN 1 AND 64),
  note text CHECK (char_length(note) <= 300),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'found', 'not_found')),
  closed_by uuid REFERENCES users (id),
  closed_at timestamptz,
  staff_note text CHECK (char_length(staff_note) <= 500),
  CHECK ((state = 'open') = (closed_at IS NULL))
);
CREATE UNIQUE INDEX payment_cases_one_open ON payment_cases (order_id) WHERE state = 'open';
CREATE INDEX payment_cases_order ON payment_cases (order_id, submitted_at DESC);
CREATE INDEX payment_cases_recent ON payment_cases (submitted_at DESC, id DESC);
CREATE INDEX payment_cases_open ON payment_cases (submitted_at DESC) WHERE state = 'open';

CREATE FUNCTION close_cases_of_paid_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payment_cases SET state = 'found', closed_at = now()
    WHERE order_id = NEW.id AND state = 'open'
  ; RETURN NULL
; END $$;
CREATE TRIGGER orders_success_closes_cases AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (NEW.status = 'Success' AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION close_cases_of_paid_order();

CREATE FUNCTION notify_payment_case() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('order_status', json_build_object(
    'id', o.id, 'status', o.status, 'updatedAt', o.updated_at
  )::text) FROM orders o WHERE o.id = NEW.order_id
  ; RETURN NULL
; END $$;
CREATE TRIGGER payment_cases_notify AFTER INSERT OR UPDATE OF state ON payment_cases
  FOR EACH ROW EXECUTE FUNCTION notify_payment_case();
`,
};
