import type { Migration } from "@/lib/database";

/**
 * The sandbox's own schema. Tables carry a `sandbox_` prefix and the migration id a `sandbox_` prefix too,
 * so pointing SANDBOX_DATABASE_URL at the dashboard's database by mistake collides with nothing.
 */
export const m0001Init: Migration = {
  id: "sandbox_0001_init",
  sql: `
CREATE TABLE sandbox_orders (
  id uuid PRIMARY KEY,
  client_id text NOT NULL,                 -- merchant account (X-Client-Id)
  direction text NOT NULL CHECK (direction IN ('payin', 'payout')),
  payment_id uuid NOT NULL,
  request_hash text NOT NULL,              -- HMAC of the canonical request body (idempotency check)
  payment_method text NOT NULL,
  country text NOT NULL,
  currency text,
  amount numeric(18, 2) NOT NULL,          -- as requested
  final_amount numeric(18, 2) NOT NULL,    -- with random cents when asked
  status text NOT NULL,
  request jsonb NOT NULL,                  -- as received, card number masked (first six + last four)
  bank_details jsonb,                      -- pay-ins: the payment details handed out
  postback_url text,
  expires_at timestamptz,                  -- pay-ins only
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, direction, payment_id)
);
CREATE INDEX sandbox_orders_created_idx ON sandbox_orders (created_at DESC);
CREATE INDEX sandbox_orders_expiry_idx ON sandbox_orders (expires_at) WHERE status = 'In progress' AND direction = 'payin';

-- One row per status-change event: the durable callback queue.
CREATE TABLE sandbox_callbacks (
  id uuid PRIMARY KEY,                     -- the event id, sent as webhook-id
  order_id uuid NOT NULL REFERENCES sandbox_orders(id),
  client_id text NOT NULL,
  url text NOT NULL,
  status text NOT NULL,                    -- the order status the event carries
  body text NOT NULL,                      -- raw JSON, identical on every attempt
  state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,                -- lease of the dispatcher working on it
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX sandbox_callbacks_due_idx ON sandbox_callbacks (next_attempt_at) WHERE state = 'pending';
CREATE INDEX sandbox_callbacks_order_idx ON sandbox_callbacks (order_id, created_at);

CREATE TABLE sandbox_callback_attempts (
  id uuid PRIMARY KEY,
  callback_id uuid NOT NULL REFERENCES sandbox_callbacks(id),
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  status_code integer,                     -- null when no HTTP response arrived
  error text,
  UNIQUE (callback_id, attempt)
);

-- Fixed-window request counters per merchant account.
CREATE TABLE sandbox_rate_limits (
  client_id text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (client_id, window_start)
);

-- Which one-shot fault triggers already fired (so a retry with the same paymentId succeeds).
CREATE TABLE sandbox_faults (
  client_id text NOT NULL,
  direction text NOT NULL,
  payment_id uuid NOT NULL,
  kind text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, direction, payment_id, kind)
);
`,
};
