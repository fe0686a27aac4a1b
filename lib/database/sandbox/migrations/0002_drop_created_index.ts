import type { Migration } from "@/lib/database";

/**
 * Every order insert paid for the created_at index, which only the operator page's "50 most recent" used;
 * that page can sort a scan. Dropped for create throughput (issue 2 benchmark).
 */
export const m0002DropCreatedIndex: Migration = {
  id: "sandbox_0002_drop_created_index",
  sql: "DROP INDEX IF EXISTS sandbox_orders_created_idx;\n",
};
