import type { Migration } from "@/lib/database";

/**
 * The request log: every attempt of every call the dashboard made to the payment service, as sent and as
 * answered (card numbers masked), who caused it, and how long it took. An order's calls are found by the
 * paymentId their body names or the service order id in their path.
 */
export const m0013PaymentApiCalls: Migration = {
  id: "0013_payment_api_calls",
  sql: `
CREATE TABLE payment_api_calls (
  id uuid PRIMARY KEY,
  call_id uuid NOT NULL,
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  method text NOT NULL,
  url text NOT NULL,
  request_body text,
  status integer,
  response_body text,
  error text,
  latency_ms integer NOT NULL,
  payment_id uuid,
  service_order_id uuid
);
CREATE INDEX payment_api_calls_started_idx ON payment_api_calls (started_at DESC, id DESC);
CREATE INDEX payment_api_calls_payment_idx ON payment_api_calls (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX payment_api_calls_service_order_idx ON payment_api_calls (service_order_id)
  WHERE service_order_id IS NOT NULL;
`,
};
