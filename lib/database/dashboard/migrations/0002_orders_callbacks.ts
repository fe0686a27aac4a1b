import type { Migration } from "@/lib/database";

/**
 * Callback receiver state (owner: orders).
 * - orders.status_updated_at: the service's `updatedAt` of the status last applied from a callback, so an
 *   older non-final status delivered out of order is recognised as stale.
 * - The event-id index now means "an event is processed once": only deliveries that claimed their event
 *   (applied, stale, unknown-order) are unique per webhook_id, so rejected, invalid and duplicate deliveries
 *   keep their webhook_id and their honest verification result.
 */
export const m0002OrdersCallbacks: Migration = {
  id: "0002_orders_callbacks",
  sql: `
ALTER TABLE orders ADD COLUMN status_updated_at timestamptz;
DROP INDEX callback_deliveries_event_idx;
CREATE UNIQUE INDEX callback_deliveries_event_idx ON callback_deliveries (webhook_id)
  WHERE verified AND webhook_id IS NOT NULL AND outcome IN ('applied', 'stale', 'unknown-order');
CREATE INDEX callback_deliveries_received_idx ON callback_deliveries (received_at DESC);
`,
};
