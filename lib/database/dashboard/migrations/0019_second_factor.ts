import type { Migration } from "@/lib/database";

/**
 * A second factor (issue 17 §2; docs/security.md, Second factor):
 * - second_factors: a user's authenticator app (kind 'totp', at most one; `secret` is the seed sealed with
 *   AES-256-GCM, lib/auth/second-factor/seal.ts; `confirmed_at` NULL until a code confirmed it;
 *   `last_step` the last accepted 30-second step, so a code is never accepted twice) and passkeys (kind
 *   'passkey': WebAuthn credential id, public key, signature counter, transports).
 * - recovery_codes: ten per user, SHA-256 only; `used_at` once used.
 * - second_factor_challenges: the one outstanding WebAuthn challenge per user and purpose.
 * - pending_sign_ins: the half-signed-in state between the password and the factor (not a session).
 * - second_factor_settings: one row, the admins' switch "require a second factor for admins and approvers".
 * - sessions.second_factor_at: when this session last passed a factor (step-up is fresh for five minutes);
 *   sessions.must_enrol: signed in without a factor that the role requires — Your account only.
 */
export const m0019SecondFactor: Migration = {
  id: "0019_second_factor",
  sql: `
CREATE TABLE second_factors (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('totp', 'passkey')),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  last_used_at timestamptz,
  secret text,
  last_step bigint,
  credential_id text UNIQUE,
  public_key text,
  counter bigint,
  transports jsonb,
  CHECK ((kind = 'totp') = (secret IS NOT NULL)),
  CHECK ((kind = 'passkey') = (credential_id IS NOT NULL AND public_key IS NOT NULL))
);
CREATE UNIQUE INDEX second_factors_one_totp ON second_factors (user_id) WHERE kind = 'totp';
CREATE INDEX second_factors_user ON second_factors (user_id);
CREATE TABLE recovery_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
CREATE TABLE second_factor_challenges (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in', 'step-up')),
  challenge text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, purpose)
);
CREATE TABLE pending_sign_ins (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ip text,
  user_agent text,
  device_id text
);
CREATE TABLE second_factor_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  required boolean NOT NULL,
  updated_by uuid REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE sessions ADD COLUMN second_factor_at timestamptz;
ALTER TABLE sessions ADD COLUMN must_enrol boolean NOT NULL DEFAULT false;
`,
};
