import type { Migration } from "@/lib/database";

/**
 * An admin's password reset sets a one-time password and this flag: the user, once signed in with it, may
 * only set a new password. Changing the password clears it.
 */
export const m0010PasswordChange: Migration = {
  id: "0010_password_change",
  sql: `
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
`,
};
