import type { Migration } from "@/lib/database";

/**
 * The request log's trace id (issue 18 §4): with tracing on, each attempt is a client span, and the trace it
 * belongs to (the server action's, continued by the payment service) is kept with its row, so an entry of
 * the request log leads to its trace in the tracing backend. Null for calls made with tracing off (and all
 * calls before this). A nullable column without a default: added without rewriting the table.
 */
export const m0028RequestLogTrace: Migration = {
  id: "0028_request_log_trace",
  sql: `
ALTER TABLE payment_api_calls ADD COLUMN trace_id text
  CHECK (trace_id ~ '^[0-9a-f]{32}$');
`,
};
