/**
 * Issue 18 §2 figure (`npm run bench dashboard`, part "alerts"): the time from an alert's condition
 * starting to its message reaching a webhook, target ≤ 60 s. The alert loop (lib/alerts/loop.ts) runs as in
 * production, at the default ALERT_EVALUATION_INTERVAL_MS (15 s; BENCH_ALERT_INTERVAL_MS), on a PGlite
 * dashboard database, with one webhook channel: a real HTTP server in this process. Each round makes a
 * condition true at a random moment of the loop's cycle (a callback failing verification, the rule's
 * threshold set to 0), waits for the "raised" message, then clears it and waits for "resolved".
 * Baseline in the same run: one bare POST of the same body to the same receiver (the send alone).
 *
 * Run by bench/dashboard.ts with `--conditions=react-server` (the modules import "server-only").
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { startAlertLoop } from "@/lib/alerts/loop";
import { defaultRuleSettings } from "@/lib/alerts/rules";
import { saveAlertRuleSettings } from "@/lib/alerts/settings";
import { migrate, openDatabase } from "@/lib/database";
import { migrations } from "@/lib/database/dashboard/migrations";
import { insertAlertChannel } from "@/lib/database/dashboard/queries/alerts";
import { startWebhookReceiver } from "@/lib/testing/alert-receivers";
import { figure, ratio } from "./lib";

const INTERVAL_MS = Number(process.env.BENCH_ALERT_INTERVAL_MS ?? 15_000);
const ROUNDS = Number(process.env.BENCH_ALERT_ROUNDS ?? 4);
const TARGET_MS = 60_000;

type Body = { event?: string; alert?: { rule?: string } };

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`alerts bench: nothing arrived within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export async function runAlertsBench(): Promise<void> {
  const db = await openDatabase({ memory: true });
  await migrate(db, migrations, 731_001);
  const receiver = await startWebhookReceiver();
  const loop = startAlertLoop({
    intervalMs: INTERVAL_MS,
    deps: async () => ({
      sql: db,
      delivery: {
        publicBaseUrl: "http://127.0.0.1:9",
        smtpUrl: undefined,
        emailFrom: "a@b.c",
        retryMs: 1_000,
      },
    }),
  });
  try {
    // An admin's user is not needed: the settings row names nobody.
    const settings = defaultRuleSettings();
    settings["callbacks-failing"].threshold = 0;
    await db.query(
      "INSERT INTO users (id, email, password_hash, role) VALUES ($1, 'bench@example.com', 'x', 'admin')",
      ["00000000-0000-4000-8000-0000000000be"],
    );
    await saveAlertRuleSettings(db, settings, "00000000-0000-4000-8000-0000000000be");
    await insertAlertChannel(db, {
      kind: "webhook",
      name: "bench",
      target: receiver.url,
      format: "json",
      chatId: null,
      createdBy: null,
    });
    const delays: number[] = [];
    const count = (event: string) =>
      receiver.bodies.filter(
        (b) => (b as Body).event === event && (b as Body).alert?.rule === "callbacks-failing",
      ).length;
    for (let round = 0; round < ROUNDS; round++) {
      // A random moment of the loop's cycle.
      await new Promise((r) => setTimeout(r, Math.random() * INTERVAL_MS));
      const raisedBefore = count("raised");
      const t0 = performance.now();
      await db.query(
        `INSERT INTO callback_deliveries (id, headers, raw_body, verified, verification_error, outcome)
         VALUES ($1, '{}', 'x', false, 'bench', 'rejected')`,
        [randomUUID()],
      );
      await until(() => count("raised") > raisedBefore, TARGET_MS * 2);
      delays.push(performance.now() - t0);
      const resolvedBefore = count("resolved");
      await db.query("DELETE FROM callback_deliveries");
      await until(() => count("resolved") > resolvedBefore, TARGET_MS * 2);
    }
    const body = JSON.stringify(receiver.bodies[0]);
    const sends: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await (
        await fetch(receiver.url, { method: "POST", body, headers: { "content-type": "application/json" } })
      ).arrayBuffer();
      sends.push(performance.now() - t0);
    }
    delays.sort((a, b) => a - b);
    sends.sort((a, b) => a - b);
    const median = delays[Math.floor(delays.length / 2)] ?? Number.NaN;
    const worst = delays[delays.length - 1] ?? Number.NaN;
    console.log(
      `\n[alerts] condition → webhook message, ${ROUNDS} rounds at a random moment, evaluation every ${INTERVAL_MS} ms, pglite`,
    );
    figure("baseline: one bare POST of the message to the receiver", sends[2] ?? Number.NaN, "ms");
    figure("condition → webhook message, median", median / 1000, "s");
    figure("condition → webhook message, worst", worst / 1000, "s");
    ratio("worst delay over the 60 s target", worst, TARGET_MS, "≤ 1");
  } finally {
    await loop.stop();
    await receiver.close();
    await db.close();
  }
}

if (process.argv[1]?.endsWith("dashboard-alerts.ts")) await runAlertsBench();
