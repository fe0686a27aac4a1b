import type { Migration } from "@/lib/database";

/**
 * Indexes for the orders list's search at scale (found by `npm run bench dashboard`, 1M orders):
 * - A full-UUID search matches `id`, `payment_id` or `provider_order_id`; payment_id alone had no usable
 *   index (only UNIQUE (direction, payment_id)), so the OR fell back to scanning every row.
 * - The email search is a substring match, `lower(client_email) LIKE '%…%'`, which no btree serves; a
 *   trigram GIN index does. pg_trgm ships with PostgreSQL (trusted since 13) but not with embedded PGlite,
 *   so there the index is skipped and the search scans (the embedded store is for small deployments).
 *   Without the privilege to create the extension the start goes on, with a warning, rather than failing.
 *
 * Statements inside the DO block start their lines with the semicolon, from when migrate() split scripts on
 * ";\n" (it now runs each script whole); the SQL is left as it was applied.
 */
export const m0900OrderSearchIndexes: Migration = {
  id: "0900_order_search_indexes",
  sql: `
CREATE INDEX orders_payment_id_idx ON orders (payment_id);
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm
    ; CREATE INDEX orders_client_email_trgm_idx ON orders USING gin (lower(client_email) gin_trgm_ops)
    ; END IF
  ; EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'pg_trgm could not be created (%): the orders email search will scan', SQLERRM
  ; END $$;
`,
};
