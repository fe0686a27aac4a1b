import type { Migration } from "@/lib/database";

/**
 * An admin can add an approver and approve their own pay-outs through it (issue 44 §8):
 * - users.role_granted_at / role_granted_by: when the user got their present role (added, or changed) and
 *   which admin gave it (null: the first admin, or users from before this migration, dated by created_at).
 *   Settings lists the approvers admins made; the hold below counts from it.
 * - approver_hold_settings: one row, the admins' "a new approver cannot approve within N hours of being
 *   added or promoted" (0, the default, is off).
 */
export const m0030ApproverHold: Migration = {
  id: "0030_approver_hold",
  sql: `
ALTER TABLE users ADD COLUMN role_granted_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE users ADD COLUMN role_granted_by uuid REFERENCES users (id) ON DELETE SET NULL;
UPDATE users SET role_granted_at = created_at;
CREATE TABLE approver_hold_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  hours integer NOT NULL CHECK (hours BETWEEN 0 AND 720),
  updated_by uuid REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
};
