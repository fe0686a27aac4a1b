/**
 * Alert deliveries (migration 0023): each alert's event, per channel, queued with the raise or resolve
 * that made it (./alerts.ts). Senders in any number of instances claim due rows (FOR UPDATE SKIP LOCKED and
 * a lease, the pattern the batch sender uses), so one instance sends each; a failed send is due again after
 * a back-off, until it has failed MAX_ALERT_ATTEMPTS times.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import type { AlertChannelRow, AlertEvent, AlertRow } from "@/lib/database/dashboard/schema";

/** Sends of one delivery before it is given up ("failed"). */
export const MAX_ALERT_ATTEMPTS = 8;

export interface ClaimedDelivery {
  alert: AlertRow;
  channel: AlertChannelRow;
  event: AlertEvent;
  /** This claim's attempt, from 1. */
  attempt: number;
}

interface ClaimedRow {
  alertId: string;
  channelId: string;
  event: AlertEvent;
  attempts: number;
}

/** Claims up to `limit` due deliveries for `leaseMs` (longer than a send can take), each for one claimer. */
export async function claimDueDeliveries(
  sql: Sql,
  opts: { limit: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  const claimed = await sql.query<ClaimedRow>(
    `UPDATE alert_deliveries d SET attempts = d.attempts + 1,
            lease_until = now() + make_interval(secs => $2::double precision / 1000)
       FROM (SELECT alert_id, channel_id, event FROM alert_deliveries
              WHERE state = 'pending' AND next_attempt_at <= now()
                AND (lease_until IS NULL OR lease_until < now())
              ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED) due
      WHERE d.alert_id = due.alert_id AND d.channel_id = due.channel_id AND d.event = due.event
      RETURNING d.alert_id AS "alertId", d.channel_id AS "channelId", d.event, d.attempts`,
    [opts.limit, opts.leaseMs],
  );
  if (claimed.length === 0) return [];
  const alerts = await sql.query<AlertRow>(
    `SELECT id, rule, subject, state, title, detail, order_ids AS "orderIds", raised_at AS "raisedAt",
            last_seen_at AS "lastSeenAt", acknowledged_by AS "acknowledgedBy",
            acknowledged_at AS "acknowledgedAt", resolved_by AS "resolvedBy", resolved_at AS "resolvedAt"
       FROM alerts WHERE id = ANY($1::uuid[])`,
    [claimed.map((c) => c.alertId)],
  );
  const channels = await sql.query<AlertChannelRow>(
    `SELECT id, kind, name, target, format, chat_id AS "chatId", created_by AS "createdBy",
            created_at AS "createdAt" FROM alert_channels WHERE id = ANY($1::uuid[])`,
    [claimed.map((c) => c.channelId)],
  );
  return claimed.flatMap((c) => {
    const alert = alerts.find((a) => a.id === c.alertId);
    const channel = channels.find((ch) => ch.id === c.channelId);
    return alert && channel ? [{ alert, channel, event: c.event, attempt: c.attempts }] : [];
  });
}

const key = (d: ClaimedDelivery) => [d.alert.id, d.channel.id, d.event];
const WHERE_KEY = "alert_id = $1 AND channel_id = $2 AND event = $3";

export async function markDeliverySent(sql: Sql, d: ClaimedDelivery): Promise<void> {
  await sql.query(
    `UPDATE alert_deliveries SET state = 'sent', sent_at = now(), lease_until = NULL, last_error = NULL
      WHERE ${WHERE_KEY}`,
    key(d),
  );
}

/**
 * Records a failed send: due again after `retryMs` doubled per attempt (capped at an hour), or given up
 * after MAX_ALERT_ATTEMPTS.
 */
export async function markDeliveryFailed(
  sql: Sql,
  d: ClaimedDelivery,
  error: string,
  retryMs: number,
): Promise<void> {
  const delay = Math.min(retryMs * 2 ** (d.attempt - 1), 3_600_000);
  await sql.query(
    `UPDATE alert_deliveries SET lease_until = NULL, last_error = $4,
            state = CASE WHEN attempts >= $5 THEN 'failed' ELSE 'pending' END,
            next_attempt_at = now() + make_interval(secs => $6::double precision / 1000)
      WHERE ${WHERE_KEY}`,
    [...key(d), error.slice(0, 500), MAX_ALERT_ATTEMPTS, delay],
  );
}

/** Deliveries waiting to be sent (pending): /metrics. */
export async function countPendingDeliveries(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM alert_deliveries WHERE state = 'pending'",
  );
  return row?.n ?? 0;
}
