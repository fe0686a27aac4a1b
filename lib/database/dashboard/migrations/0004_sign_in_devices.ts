import type { Migration } from "@/lib/database";

/**
 * Browsers a user signed in from before (the OWASP "device cookie"): a sign-in presenting one of these
 * tokens for its own user is limited per device, not by the account lockout aimed at strangers.
 */
export const m0004SignInDevices: Migration = {
  id: "0004_sign_in_devices",
  sql: `
CREATE TABLE sign_in_devices (
  id text PRIMARY KEY,                     -- SHA-256 of the cookie token; the token itself is never stored
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sign_in_devices_user_idx ON sign_in_devices (user_id);
CREATE INDEX sign_in_devices_expires_idx ON sign_in_devices (expires_at);
`,
};
