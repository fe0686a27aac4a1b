import type { Migration } from "@/lib/database";

/**
 * Re-applying a stored callback (the Callbacks page): the receiver's logic runs again on the stored signed
 * bytes and records a delivery of its own, linked to the one it re-applied and to the person who asked.
 * Its webhook_id stays empty (the event is the original's), so it never meets the one-claim-per-event index.
 * callback_deliveries_outcome_idx serves the page's outcome filter, newest first.
 */
export const m0012CallbackReapply: Migration = {
  id: "0012_callback_reapply",
  sql: `
ALTER TABLE callback_deliveries
  ADD COLUMN reapply_of uuid REFERENCES callback_deliveries(id) ON DELETE SET NULL,
  ADD COLUMN reapplied_by uuid REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX callback_deliveries_outcome_idx ON callback_deliveries (outcome, received_at DESC, id DESC);
CREATE INDEX callback_deliveries_reapply_idx ON callback_deliveries (reapply_of) WHERE reapply_of IS NOT NULL;
`,
};
