import type { Migration } from "@/lib/database";

/**
 * Self-healing submissions (owner: orders). While an order is "Submitting", `submit_lease_until` is when the
 * process sending it must have answered by (its client's timeout × attempts, plus backoffs). Past it, the
 * process is taken to have died and any instance may claim the order and resend it (same paymentId).
 * Orders already "Submitting" get the 120 s the manual retry used to wait.
 */
export const m0005OrderSubmitLease: Migration = {
  id: "0005_order_submit_lease",
  sql: `
ALTER TABLE orders ADD COLUMN submit_lease_until timestamptz;
UPDATE orders SET submit_lease_until = updated_at + interval '120 seconds' WHERE status = 'Submitting';
CREATE INDEX orders_submitting_lease_idx ON orders (submit_lease_until) WHERE status = 'Submitting';
`,
};
