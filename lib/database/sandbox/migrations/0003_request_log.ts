import type { Migration } from "@/lib/database";

/**
 * The request log (GET /sandbox/requests): every request the sandbox answered, with its verdict and the
 * order it concerned, kept a day (the expiry sweeper deletes older rows).
 */
export const m0003RequestLog: Migration = {
  id: "sandbox_0003_request_log",
  sql: `
CREATE TABLE sandbox_requests (
  id uuid PRIMARY KEY,
  at timestamptz NOT NULL,
  client_id text,
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  verdict text NOT NULL,
  detail text,
  latency_ms real NOT NULL,
  order_id uuid
);
CREATE INDEX sandbox_requests_client_at_idx ON sandbox_requests (client_id, at DESC, id DESC);
CREATE INDEX sandbox_requests_order_idx ON sandbox_requests (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX sandbox_requests_at_idx ON sandbox_requests (at);
`,
};
