import type { Migration } from "@/lib/database";

/**
 * Money controls, a second look (issue 44):
 * - sessions.recovery_sign_in_at: a sign-in with a recovery code is recorded apart from a factor's.
 *   `second_factor_at` makes every step-up fresh for five minutes; this lets the session only enrol a new
 *   factor within that time (docs/security.md, Step-up). Nullable, no default: no table rewrite.
 * - payout_batch_rows (payment_id): a file's paymentIds are looked up among other files' rows at preview
 *   and submit (a paymentId used by any order or file is refused).
 */
export const m0029MoneyControls: Migration = {
  id: "0029_money_controls",
  sql: `
ALTER TABLE sessions ADD COLUMN recovery_sign_in_at timestamptz;
CREATE INDEX payout_batch_rows_payment_id ON payout_batch_rows (payment_id);
`,
};
