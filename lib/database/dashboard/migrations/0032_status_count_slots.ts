import type { Migration } from "@/lib/database";

/**
 * The status counters without a row two writers share (issue 45): 0008 put each change in the writing
 * connection's slot (backend pid mod 32), so two connections whose pids met mod 32 — likely with a pool of
 * a dozen — queued on one row until commit. Now a change lands in its own transaction's slot (its txid,
 * never another's), and the Insights fold (lib/insights/fold.ts) moves the committed slots into slot 0,
 * which writers never touch. A count is still the sum over its slots (the reads are unchanged), exact for
 * the reader's snapshot whether folded or not.
 */
const slotted = (name: string, body: string) => `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  ${body}
    ON CONFLICT (status, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;`;

export const m0032StatusCountSlots: Migration = {
  id: "0032_status_count_slots",
  sql: `
ALTER TABLE order_status_counts ALTER COLUMN slot TYPE bigint;
${slotted(
  "order_status_counts_inserted",
  `INSERT INTO order_status_counts AS c (status, slot, n)
    SELECT r.status, txid_current(), count(*) FROM inserted_orders r GROUP BY r.status ORDER BY r.status`,
)}
${slotted(
  "order_status_counts_deleted",
  `INSERT INTO order_status_counts AS c (status, slot, n)
    SELECT r.status, txid_current(), -count(*) FROM deleted_orders r GROUP BY r.status ORDER BY r.status`,
)}
${slotted(
  "order_status_counts_changed",
  `INSERT INTO order_status_counts AS c (status, slot, n)
    VALUES (OLD.status, txid_current(), -1), (NEW.status, txid_current(), 1) ORDER BY 1`,
)}
`,
};
