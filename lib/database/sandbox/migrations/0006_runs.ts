import type { Migration } from "@/lib/database";

/**
 * QA runs (POST /sandbox/runs): merchant accounts made on the fly, each with its own orders, clock, chaos
 * and request log, removed after an idle time. A run's orders live in the usual tables under its client id.
 */
export const m0006Runs: Migration = {
  id: "sandbox_0006_runs",
  sql: `
CREATE TABLE sandbox_runs (
  client_id text PRIMARY KEY,
  secret text NOT NULL,
  parent_client_id text NOT NULL,
  label text,
  chaos jsonb,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX sandbox_runs_parent_idx ON sandbox_runs (parent_client_id, created_at DESC);
CREATE INDEX sandbox_runs_last_seen_idx ON sandbox_runs (last_seen_at);
`,
};
