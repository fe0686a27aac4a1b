/**
 * Alerts end to end below the screens (docs/operations.md, Alerts), on the TEST_DB backend: each rule raises
 * when its condition holds and resolves by itself when it clears; two evaluators at once raise one alert;
 * each raise reaches each channel once — a real HTTP receiver in three body formats and a real SMTP server
 * — and a channel that fails is retried after a back-off.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import { addTestUser } from "@/lib/testing/auth-database";
import {
  type SmtpReceiver,
  startSmtpReceiver,
  startWebhookReceiver,
  type WebhookReceiver,
} from "@/lib/testing/alert-receivers";
import { insertTestOrder, openTestDashboardDb } from "@/lib/testing/test-orders";
import { insertAlertChannel, listAlerts } from "@/lib/database/dashboard/queries/alerts";
import { getAlertRuleSettings, saveAlertRuleSettings } from "./settings";
import { listAudit } from "@/lib/database/dashboard/queries/audit";
import { deliverDueAlerts, type DeliverySettings } from "./deliver";
import { evaluateAlerts } from "./evaluate";
import { acknowledgeAlertAs, resolveAlertAs, saveAlertSettingsAs, testAlertChannelAs } from "./manage";
import type { AlertRuleId } from "./rules";

let db: Database;
let dispose: () => Promise<void>;
let web: WebhookReceiver;
let smtp: SmtpReceiver;
let delivery: DeliverySettings;

beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
  web = await startWebhookReceiver();
  smtp = await startSmtpReceiver();
  delivery = {
    publicBaseUrl: "https://dashboard.example.com",
    smtpUrl: smtp.url,
    emailFrom: "alerts@dashboard.example.com",
    retryMs: 200,
  };
});

afterAll(async () => {
  await web?.close();
  await smtp?.close();
  await dispose?.();
});

afterEach(async () => {
  await db.exec(
    "DELETE FROM alert_deliveries; DELETE FROM alert_channels; DELETE FROM alerts; DELETE FROM alert_rule_settings; DELETE FROM audit_log; DELETE FROM payment_cases; DELETE FROM orders; DELETE FROM callback_deliveries; DELETE FROM payment_api_calls; DELETE FROM payout_batch_rows; DELETE FROM payout_batches;",
  );
  web.bodies.length = 0;
  web.answers.length = 0;
  smtp.messages.length = 0;
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function unresolved(rule: AlertRuleId) {
  return (await listAlerts(db, ["open", "acknowledged"])).filter((a) => a.rule === rule);
}

describe("rules raise and resolve by themselves", () => {
  it("an order “Submitting” for over 15 minutes raises one alert naming it; sent, it resolves", async () => {
    const fresh = await insertTestOrder(db, { status: "Submitting" });
    expect((await evaluateAlerts(db)).raised).toHaveLength(0);
    const stuck = await insertTestOrder(db, { status: "Submitting", createdAt: minutesAgo(20) });
    const first = await evaluateAlerts(db);
    expect(first.raised.map((a) => a.rule)).toEqual(["orders-not-sent"]);
    expect(first.raised[0]?.orderIds).toEqual([stuck.id]);
    expect(first.raised[0]?.orderIds).not.toContain(fresh.id);
    // Still holding: the same alert, not another.
    expect((await evaluateAlerts(db)).raised).toHaveLength(0);
    expect(await unresolved("orders-not-sent")).toHaveLength(1);

    await db.query("UPDATE orders SET status = 'In progress', updated_at = now() WHERE id = $1", [stuck.id]);
    const cleared = await evaluateAlerts(db);
    expect(cleared.resolved).toEqual([first.raised[0]?.id]);
    const [alert] = await listAlerts(db, ["resolved"]);
    expect(alert?.state).toBe("resolved");
    expect(alert?.resolvedBy).toBeNull();
    expect(alert?.resolvedAt).toBeInstanceOf(Date);
  });

  it("a pay-in “In progress” past its expiry and the grace raises; the default grace is 15 minutes", async () => {
    await insertTestOrder(db, { status: "In progress" });
    await db.query("UPDATE orders SET expires_at = now() - interval '10 minutes'");
    expect(await unresolvedAfterEvaluation("payin-no-callback")).toBe(0);
    await db.query("UPDATE orders SET expires_at = now() - interval '16 minutes'");
    expect(await unresolvedAfterEvaluation("payin-no-callback")).toBe(1);
    await db.query("UPDATE orders SET status = 'Success'");
    expect(await unresolvedAfterEvaluation("payin-no-callback")).toBe(0);
  });

  it("callbacks failing verification above the admin's threshold raise; turning the rule off resolves", async () => {
    const admin = await addTestUser(db, {
      email: `a-${randomUUID()}@example.com`,
      password: "p",
      role: "admin",
    });
    const settings = await getAlertRuleSettings(db);
    expect(settings["callbacks-failing"]).toEqual({ enabled: true, threshold: 10 });
    for (let i = 0; i < 3; i++)
      await db.query(
        `INSERT INTO callback_deliveries (id, headers, raw_body, verified, verification_error, outcome)
         VALUES ($1, '{}', 'x', false, 'bad signature', 'rejected')`,
        [randomUUID()],
      );
    expect(await unresolvedAfterEvaluation("callbacks-failing")).toBe(0);
    settings["callbacks-failing"].threshold = 2;
    expect((await saveAlertSettingsAs(db, admin, settings)).ok).toBe(true);
    expect(await unresolvedAfterEvaluation("callbacks-failing")).toBe(1);
    expect((await unresolved("callbacks-failing"))[0]?.title).toBe("3 callbacks refused in 5 minutes");

    settings["callbacks-failing"].enabled = false;
    await saveAlertSettingsAs(db, admin, settings);
    expect(await unresolvedAfterEvaluation("callbacks-failing")).toBe(0);
    const audit = await listAudit(db, { action: "settings.alerts" });
    expect(audit.map((a) => a.details.changes)).toContainEqual([
      "Callbacks failing verification or for unknown orders: off",
    ]);
  });

  it("payment-service errors at 20% of at least 5 calls in 5 minutes raise", async () => {
    const call = (status: number | null) =>
      db.query(
        `INSERT INTO payment_api_calls (id, call_id, attempt, started_at, method, url, status, error, kind, latency_ms)
         VALUES ($1, $2, 1, now(), 'POST', 'http://x/api/v1/payin', $3, $4, 'create-payin', 5)`,
        [randomUUID(), randomUUID(), status, status === null ? "timeout" : null],
      );
    for (let i = 0; i < 4; i++) await call(200);
    await call(503);
    // 1 of 5 = 20%: at the threshold.
    expect(await unresolvedAfterEvaluation("payment-service-errors")).toBe(1);
    for (let i = 0; i < 2; i++) await call(200);
    // 1 of 7 < 20%: cleared.
    expect(await unresolvedAfterEvaluation("payment-service-errors")).toBe(0);
    await call(null);
    expect(await unresolvedAfterEvaluation("payment-service-errors")).toBe(1);
  });

  it("pay-outs failing at 30% of those finished in 15 minutes raise, naming the failed ones", async () => {
    const failed = await insertTestOrder(db, { direction: "payout", status: "Failed" });
    for (let i = 0; i < 3; i++) await insertTestOrder(db, { direction: "payout", status: "Success" });
    expect(await unresolvedAfterEvaluation("payout-failures")).toBe(0); // 4 finished: too few
    const second = await insertTestOrder(db, { direction: "payout", status: "Failed" });
    expect(await unresolvedAfterEvaluation("payout-failures")).toBe(1); // 2 of 5 = 40%
    expect(new Set((await unresolved("payout-failures"))[0]?.orderIds)).toEqual(
      new Set([failed.id, second.id]),
    );
  });

  it("an open “I have paid” case raises; closed, it resolves", async () => {
    const order = await insertTestOrder(db, { status: "In progress" });
    const [c] = await db.query<{ id: string }>(
      "INSERT INTO payment_cases (id, order_id, reference) VALUES ($1, $2, 'E2E123') RETURNING id",
      [randomUUID(), order.id],
    );
    expect(await unresolvedAfterEvaluation("open-cases")).toBe(1);
    expect((await unresolved("open-cases"))[0]?.orderIds).toEqual([order.id]);
    await db.query("UPDATE payment_cases SET state = 'not_found', closed_at = now() WHERE id = $1", [c?.id]);
    expect(await unresolvedAfterEvaluation("open-cases")).toBe(0);
  });

  it("a pay-out file “sending” with no row sent for 10 minutes raises an alert of its own", async () => {
    const batch = randomUUID();
    await db.query(
      `INSERT INTO payout_batches (id, file_name, file_sha256, status, row_count, totals, updated_at)
       VALUES ($1, 'payouts.csv', $2, 'sending', 1, '{}', now() - interval '11 minutes')`,
      [batch, "0".repeat(64)],
    );
    await db.query(
      `INSERT INTO payout_batch_rows (batch_id, row_number, payment_id, payment_method, amount, request, updated_at)
       VALUES ($1, 2, $2, 'SBP', '10.00', '{}', now() - interval '11 minutes')`,
      [batch, randomUUID()],
    );
    expect(await unresolvedAfterEvaluation("batch-stalled")).toBe(1);
    expect((await unresolved("batch-stalled"))[0]?.subject).toBe(batch);
    await db.query("UPDATE payout_batch_rows SET state = 'cancelled', updated_at = now()");
    expect(await unresolvedAfterEvaluation("batch-stalled")).toBe(0);
  });
});

async function unresolvedAfterEvaluation(rule: AlertRuleId): Promise<number> {
  const { failed } = await evaluateAlerts(db);
  expect(failed).toEqual([]);
  return (await unresolved(rule)).length;
}

describe("people", () => {
  it("acknowledge then resolve, each once, each in the activity log; a resolved alert is raised again while its condition holds", async () => {
    const op = await addTestUser(db, {
      email: `o-${randomUUID()}@example.com`,
      password: "p",
      role: "operator",
    });
    await insertTestOrder(db, { status: "Submit failed", createdAt: minutesAgo(30) });
    const [alert] = (await evaluateAlerts(db)).raised;
    if (!alert) throw new Error("no alert raised");
    expect((await acknowledgeAlertAs(db, op, alert.id)).ok).toBe(true);
    expect(await acknowledgeAlertAs(db, op, alert.id)).toMatchObject({ ok: false });
    expect((await resolveAlertAs(db, op, alert.id)).ok).toBe(true);
    expect(await resolveAlertAs(db, op, alert.id)).toMatchObject({ ok: false, message: "Already resolved." });
    const [row] = await listAlerts(db, ["resolved"]);
    expect(row).toMatchObject({ acknowledgedBy: op.id, resolvedBy: op.id, resolvedByEmail: op.email });
    expect((await listAudit(db, { target: alert.id })).map((a) => a.action).sort()).toEqual([
      "alert.acknowledge",
      "alert.resolve",
    ]);
    // The order is still not sent: the next evaluation raises it anew.
    expect((await evaluateAlerts(db)).raised).toHaveLength(1);
  });
});

describe("one alert, delivered once per channel", () => {
  async function channels() {
    const json = await insertAlertChannel(db, {
      kind: "webhook",
      name: "JSON",
      target: web.url,
      format: "json",
      chatId: null,
      createdBy: null,
    });
    await insertAlertChannel(db, {
      kind: "webhook",
      name: "Slack",
      target: `${web.url}?slack`,
      format: "slack",
      chatId: null,
      createdBy: null,
    });
    await insertAlertChannel(db, {
      kind: "webhook",
      name: "Telegram",
      target: `${web.url}?tg`,
      format: "telegram",
      chatId: "-100123",
      createdBy: null,
    });
    await insertAlertChannel(db, {
      kind: "email",
      name: "On call",
      target: "oncall@example.com, lead@example.com",
      format: "email",
      chatId: null,
      createdBy: null,
    });
    return { json };
  }

  it("two evaluators and two senders at once: one alert, one message per channel, in each format", async () => {
    await channels();
    const order = await insertTestOrder(db, { status: "Submitting", createdAt: minutesAgo(20) });
    // Two instances at once (on PostgreSQL, the second handle is another connection pool).
    const other = db.kind === "postgres" ? await openSecondHandle() : db;
    try {
      const [a, b] = await Promise.all([evaluateAlerts(db), evaluateAlerts(other)]);
      expect([...a.raised, ...b.raised].map((r) => [r.rule, r.subject])).toEqual([["orders-not-sent", ""]]);
      const [s1, s2] = await Promise.all([deliverDueAlerts(db, delivery), deliverDueAlerts(other, delivery)]);
      expect(s1.failed.concat(s2.failed)).toEqual([]);
      expect(s1.sent + s2.sent).toBe(4);
      // And again: nothing more to send.
      expect((await deliverDueAlerts(db, delivery)).sent).toBe(0);
    } finally {
      if (other !== db) await other.close();
    }
    expect(await unresolved("orders-not-sent")).toHaveLength(1);
    expect(web.bodies).toHaveLength(3);
    const json = web.bodies.find((b) => typeof b === "object" && b !== null && "alert" in b) as {
      event: string;
      alert: { rule: string; orderIds: string[]; url: string };
    };
    expect(json).toMatchObject({
      event: "raised",
      alert: { rule: "orders-not-sent", orderIds: [order.id], url: "https://dashboard.example.com/alerts" },
    });
    const slack = web.bodies.find((b) => Object.keys(b as object).join() === "text") as { text: string };
    expect(slack.text).toContain("Alert: 1 order not sent for over 15 minutes");
    expect(slack.text).toContain(`https://dashboard.example.com/orders/${order.id}`);
    expect(web.bodies).toContainEqual({ chat_id: "-100123", text: slack.text });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.to.sort()).toEqual(["lead@example.com", "oncall@example.com"]);
    expect(smtp.messages[0]?.from).toBe("alerts@dashboard.example.com");
    expect(smtp.messages[0]?.raw).toContain("Subject: Alert: 1 order not sent for over 15 minutes");

    // Cleared: one "resolved" message per channel.
    await db.query("UPDATE orders SET status = 'In progress', updated_at = now()");
    await evaluateAlerts(db);
    expect((await deliverDueAlerts(db, delivery)).sent).toBe(4);
    expect(web.bodies).toHaveLength(6);
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages[1]?.raw).toContain("Subject: Resolved: 1 order not sent");
  });

  it("a pay-out or a file waiting for an approver too long raises an e-mail, and resolves once decided (issue 43 §4)", async () => {
    await insertAlertChannel(db, {
      kind: "email",
      name: "Approvers",
      target: "approvers@example.com",
      format: "email",
      chatId: null,
      createdBy: null,
    });
    const fresh = await insertTestOrder(db, { direction: "payout", status: "Awaiting approval" });
    expect(await unresolvedAfterEvaluation("payouts-awaiting-approval")).toBe(0); // not 30 minutes yet
    const old = await insertTestOrder(db, {
      direction: "payout",
      status: "Awaiting approval",
      createdAt: minutesAgo(45),
    });
    await db.query(
      `INSERT INTO payout_batches (id, file_name, file_sha256, status, row_count, totals, created_at)
       VALUES ($1, 'payouts.csv', $2, 'awaiting_approval', 1, '{}', now() - interval '40 minutes')`,
      [randomUUID(), "1".repeat(64)],
    );
    expect(await unresolvedAfterEvaluation("payouts-awaiting-approval")).toBe(1);
    expect((await unresolved("payouts-awaiting-approval"))[0]?.orderIds).toEqual([old.id]);
    expect((await deliverDueAlerts(db, delivery)).sent).toBe(1);
    expect(smtp.messages[0]?.to).toEqual(["approvers@example.com"]);
    expect(smtp.messages[0]?.raw).toContain("Subject: Alert: 2 pay-outs or files waiting for approval");
    expect(smtp.messages[0]?.raw).toContain("The oldest has waited 45 minutes");

    await db.query("UPDATE orders SET status = 'Rejected' WHERE id = ANY($1)", [[old.id, fresh.id]]);
    await db.query("UPDATE payout_batches SET status = 'sending'");
    expect(await unresolvedAfterEvaluation("payouts-awaiting-approval")).toBe(0);
    expect((await deliverDueAlerts(db, delivery)).sent).toBe(1);
    expect(smtp.messages[1]?.raw).toContain("Subject: Resolved: 2 pay-outs or files waiting for approval");
  });

  it("a channel that fails is retried after a back-off, then given its message once", async () => {
    const { json } = await channels();
    await db.query("DELETE FROM alert_channels WHERE id <> $1", [json.id]);
    web.answers.push(503);
    await insertTestOrder(db, { status: "Submitting", createdAt: minutesAgo(20) });
    await evaluateAlerts(db);
    const first = await deliverDueAlerts(db, delivery);
    expect(first.failed).toEqual([{ channel: "JSON", error: "the webhook answered 503" }]);
    // Not due yet: nothing is sent right away.
    expect((await deliverDueAlerts(db, delivery)).sent).toBe(0);
    const [pending] = await db.query<{ attempts: number; state: string; last_error: string }>(
      "SELECT attempts, state, last_error FROM alert_deliveries",
    );
    expect(pending).toEqual({ attempts: 1, state: "pending", last_error: "the webhook answered 503" });
    await new Promise((r) => setTimeout(r, 400));
    expect((await deliverDueAlerts(db, delivery)).sent).toBe(1);
    expect(web.bodies).toHaveLength(2);
    const [sent] = await listAlerts(db);
    expect(sent?.deliveries).toEqual([
      { channel: "JSON", event: "raised", state: "sent", attempts: 2, lastError: null },
    ]);
  });

  it("an e-mail channel without SMTP_URL fails with that reason", async () => {
    await insertAlertChannel(db, {
      kind: "email",
      name: "Mail",
      target: "x@example.com",
      format: "email",
      chatId: null,
      createdBy: null,
    });
    await insertTestOrder(db, { status: "Submitting", createdAt: minutesAgo(20) });
    await evaluateAlerts(db);
    const result = await deliverDueAlerts(db, { ...delivery, smtpUrl: undefined });
    expect(result.failed).toEqual([{ channel: "Mail", error: "SMTP_URL is not set: e-mail cannot be sent" }]);
  });
});

/** Another connection pool on the same PostgreSQL database: a second instance's. */
async function openSecondHandle(): Promise<Database> {
  const { openDatabase } = await import("@/lib/database");
  const [row] = await db.query<{ name: string }>("SELECT current_database() AS name");
  const { TEST_POSTGRES_URL } = await import("@/lib/testing/database");
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${row?.name}`;
  return openDatabase({ url: url.toString() });
}

it("saving unchanged settings writes nothing", async () => {
  const admin = await addTestUser(db, {
    email: `s-${randomUUID()}@example.com`,
    password: "p",
    role: "admin",
  });
  await saveAlertRuleSettings(db, await getAlertRuleSettings(db), admin.id);
  expect(await saveAlertSettingsAs(db, admin, await getAlertRuleSettings(db))).toEqual({
    ok: true,
    message: "Nothing changed.",
  });
  expect(await listAudit(db, { action: "settings.alerts" })).toEqual([]);
});

describe("Send test", () => {
  it("sends the sample to the channel and writes who sent it to the activity log, accepted or not", async () => {
    const admin = await addTestUser(db, {
      email: `tester-${randomUUID()}@example.com`,
      password: "pw-123456789",
    });
    const channel = await insertAlertChannel(db, {
      kind: "webhook",
      name: "Ops hook",
      target: web.url,
      format: "json",
      chatId: null,
      createdBy: null,
    });
    expect(await testAlertChannelAs(db, admin, delivery, channel.id)).toEqual({
      ok: true,
      message: "Test message sent to “Ops hook”.",
    });
    expect(web.bodies).toHaveLength(1);

    web.answers.push(503);
    const refused = await testAlertChannelAs(db, admin, delivery, channel.id);
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/^“Ops hook” did not accept the test: .*503/);

    const entries = await listAudit(db, { action: "settings.alert-channel-test" });
    expect(entries.map((e) => [e.userId, e.target, e.details])).toEqual([
      [admin.id, channel.id, expect.objectContaining({ name: "Ops hook", kind: "webhook", accepted: false })],
      [admin.id, channel.id, { name: "Ops hook", kind: "webhook", accepted: true }],
    ]);
  });

  it("an unknown channel: refused, nothing sent, nothing logged", async () => {
    const admin = await addTestUser(db, {
      email: `tester-${randomUUID()}@example.com`,
      password: "pw-123456789",
    });
    expect(await testAlertChannelAs(db, admin, delivery, randomUUID())).toEqual({
      ok: false,
      message: "No such channel.",
    });
    expect(web.bodies).toHaveLength(0);
    expect(await listAudit(db, { action: "settings.alert-channel-test" })).toEqual([]);
  });
});
