import type { Migration } from "@/lib/database";

/**
 * Each account's clock (POST /sandbox/clock): how far QA moved it ahead of the real one. An account without
 * a row runs on the real clock. Never negative: a clock only moves forwards.
 */
export const m0004AccountClocks: Migration = {
  id: "sandbox_0004_account_clocks",
  sql: `
CREATE TABLE sandbox_clocks (
  client_id text PRIMARY KEY,
  offset_ms bigint NOT NULL CHECK (offset_ms >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
};
