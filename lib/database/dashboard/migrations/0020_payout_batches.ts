import type { Migration } from "@/lib/database";

/**
 * Bulk pay-outs from a file (issue 17 §3; docs/guide.md, Bulk pay-outs from a file; docs/architecture.md, Batch sender):
 * - payout_batches: one uploaded file, as one decision. `status` 'awaiting_approval' (the approval setting
 *   held it) → 'sending' (approved, or never held) → 'done' (every row handed to its order or cancelled);
 *   or 'rejected' / 'cancelled' before anything was sent. `totals` is currency → two-decimal string.
 * - payout_batch_rows: every valid row of the file, written with its batch in one transaction, so an upload
 *   is never lost. `state` 'pending' → 'sending' (claimed by a sender, with `lease_until`) → 'sent' (its
 *   order exists: `order_id`) or 'cancelled'. A claim whose lease ran out was orphaned by a crash and is
 *   claimed again; the row's paymentId makes its order exactly one (orders' unique direction + payment_id).
 */
export const m0020PayoutBatches: Migration = {
  id: "0020_payout_batches",
  sql: `
CREATE TABLE payout_batches (
  id uuid PRIMARY KEY,
  file_name text NOT NULL,
  file_sha256 text NOT NULL CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  status text NOT NULL CHECK (status IN ('awaiting_approval', 'sending', 'done', 'rejected', 'cancelled')),
  row_count integer NOT NULL CHECK (row_count > 0),
  totals jsonb NOT NULL CHECK (jsonb_typeof(totals) = 'object'),
  rule text,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decision text CHECK (decision IN ('approved', 'rejected', 'cancelled')),
  decided_by uuid REFERENCES users (id),
  decided_at timestamptz,
  reason text,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payout_batches_recent ON payout_batches (created_at DESC, id DESC);
CREATE INDEX payout_batches_file ON payout_batches (file_sha256);
CREATE TABLE payout_batch_rows (
  batch_id uuid NOT NULL REFERENCES payout_batches (id),
  row_number integer NOT NULL CHECK (row_number > 1),
  payment_id uuid NOT NULL,
  payment_method text NOT NULL,
  amount numeric(20, 2) NOT NULL,
  currency text,
  request jsonb NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'cancelled')),
  lease_until timestamptz,
  order_id uuid REFERENCES orders (id),
  note text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (batch_id, row_number),
  CHECK ((state = 'sent') = (order_id IS NOT NULL))
);
CREATE INDEX payout_batch_rows_open ON payout_batch_rows (batch_id, row_number) WHERE state IN ('pending', 'sending');
`,
};
