import type { Migration } from "@/lib/database";

/**
 * Group commit for the callback receiver (issue 8 item 9, owner: orders). receive_signed_callbacks() runs
 * receive_signed_callback() (migration 0003) for each delivery of a batch, in order, in ONE statement and
 * so one transaction: concurrent deliveries share one round trip and one commit. Each call sees the
 * effects of the ones before it (a volatile function's statements take fresh snapshots), so a batch
 * decides exactly as the same deliveries would one after another. Arrays, one element per delivery, are
 * cheaper to pass than a JSON document; r_index (1-based) says which delivery a row answers.
 *
 * Statements inside the function start their lines with the semicolon, from when migrate() split scripts on
 * ";\n" (it now runs each script whole); the SQL is left as it was applied.
 */
export const m0009CallbackReceiverBatch: Migration = {
  id: "0009_callback_receiver_batch",
  sql: `
CREATE FUNCTION receive_signed_callbacks(
  p_ids uuid[], p_webhook_ids text[], p_event_ids text[], p_headers jsonb[], p_raw_bodies text[],
  p_body_bytes integer[], p_body_sha256s text[], p_provider_order_ids uuid[], p_types text[],
  p_payment_ids uuid[], p_statuses text[], p_updated_ats timestamptz[], p_final_statuses text[]
) RETURNS TABLE (r_index integer, r_outcome text, r_order_id uuid) LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
    RETURN QUERY SELECT i, r.r_outcome, r.r_order_id FROM receive_signed_callback(
      p_ids[i], p_webhook_ids[i], p_event_ids[i], p_headers[i], p_raw_bodies[i], p_body_bytes[i],
      p_body_sha256s[i], p_provider_order_ids[i], p_types[i], p_payment_ids[i], p_statuses[i],
      p_updated_ats[i], p_final_statuses) r
  ; END LOOP
; END $$;
`,
};
