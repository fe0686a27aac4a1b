/**
 * Two dashboard instances on one PostgreSQL database (docs/operations.md, One alert for all instances):
 * two runtimes, as two processes would have them (lib/runtime.ts), each running its alert loop every
 * 100 ms against the same database, with a webhook channel (a real HTTP server) and an e-mail channel (a
 * real SMTP server). An order left "Submitting" raises one alert; the webhook and the mail server each get
 * its message once, and once more when it resolves. /metrics counts it as open. PostgreSQL only: embedded
 * PGlite is one instance by design.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "@/lib/database";
import { insertAlertChannel, listAlerts } from "@/lib/database/dashboard/queries/alerts";
import { parseEnv } from "@/lib/env";
import { metrics } from "@/lib/observability/metrics";
import { createRuntime, type DashboardRuntime } from "@/lib/runtime";
import {
  type SmtpReceiver,
  startSmtpReceiver,
  startWebhookReceiver,
  type WebhookReceiver,
} from "@/lib/testing/alert-receivers";
import { createScratchDatabase, type ScratchDatabase, testBackend } from "@/lib/testing/database";
import { insertTestOrder } from "@/lib/testing/test-orders";

describe.runIf(testBackend() === "postgres")("alerts with two dashboard instances", () => {
  let scratch: ScratchDatabase;
  let web: WebhookReceiver;
  let smtp: SmtpReceiver;
  let a: DashboardRuntime;
  let b: DashboardRuntime;

  beforeAll(async () => {
    scratch = await createScratchDatabase("alerts_instances", "dashboard");
    web = await startWebhookReceiver();
    smtp = await startSmtpReceiver();
    const env = (port: number) =>
      parseEnv({
        NODE_ENV: "test",
        PORT: String(port),
        DATABASE_URL: scratch.url,
        PG_POOL_MAX: "3",
        PUBLIC_BASE_URL: "https://dashboard.example.com",
        ALERT_EVALUATION_INTERVAL_MS: "100",
        SMTP_URL: smtp.url,
        ALERT_EMAIL_FROM: "alerts@dashboard.example.com",
      });
    a = createRuntime(env(3001));
    b = createRuntime(env(3002));
    // Migrated by the first; the second finds it done.
    await a.db();
    await b.db();
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await web?.close();
    await smtp?.close();
    await scratch?.drop();
  });

  it("one alert, one webhook call and one e-mail per event, though both instances evaluate and send", async () => {
    const sql = await a.db();
    await insertAlertChannel(sql, {
      kind: "webhook",
      name: "Hook",
      target: web.url,
      format: "slack",
      chatId: null,
      createdBy: null,
    });
    await insertAlertChannel(sql, {
      kind: "email",
      name: "Mail",
      target: "oncall@example.com",
      format: "email",
      chatId: null,
      createdBy: null,
    });
    a.startAlerts();
    b.startAlerts();
    const order = await insertTestOrder(sql, {
      status: "Submitting",
      createdAt: new Date(Date.now() - 20 * 60_000),
    });
    await vi.waitFor(() => expect(smtp.messages.length + web.bodies.length).toBe(2), {
      timeout: 15_000,
      interval: 50,
    });
    // Several more passes of both loops: nothing more is raised or sent.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await listAlerts(sql)).toHaveLength(1);
    expect(web.bodies).toHaveLength(1);
    expect((web.bodies[0] as { text: string }).text).toContain(`/orders/${order.id}`);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.raw).toContain("Subject: Alert: 1 order not sent for over 15 minutes");

    // Counted by /metrics (this process's registry; b stops reporting when it closes).
    await b.close();
    const text = await metrics().registry.metrics();
    expect(text).toContain('payorders_alerts_open{state="open"} 1');

    await sql.query("UPDATE orders SET status = 'In progress', updated_at = now()");
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(2), { timeout: 15_000, interval: 50 });
    await vi.waitFor(() => expect(web.bodies).toHaveLength(2), { timeout: 15_000, interval: 50 });
    expect(smtp.messages[1]?.raw).toContain("Subject: Resolved:");
    const [resolved] = await listAlerts(sql);
    expect(resolved).toMatchObject({ state: "resolved", resolvedBy: null });
    const other = await openDatabase({ url: scratch.url ?? "" });
    try {
      const rows = await other.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM alert_deliveries WHERE state = 'sent'",
      );
      expect(rows[0]?.n).toBe(4);
    } finally {
      await other.close();
    }
  });
});
