import type { Migration } from "@/lib/database";

/**
 * Alerts (issue 18 §2; docs/operations.md, Alerts):
 * - alert_rule_settings: an admin's changes to a rule (on/off, its threshold); a rule without a row runs
 *   with its defaults (lib/alerts/rules.ts), so every rule is on from the start.
 * - alerts: one row per raise. `rule` and `subject` (what it is about: '' for a whole-dashboard rule, a
 *   batch id for a stalled batch) identify the condition; the partial unique index allows one unresolved
 *   alert per condition, so evaluators in several instances raise it once (INSERT … ON CONFLICT DO NOTHING).
 *   open → acknowledged → resolved, by a person (`resolved_by`) or by the evaluator when the condition
 *   cleared (`resolved_by` NULL). `order_ids`: the orders it names (a JSON array of ids, at most a few).
 * - alert_channels: where alerts go (a webhook URL with a body format, or e-mail recipients).
 * - alert_deliveries: one row per alert, channel and event ('raised', 'resolved'), made in the transaction
 *   that raised or resolved the alert: the primary key is what makes it once per channel. A sender claims
 *   due rows (a lease, FOR UPDATE SKIP LOCKED), sends, and marks them sent, or due again later (back-off).
 */
export const m0023Alerts: Migration = {
  id: "0023_alerts",
  sql: `
CREATE TABLE alert_rule_settings (
  rule text PRIMARY KEY,
  enabled boolean NOT NULL,
  threshold numeric(12, 2) NOT NULL CHECK (threshold >= 0),
  updated_by uuid REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE alerts (
  id uuid PRIMARY KEY,
  rule text NOT NULL,
  subject text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'acknowledged', 'resolved')),
  title text NOT NULL,
  detail text NOT NULL,
  order_ids jsonb NOT NULL DEFAULT '[]',
  raised_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  acknowledged_by uuid REFERENCES users (id),
  acknowledged_at timestamptz,
  resolved_by uuid REFERENCES users (id),
  resolved_at timestamptz,
  CHECK ((state = 'resolved') = (resolved_at IS NOT NULL))
);
CREATE UNIQUE INDEX alerts_one_unresolved ON alerts (rule, subject) WHERE state <> 'resolved';
CREATE INDEX alerts_recent ON alerts (raised_at DESC, id DESC);
CREATE INDEX alerts_by_state ON alerts (state, raised_at DESC, id DESC);
CREATE TABLE alert_channels (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('webhook', 'email')),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  target text NOT NULL CHECK (char_length(target) BETWEEN 1 AND 2000),
  format text NOT NULL DEFAULT 'json' CHECK (format IN ('json', 'slack', 'telegram', 'email')),
  chat_id text CHECK (char_length(chat_id) <= 100),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE alert_deliveries (
  alert_id uuid NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  channel_id uuid NOT NULL REFERENCES alert_channels (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (event IN ('raised', 'resolved')),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (alert_id, channel_id, event)
);
CREATE INDEX alert_deliveries_due ON alert_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX alert_deliveries_channel ON alert_deliveries (channel_id);
`,
};
