/**
 * What each alert rule (./rules.ts) measures, as one query over the dashboard's database, so every instance
 * sees the same thing: a rule's condition holds for each Finding it returns (none: it is clear). Reads are
 * bounded by the indexes they use (orders by status, callbacks and calls by time, open batch rows).
 */
import "server-only";
import type { Sql } from "@/lib/database";
import { ALERT_WINDOW_MINUTES, type AlertRuleId, MIN_RATE_SAMPLE, PAYOUT_WINDOW_MINUTES } from "./rules";

/** One condition that holds: what it is about (subject), and what the alert says. */
export interface Finding {
  /** '' for a rule about the whole dashboard; else what it is about (a batch id). */
  subject: string;
  title: string;
  detail: string;
  /** Orders it names, a few at most. */
  orderIds: string[];
}

/** Orders an alert names at most. */
export const MAX_LINKED_ORDERS = 10;

type Condition = (sql: Sql, threshold: number) => Promise<Finding[]>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const callbacksFailing: Condition = async (sql, threshold) => {
  const [row] = await sql.query<{ unverified: number; unknown: number; invalid: number }>(
    `SELECT count(*) FILTER (WHERE NOT verified)::int AS unverified,
            count(*) FILTER (WHERE verified AND outcome = 'unknown-order')::int AS unknown,
            count(*) FILTER (WHERE verified AND outcome IN ('invalid', 'rejected'))::int AS invalid
       FROM callback_deliveries
      WHERE received_at > now() - make_interval(mins => $1) AND reapply_of IS NULL`,
    [ALERT_WINDOW_MINUTES],
  );
  const total = (row?.unverified ?? 0) + (row?.unknown ?? 0) + (row?.invalid ?? 0);
  if (total <= threshold) return [];
  return [
    {
      subject: "",
      title: `${plural(total, "callback")} refused in ${ALERT_WINDOW_MINUTES} minutes`,
      detail: `${row?.unverified ?? 0} failed verification, ${row?.unknown ?? 0} named an unknown order, ${row?.invalid ?? 0} were invalid or rejected (more than ${threshold} raises this alert).`,
      orderIds: [],
    },
  ];
};

const payinNoCallback: Condition = async (sql, graceMinutes) => {
  const rows = await sql.query<{ id: string; n: number }>(
    `SELECT id, count(*) OVER ()::int AS n FROM orders
      WHERE status = 'In progress' AND direction = 'payin'
        AND expires_at < now() - make_interval(mins => $1)
      ORDER BY expires_at LIMIT $2`,
    [graceMinutes, MAX_LINKED_ORDERS],
  );
  const n = rows[0]?.n ?? 0;
  if (n === 0) return [];
  return [
    {
      subject: "",
      title: `${plural(n, "pay-in")} past expiry with no final callback`,
      detail: `Still “In progress” more than ${graceMinutes} minutes after expiring: the service's callback did not arrive (or could not reach this dashboard).`,
      orderIds: rows.map((r) => r.id),
    },
  ];
};

const ordersNotSent: Condition = async (sql, minutes) => {
  const rows = await sql.query<{ id: string; n: number }>(
    `SELECT id, count(*) OVER ()::int AS n FROM orders
      WHERE status IN ('Submitting', 'Submit failed') AND updated_at < now() - make_interval(mins => $1)
      ORDER BY updated_at LIMIT $2`,
    [minutes, MAX_LINKED_ORDERS],
  );
  const n = rows[0]?.n ?? 0;
  if (n === 0) return [];
  return [
    {
      subject: "",
      title: `${plural(n, "order")} not sent for over ${minutes} minutes`,
      detail: `“Submitting” or “Submit failed” for more than ${minutes} minutes: not accepted by the payment service. Retry, or find out why.`,
      orderIds: rows.map((r) => r.id),
    },
  ];
};

const paymentServiceErrors: Condition = async (sql, percent) => {
  const [row] = await sql.query<{ total: number; failed: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE status >= 500 OR status IS NULL)::int AS failed
       FROM payment_api_calls WHERE started_at > now() - make_interval(mins => $1)`,
    [ALERT_WINDOW_MINUTES],
  );
  const total = row?.total ?? 0;
  const failed = row?.failed ?? 0;
  if (total < MIN_RATE_SAMPLE || failed * 100 < percent * total) return [];
  return [
    {
      subject: "",
      title: `Payment service failing: ${Math.round((failed * 100) / total)}% of calls`,
      detail: `${failed} of ${total} calls in ${ALERT_WINDOW_MINUTES} minutes answered 5xx, timed out or could not connect (at least ${percent}% raises this alert). See the Request log.`,
      orderIds: [],
    },
  ];
};

const payoutFailures: Condition = async (sql, percent) => {
  const rows = await sql.query<{ id: string; failed: boolean; total: number; nfailed: number }>(
    `SELECT id, status = 'Failed' AS failed, count(*) OVER ()::int AS total,
            count(*) FILTER (WHERE status = 'Failed') OVER ()::int AS nfailed
       FROM orders
      WHERE status IN ('Success', 'Failed', 'Expired') AND direction = 'payout'
        AND created_at > now() - interval '7 days'
        AND coalesce(status_updated_at, updated_at) > now() - make_interval(mins => $1)
      ORDER BY (status = 'Failed') DESC, updated_at DESC`,
    [PAYOUT_WINDOW_MINUTES],
  );
  const total = rows[0]?.total ?? 0;
  const failed = rows[0]?.nfailed ?? 0;
  if (total < MIN_RATE_SAMPLE || failed * 100 < percent * total) return [];
  return [
    {
      subject: "",
      title: `Pay-outs failing: ${Math.round((failed * 100) / total)}%`,
      detail: `${failed} of ${total} pay-outs finished in ${PAYOUT_WINDOW_MINUTES} minutes failed (at least ${percent}% raises this alert).`,
      orderIds: rows
        .filter((r) => r.failed)
        .slice(0, MAX_LINKED_ORDERS)
        .map((r) => r.id),
    },
  ];
};

const batchStalled: Condition = async (sql, minutes) => {
  const rows = await sql.query<{ id: string; fileName: string; left: number }>(
    `SELECT b.id, b.file_name AS "fileName",
            (SELECT count(*) FROM payout_batch_rows r WHERE r.batch_id = b.id AND r.state IN ('pending', 'sending'))::int AS left
       FROM payout_batches b
      WHERE b.status = 'sending'
        AND b.updated_at < now() - make_interval(mins => $1)
        AND NOT EXISTS (SELECT 1 FROM payout_batch_rows r WHERE r.batch_id = b.id
                         AND r.updated_at >= now() - make_interval(mins => $1))
      ORDER BY b.created_at LIMIT 20`,
    [minutes],
  );
  return rows.map((b) => ({
    subject: b.id,
    title: `Pay-out file ${b.fileName} stopped sending`,
    detail: `No row of it was sent for ${minutes} minutes; ${plural(b.left, "pay-out")} still to send.`,
    orderIds: [],
  }));
};

const openCases: Condition = async (sql, atLeast) => {
  const rows = await sql.query<{ orderId: string; n: number }>(
    `SELECT order_id AS "orderId", count(*) OVER ()::int AS n FROM payment_cases
      WHERE state = 'open' ORDER BY submitted_at DESC LIMIT $1`,
    [MAX_LINKED_ORDERS],
  );
  const n = rows[0]?.n ?? 0;
  if (n < atLeast) return [];
  return [
    {
      subject: "",
      title: `${plural(n, "open “I have paid” case")}`,
      detail: `${n === 1 ? "A customer says they" : "Customers say they"} paid and the order does not show it. See Cases.`,
      orderIds: rows.map((r) => r.orderId),
    },
  ];
};

const payoutsAwaitingApproval: Condition = async (sql, minutes) => {
  const rows = await sql.query<{ kind: "payout" | "file"; id: string; n: number; oldest: number }>(
    `SELECT kind, id, count(*) OVER ()::int AS n,
            (extract(epoch FROM now() - min(since) OVER ()) / 60)::int AS oldest
       FROM (SELECT 'payout' AS kind, id::text, created_at AS since FROM orders WHERE status = 'Awaiting approval'
             UNION ALL
             SELECT 'file', id::text, created_at FROM payout_batches WHERE status = 'awaiting_approval') w
      WHERE since < now() - make_interval(mins => $1)
      ORDER BY since LIMIT $2`,
    [minutes, MAX_LINKED_ORDERS],
  );
  const n = rows[0]?.n ?? 0;
  if (n === 0) return [];
  const files = rows.filter((r) => r.kind === "file").length;
  return [
    {
      subject: "",
      title: `${plural(n, "pay-out")}${files > 0 ? " or files" : ""} waiting for approval`,
      detail: `The oldest has waited ${plural(rows[0]?.oldest ?? minutes, "minute")} (more than ${minutes} raises this alert). Approvers find them under Awaiting approval and Pay-out files.`,
      orderIds: rows.filter((r) => r.kind === "payout").map((r) => r.id),
    },
  ];
};

export const CONDITIONS: Record<AlertRuleId, Condition> = {
  "callbacks-failing": callbacksFailing,
  "payin-no-callback": payinNoCallback,
  "orders-not-sent": ordersNotSent,
  "payment-service-errors": paymentServiceErrors,
  "payout-failures": payoutFailures,
  "batch-stalled": batchStalled,
  "open-cases": openCases,
  "payouts-awaiting-approval": payoutsAwaitingApproval,
};
