/**
 * Alerts (migration 0023), one function per query: rule settings, raising and resolving (one unresolved
 * alert per rule and subject, whatever the number of evaluators), the Alerts page's reads, channels.
 * Deliveries are in ./alert-deliveries.ts.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type {
  AlertChannelFormat,
  AlertChannelKind,
  AlertChannelRow,
  AlertEvent,
  AlertRow,
  AlertState,
  DashboardDatabase,
} from "@/lib/database/dashboard/schema";

const db = (sql: Sql) => typed<DashboardDatabase>(sql);

/** The rules an admin changed (the rest run with their defaults: lib/alerts/settings.ts). */
export async function listAlertRuleSettingRows(
  sql: Sql,
): Promise<{ rule: string; enabled: boolean; threshold: number }[]> {
  const rows = await db(sql).selectFrom("alertRuleSettings").selectAll().execute();
  return rows.map((r) => ({ rule: r.rule, enabled: r.enabled, threshold: Number(r.threshold) }));
}

export async function saveAlertRuleSettingRows(
  sql: Sql,
  rows: readonly { rule: string; enabled: boolean; threshold: number }[],
  updatedBy: string,
): Promise<void> {
  await db(sql)
    .insertInto("alertRuleSettings")
    .values(rows.map((r) => ({ ...r, updatedBy })))
    .onConflict((oc) =>
      oc.column("rule").doUpdateSet((eb) => ({
        enabled: eb.ref("excluded.enabled"),
        threshold: eb.ref("excluded.threshold"),
        updatedBy: eb.ref("excluded.updatedBy"),
        updatedAt: raw`now()`,
      })),
    )
    .execute();
}

/** The unresolved alerts of a rule: what the evaluator resolves when their condition no longer holds. */
export async function listUnresolvedAlerts(
  sql: Sql,
  rule: string,
): Promise<Pick<AlertRow, "id" | "subject">[]> {
  return db(sql)
    .selectFrom("alerts")
    .select(["id", "subject"])
    .where("rule", "=", rule)
    .where("state", "<>", "resolved")
    .execute();
}

export interface AlertInput {
  rule: string;
  subject: string;
  title: string;
  detail: string;
  orderIds: string[];
}

/** Queues `event` of an alert for every channel (once: the primary key). Inside the raise/resolve transaction. */
async function queueDeliveries(tx: Sql, alertId: string, event: AlertEvent): Promise<void> {
  await tx.query(
    `INSERT INTO alert_deliveries (alert_id, channel_id, event)
     SELECT $1, id, $2 FROM alert_channels ON CONFLICT DO NOTHING`,
    [alertId, event],
  );
}

/**
 * Raises the alert unless its rule and subject have an unresolved one already: the partial unique index
 * decides, so evaluators running at once in several instances raise it once. The new alert (its
 * deliveries queued in the same transaction), or null when one was open; that one's text is brought up
 * to date instead.
 */
export async function raiseAlert(sql: Sql, input: AlertInput): Promise<AlertRow | null> {
  const raised = await sql.transaction(async (tx) => {
    const row = await db(tx)
      .insertInto("alerts")
      .values({
        id: randomUUID(),
        rule: input.rule,
        subject: input.subject,
        title: input.title,
        detail: input.detail,
        orderIds: JSON.stringify(input.orderIds),
      })
      .onConflict((oc) => oc.columns(["rule", "subject"]).where("state", "<>", "resolved").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) await queueDeliveries(tx, row.id, "raised");
    return row ?? null;
  });
  if (raised) return raised;
  await db(sql)
    .updateTable("alerts")
    .set({
      title: input.title,
      detail: input.detail,
      orderIds: JSON.stringify(input.orderIds),
      lastSeenAt: raw`now()`,
    })
    .where("rule", "=", input.rule)
    .where("subject", "=", input.subject)
    .where("state", "<>", "resolved")
    .execute();
  return null;
}

/**
 * Resolves an unresolved alert, by a person (`by`) or by the evaluator (null: its condition cleared), and
 * queues the "resolved" message; null when it was resolved already (by another instance, or someone).
 */
export async function resolveAlert(sql: Sql, id: string, by: string | null): Promise<AlertRow | null> {
  return sql.transaction(async (tx) => {
    const row = await db(tx)
      .updateTable("alerts")
      .set({ state: "resolved", resolvedBy: by, resolvedAt: raw`now()` })
      .where("id", "=", id)
      .where("state", "<>", "resolved")
      .returningAll()
      .executeTakeFirst();
    if (row) await queueDeliveries(tx, row.id, "resolved");
    return row ?? null;
  });
}

/** Marks an open alert acknowledged: someone is on it. Null when it was not open. */
export async function acknowledgeAlert(sql: Sql, id: string, by: string): Promise<AlertRow | null> {
  const row = await db(sql)
    .updateTable("alerts")
    .set({ state: "acknowledged", acknowledgedBy: by, acknowledgedAt: raw`now()` })
    .where("id", "=", id)
    .where("state", "=", "open")
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function getAlert(sql: Sql, id: string): Promise<AlertRow | null> {
  return (await db(sql).selectFrom("alerts").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Alerts by state: the shell's badge (open) and /metrics. */
export async function countAlertsByState(sql: Sql): Promise<Record<AlertState, number>> {
  const rows = await db(sql)
    .selectFrom("alerts")
    .select(["state", (eb) => eb.fn.countAll<string>().as("n")])
    .where("state", "<>", "resolved")
    .groupBy("state")
    .execute();
  const counts: Record<AlertState, number> = { open: 0, acknowledged: 0, resolved: 0 };
  for (const r of rows) counts[r.state] = Number(r.n);
  return counts;
}

/** An alert as the Alerts page lists it: who acknowledged and resolved it, how its deliveries went. */
export interface AlertListItem extends AlertRow {
  acknowledgedByEmail: string | null;
  resolvedByEmail: string | null;
  deliveries: {
    channel: string;
    event: AlertEvent;
    state: string;
    attempts: number;
    lastError: string | null;
  }[];
}

export const ALERT_LIST_LIMIT = 100;

/** The latest alerts in the given states (all when none), newest first. */
export async function listAlerts(sql: Sql, states?: readonly AlertState[]): Promise<AlertListItem[]> {
  let q = db(sql)
    .selectFrom("alerts as a")
    .leftJoin("users as ack", "ack.id", "a.acknowledgedBy")
    .leftJoin("users as res", "res.id", "a.resolvedBy")
    .selectAll("a")
    .select(["ack.email as acknowledgedByEmail", "res.email as resolvedByEmail"])
    .orderBy("a.raisedAt", "desc")
    .orderBy("a.id", "desc")
    .limit(ALERT_LIST_LIMIT);
  if (states && states.length > 0) q = q.where("a.state", "in", states);
  const alerts = await q.execute();
  if (alerts.length === 0) return [];
  const deliveries = await db(sql)
    .selectFrom("alertDeliveries as d")
    .innerJoin("alertChannels as c", "c.id", "d.channelId")
    .select(["d.alertId", "c.name as channel", "d.event", "d.state", "d.attempts", "d.lastError"])
    .where(
      "d.alertId",
      "in",
      alerts.map((a) => a.id),
    )
    .orderBy("c.name")
    .orderBy("d.event")
    .execute();
  return alerts.map((a) => ({
    ...a,
    deliveries: deliveries.filter((d) => d.alertId === a.id).map(({ alertId: _, ...d }) => d),
  }));
}

export async function listAlertChannels(sql: Sql): Promise<AlertChannelRow[]> {
  return db(sql).selectFrom("alertChannels").selectAll().orderBy("createdAt").orderBy("id").execute();
}

export async function getAlertChannel(sql: Sql, id: string): Promise<AlertChannelRow | null> {
  return (
    (await db(sql).selectFrom("alertChannels").selectAll().where("id", "=", id).executeTakeFirst()) ?? null
  );
}

export async function insertAlertChannel(
  sql: Sql,
  input: {
    kind: AlertChannelKind;
    name: string;
    target: string;
    format: AlertChannelFormat;
    chatId: string | null;
    createdBy: string | null;
  },
): Promise<AlertChannelRow> {
  return db(sql)
    .insertInto("alertChannels")
    .values({ id: randomUUID(), ...input })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes a channel and its deliveries; null when there was none. */
export async function deleteAlertChannel(sql: Sql, id: string): Promise<AlertChannelRow | null> {
  return (
    (await db(sql).deleteFrom("alertChannels").where("id", "=", id).returningAll().executeTakeFirst()) ?? null
  );
}
