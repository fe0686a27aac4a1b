import type { Migration } from "@/lib/database";

/**
 * Pay-out approvals (issue 17 §1; docs/guide.md, Pay-out approvals):
 * - users.role takes "approver": approves or rejects pay-outs others created, creates none.
 * - payout_approval_settings: one row (id is always true), written by admins. mode 'off' (the default: a
 *   one-person merchant is never blocked), 'all', or 'threshold' with `thresholds` a JSON object of
 *   currency → decimal string ("100000", "5000.50"): a pay-out of at least that amount waits.
 * - payout_approvals: one row per pay-out that waited, from the moment it was held ("Awaiting approval")
 *   to its decision: approved (then sent), rejected (with a reason) or cancelled by its creator. `rule`
 *   records which setting held it, so the order page can say why.
 */
export const m0017PayoutApprovals: Migration = {
  id: "0017_payout_approvals",
  sql: `
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'operator', 'viewer', 'approver'));
CREATE TABLE payout_approval_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  mode text NOT NULL CHECK (mode IN ('off', 'all', 'threshold')),
  thresholds jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(thresholds) = 'object'),
  updated_by uuid REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE payout_approvals (
  order_id uuid PRIMARY KEY REFERENCES orders (id),
  requested_by uuid REFERENCES users (id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  rule text NOT NULL,
  decision text CHECK (decision IN ('approved', 'rejected', 'cancelled')),
  decided_by uuid REFERENCES users (id),
  decided_at timestamptz,
  reason text,
  CHECK ((decision IS NULL) = (decided_at IS NULL))
);
`,
};
