import type { Migration } from "@/lib/database";

/**
 * Saved views of the orders list: a user's named filters. `query` is the canonical query string of the
 * filters (lib/orders/list-filters.ts orderListQuery), so a view is also a plain shareable /orders URL.
 * Names are unique per user regardless of case.
 */
export const m0011SavedViews: Migration = {
  id: "0011_saved_views",
  sql: `
CREATE TABLE saved_views (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  query text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_views_user_name ON saved_views (user_id, lower(name));
`,
};
