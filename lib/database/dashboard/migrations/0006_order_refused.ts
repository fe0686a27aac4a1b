import type { Migration } from "@/lib/database";

/**
 * Refused orders (issue 11, owner: orders). A 4xx problem answer about the order itself is final: the order
 * becomes "Refused" instead of a retryable "Submit failed" (lib/orders/refusal.ts; the status list below
 * must stay equal to REFUSAL_STATUSES, which 0006_order_refused.int.test.ts checks). Orders stored before
 * as "Submit failed" with such an answer are reclassified: retrying them could only get the same answer.
 * `resend_of` links an order made by "Fix and resend" to the refused one it corrects.
 */
export const REFUSAL_STATUS_SQL = "400, 409, 410, 413, 415, 422";

export const m0006OrderRefused: Migration = {
  id: "0006_order_refused",
  sql: `
ALTER TABLE orders ADD COLUMN resend_of uuid REFERENCES orders (id);
CREATE INDEX orders_resend_of_idx ON orders (resend_of) WHERE resend_of IS NOT NULL;
UPDATE orders SET status = 'Refused', updated_at = now()
 WHERE status = 'Submit failed'
   AND last_error->>'kind' = 'problem'
   AND jsonb_typeof(last_error->'status') = 'number'
   AND (last_error->>'status')::int IN (${REFUSAL_STATUS_SQL});
`,
};
