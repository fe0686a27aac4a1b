import type { Migration } from "@/lib/database";

/** The dashboard's first schema: staff, sessions, orders, callback deliveries, audit log. */
export const m0001Init: Migration = {
  id: "0001_init",
  sql: `
CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,              -- stored lower-cased
  name text NOT NULL DEFAULT '',
  password_hash text NOT NULL,             -- scrypt, self-describing (lib/auth/password.ts)
  role text NOT NULL CHECK (role IN ('admin', 'operator', 'viewer')),
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id text PRIMARY KEY,                     -- SHA-256 of the cookie token; the token itself is never stored
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,         -- absolute expiry
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Fixed-window counters for rate limits (sign-in per account and per IP); shared by all instances.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);

CREATE TABLE orders (
  id uuid PRIMARY KEY,                     -- our own id
  direction text NOT NULL CHECK (direction IN ('payin', 'payout')),
  payment_id uuid NOT NULL,                -- sent to the service; reused on every retry
  provider_order_id uuid UNIQUE,           -- the service's id, once it answered
  payment_method text NOT NULL,
  amount numeric(18, 2) NOT NULL,          -- requested
  final_amount numeric(18, 2),             -- as the service returned it (random cents)
  currency text,
  country text NOT NULL,
  status text NOT NULL,                    -- 'Submitting', 'Submit failed', then the service's statuses
  request jsonb NOT NULL,                  -- as sent, card number masked (first six + last four)
  response jsonb,
  bank_details jsonb,
  expires_at timestamptz,
  pay_token text UNIQUE,                   -- public customer-page token (pay-ins)
  last_error jsonb,                        -- problem details or transport error of the last attempt
  submit_attempts integer NOT NULL DEFAULT 0,
  client_email text NOT NULL,
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (direction, payment_id)
);
CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);
CREATE INDEX orders_status_idx ON orders (status, created_at DESC);
CREATE INDEX orders_client_email_idx ON orders (lower(client_email));

CREATE TABLE callback_deliveries (
  id uuid PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  webhook_id text,                         -- Standard Webhooks event id, when sent
  headers jsonb NOT NULL,
  raw_body text NOT NULL,
  verified boolean NOT NULL,
  verification_error text,
  order_id uuid REFERENCES orders(id),
  status text,                             -- the status the delivery carried
  outcome text NOT NULL                    -- 'applied', 'duplicate', 'stale', 'unknown-order', 'rejected', 'invalid'
);
CREATE INDEX callback_deliveries_order_idx ON callback_deliveries (order_id, received_at);
CREATE UNIQUE INDEX callback_deliveries_event_idx ON callback_deliveries (webhook_id) WHERE verified AND webhook_id IS NOT NULL;

CREATE TABLE audit_log (
  id uuid PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id uuid REFERENCES users(id),
  action text NOT NULL,                    -- 'order.create', 'user.disable', 'auth.sign-in', ...
  target text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
`,
};
