/**
 * What people do with alerts (the Alerts page and Settings; server actions in lib/actions), each checked,
 * stored and written to the activity log: acknowledge, resolve, the rules' settings, channels and their
 * test message.
 */
import "server-only";
import type { ActionResult } from "@/lib/actions/action-result";
import type { CurrentUser } from "@/lib/auth/types";
import type { Sql } from "@/lib/database";
import {
  acknowledgeAlert,
  deleteAlertChannel,
  getAlert,
  getAlertChannel,
  insertAlertChannel,
  resolveAlert,
} from "@/lib/database/dashboard/queries/alerts";
import { getAlertRuleSettings, saveAlertRuleSettings } from "./settings";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import type { AlertRow } from "@/lib/database/dashboard/schema";
import type { AlertChannelInput } from "./channel-schema";
import { ALERT_RULE_IDS, ALERT_RULES, type AlertRuleSettings } from "./rules";
import { type SendSettings, sendToChannel } from "./send";

type Actor = Pick<CurrentUser, "id">;

const NOT_FOUND = "That alert no longer exists.";

export async function acknowledgeAlertAs(sql: Sql, actor: Actor, id: string): Promise<ActionResult> {
  const row = await changeAlert(sql, actor, id, "alert.acknowledge", (tx) =>
    acknowledgeAlert(tx, id, actor.id),
  );
  if (row) return { ok: true, message: `Acknowledged: ${row.title}.` };
  const now = await getAlert(sql, id);
  return { ok: false, message: now ? `Not acknowledged: the alert is ${now.state} already.` : NOT_FOUND };
}

export async function resolveAlertAs(sql: Sql, actor: Actor, id: string): Promise<ActionResult> {
  const row = await changeAlert(sql, actor, id, "alert.resolve", (tx) => resolveAlert(tx, id, actor.id));
  if (row) return { ok: true, message: `Resolved: ${row.title}.` };
  const now = await getAlert(sql, id);
  return { ok: false, message: now ? "Already resolved." : NOT_FOUND };
}

/** Makes the change and, when it happened, its activity-log line, in one transaction. */
async function changeAlert(
  sql: Sql,
  actor: Actor,
  id: string,
  action: "alert.acknowledge" | "alert.resolve",
  change: (tx: Sql) => Promise<AlertRow | null>,
): Promise<AlertRow | null> {
  return sql.transaction(async (tx) => {
    const row = await change(tx);
    if (row) await writeAudit(tx, { userId: actor.id, action, target: id, details: auditDetails(row) });
    return row;
  });
}

function auditDetails(a: AlertRow): Record<string, unknown> {
  return { rule: a.rule, title: a.title };
}

/** Settings → Alerts: every rule's on/off and threshold; the activity log names what changed. */
export async function saveAlertSettingsAs(
  sql: Sql,
  actor: Actor,
  next: AlertRuleSettings,
): Promise<ActionResult> {
  const before = await getAlertRuleSettings(sql);
  const changes = ALERT_RULE_IDS.flatMap((rule) => {
    const [a, b] = [before[rule], next[rule]];
    if (a.enabled === b.enabled && a.threshold === b.threshold) return [];
    const label = ALERT_RULES[rule].label;
    if (!b.enabled) return [`${label}: off`];
    return [`${label}: ${a.enabled ? "" : "on, "}${b.threshold}`];
  });
  if (changes.length === 0) return { ok: true, message: "Nothing changed." };
  await sql.transaction(async (tx) => {
    await saveAlertRuleSettings(tx, next, actor.id);
    await writeAudit(tx, { userId: actor.id, action: "settings.alerts", details: { changes } });
  });
  return { ok: true, message: `Alert rules updated (${changes.length} changed).` };
}

export async function addAlertChannelAs(
  sql: Sql,
  actor: Actor,
  input: AlertChannelInput,
): Promise<ActionResult<{ id: string }>> {
  const row = await sql.transaction(async (tx) => {
    const channel = await insertAlertChannel(tx, { ...input, createdBy: actor.id });
    await writeAudit(tx, {
      userId: actor.id,
      action: "settings.alert-channel-add",
      target: channel.id,
      details: { name: channel.name, kind: channel.kind, format: channel.format },
    });
    return channel;
  });
  return { ok: true, id: row.id, message: `Channel “${row.name}” added.` };
}

export async function removeAlertChannelAs(sql: Sql, actor: Actor, id: string): Promise<ActionResult> {
  const row = await sql.transaction(async (tx) => {
    const channel = await deleteAlertChannel(tx, id);
    if (channel)
      await writeAudit(tx, {
        userId: actor.id,
        action: "settings.alert-channel-remove",
        target: channel.id,
        details: { name: channel.name, kind: channel.kind },
      });
    return channel;
  });
  return row
    ? { ok: true, message: `Channel “${row.name}” removed.` }
    : { ok: false, message: "No such channel." };
}

/**
 * Sends a test message to one channel now (not recorded as a delivery): the answer says how it went. Written to
 * the activity log, accepted or not: it sends data out of the dashboard to an address someone configured.
 */
export async function testAlertChannelAs(
  sql: Sql,
  actor: Actor,
  settings: SendSettings,
  id: string,
): Promise<ActionResult> {
  const channel = await getAlertChannel(sql, id);
  if (!channel) return { ok: false, message: "No such channel." };
  const now = new Date();
  const sample: AlertRow = {
    id: "00000000-0000-4000-8000-000000000000",
    rule: "test",
    subject: "",
    state: "open",
    title: "Test message from the payments dashboard",
    detail: "Someone pressed “Send test” in Settings → Alert channels. Nothing is wrong.",
    orderIds: [],
    raisedAt: now,
    lastSeenAt: now,
    acknowledgedBy: null,
    acknowledgedAt: null,
    resolvedBy: null,
    resolvedAt: null,
  };
  const refusal = await sendToChannel(settings, channel, sample, "raised").then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  await writeAudit(sql, {
    userId: actor.id,
    action: "settings.alert-channel-test",
    target: channel.id,
    details: { name: channel.name, kind: channel.kind, accepted: !refusal, ...(refusal ? { refusal } : {}) },
  });
  return refusal
    ? { ok: false, message: `“${channel.name}” did not accept the test: ${refusal}` }
    : { ok: true, message: `Test message sent to “${channel.name}”.` };
}
