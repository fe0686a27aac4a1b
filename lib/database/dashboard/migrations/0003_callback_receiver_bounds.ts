import type { Migration } from "@/lib/database";

/**
 * The callback receiver, bounded and in one round trip (issue 8, owner: orders).
 * - body_bytes / body_sha256: the size and hash of the body as received. A delivery that fails
 *   verification keeps only a capped prefix of its body in raw_body; these two say what came whole.
 * - callback_deliveries_unverified_idx: the retention purge of unverified deliveries reads by age.
 * - receive_signed_callback(): a verified, well-formed delivery is stored whole AND applied in one
 *   statement, so the raw delivery is durable atomically with its effect (store-first) in one round trip.
 *   It is lib/postback/decide.ts's rule, in SQL: an event is processed once (advisory lock on the event id,
 *   then the claim check), the target is ours by the service's id with type and paymentId agreeing, else an
 *   unconfirmed order with that type and paymentId whose id is adopted; a final status never changes, a
 *   final beats a non-final, the newer updatedAt wins between non-final ones. The final statuses come from
 *   the caller (lib/contract), not from here.
 *
 * Statements inside the function start their lines with the semicolon, from when migrate() split scripts on
 * ";\n" (it now runs each script whole); the SQL is left as it was applied.
 */
export const m0003CallbackReceiverBounds: Migration = {
  id: "0003_callback_receiver_bounds",
  sql: `
ALTER TABLE callback_deliveries ADD COLUMN body_bytes integer, ADD COLUMN body_sha256 text;
CREATE INDEX callback_deliveries_unverified_idx ON callback_deliveries (received_at) WHERE NOT verified;
CREATE FUNCTION receive_signed_callback(
  p_id uuid, p_webhook_id text, p_event_id text, p_headers jsonb, p_raw_body text, p_body_bytes integer,
  p_body_sha256 text, p_provider_order_id uuid, p_type text, p_payment_id uuid, p_status text,
  p_updated_at timestamptz, p_final_statuses text[]
) RETURNS TABLE (r_outcome text, r_order_id uuid) LANGUAGE plpgsql AS $$
DECLARE
  o record
  ; v_outcome text
  ; v_order uuid
; BEGIN
  IF p_event_id IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('callback:' || p_event_id, 7301))
    ; IF EXISTS (
      SELECT 1 FROM callback_deliveries d
       WHERE d.webhook_id = p_event_id AND d.verified AND d.outcome IN ('applied', 'stale', 'unknown-order')
    ) THEN
      v_outcome := 'duplicate'
      ; SELECT ord.id, ord.direction, ord.payment_id INTO o
          FROM orders ord WHERE ord.provider_order_id = p_provider_order_id FOR UPDATE
      ; IF FOUND AND o.direction = p_type AND o.payment_id = p_payment_id THEN
        v_order := o.id
      ; END IF
    ; END IF
  ; END IF
  ; IF v_outcome IS NULL THEN
    SELECT ord.id, ord.direction, ord.payment_id, ord.status, ord.status_updated_at INTO o
      FROM orders ord WHERE ord.provider_order_id = p_provider_order_id FOR UPDATE
    ; IF FOUND THEN
      IF o.direction <> p_type OR p_payment_id IS NULL OR o.payment_id <> p_payment_id THEN
        v_outcome := 'unknown-order'
      ; END IF
    ; ELSIF p_payment_id IS NOT NULL THEN
      SELECT ord.id, ord.direction, ord.payment_id, ord.status, ord.status_updated_at INTO o
        FROM orders ord
       WHERE ord.direction = p_type AND ord.payment_id = p_payment_id AND ord.provider_order_id IS NULL
         FOR UPDATE
      ; IF FOUND THEN
        UPDATE orders SET provider_order_id = p_provider_order_id, updated_at = now() WHERE id = o.id
      ; ELSE
        v_outcome := 'unknown-order'
      ; END IF
    ; ELSE
      v_outcome := 'unknown-order'
    ; END IF
    ; IF v_outcome IS NULL THEN
      v_order := o.id
      ; v_outcome := CASE
          WHEN o.status = p_status THEN 'duplicate'
          WHEN o.status = ANY (p_final_statuses) THEN 'stale'
          WHEN p_status = ANY (p_final_statuses) THEN 'applied'
          WHEN o.status_updated_at IS NOT NULL AND p_updated_at <= o.status_updated_at THEN 'stale'
          ELSE 'applied'
        END
      ; IF v_outcome = 'applied' THEN
        UPDATE orders SET status = p_status, status_updated_at = p_updated_at, updated_at = now()
         WHERE id = o.id
      ; END IF
    ; END IF
  ; END IF
  ; INSERT INTO callback_deliveries
      (id, webhook_id, headers, raw_body, body_bytes, body_sha256, verified, order_id, status, outcome)
    VALUES
      (p_id, p_webhook_id, p_headers, p_raw_body, p_body_bytes, p_body_sha256, true, v_order, p_status, v_outcome)
  ; RETURN QUERY SELECT v_outcome, v_order
; END $$;
`,
};
