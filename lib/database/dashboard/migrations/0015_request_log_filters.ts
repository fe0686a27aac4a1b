import type { Migration } from "@/lib/database";

/**
 * The request log's filters and pages (app/(dashboard)/requests):
 * - `kind`, what the call was (lib/payment-api/call-kinds.ts writes it from now on; the UPDATE files the
 *   rows before this with the same rule), and `error_kind`, timeout or network when no answer came (the
 *   gateway says so from now on; before, only the message told, which the UPDATE reads).
 * - The default view leaves out the bank-directory reads, which come in bursts (every form and picker
 *   opening): a partial index on the page order without them, so its pages never step over them. The
 *   queries write that condition as a literal, so the planner can match it to the index.
 * - The call and who filters page along indexes of their own.
 */
export const m0015RequestLogFilters: Migration = {
  id: "0015_request_log_filters",
  sql: `
ALTER TABLE payment_api_calls ADD COLUMN kind text NOT NULL DEFAULT 'other';
ALTER TABLE payment_api_calls ALTER COLUMN kind DROP DEFAULT;
ALTER TABLE payment_api_calls ADD COLUMN error_kind text
  CHECK (error_kind IN ('timeout', 'network'));
UPDATE payment_api_calls SET
  kind = CASE
    WHEN method = 'POST' AND url ~ '^[a-z]+://[^/]+[^?#]*/api/v1/payin/create([?#]|$)' THEN 'payin-create'
    WHEN method = 'POST' AND url ~ '^[a-z]+://[^/]+[^?#]*/api/v1/payout/create([?#]|$)' THEN 'payout-create'
    WHEN method = 'GET' AND url ~ '^[a-z]+://[^/]+[^?#]*/api/v1/bank/available([?#]|$)' THEN 'bank-list'
    WHEN url ~ '^[a-z]+://[^/]+/([^?#]*/)?sandbox/' THEN 'sandbox'
    ELSE 'other'
  END,
  error_kind = CASE
    WHEN status IS NOT NULL OR error IS NULL THEN NULL
    WHEN error LIKE 'The payment service did not answer%' THEN 'timeout'
    ELSE 'network'
  END;
CREATE INDEX payment_api_calls_listed_idx ON payment_api_calls (started_at DESC, id DESC)
  WHERE kind <> 'bank-list';
CREATE INDEX payment_api_calls_kind_idx ON payment_api_calls (kind, started_at DESC, id DESC);
CREATE INDEX payment_api_calls_user_idx ON payment_api_calls (user_id, started_at DESC, id DESC);
`,
};
