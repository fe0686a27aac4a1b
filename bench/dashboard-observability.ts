/**
 * Issue 18's performance line, "receiver with metrics, JSON logs and tracing on ≥ 0.9× the same with them
 * off": the production dashboard on a database seeded with orders in progress, "off" with LOG_LEVEL=silent,
 * no METRICS_TOKEN and no OTLP endpoint, "on" with LOG_LEVEL=info (a JSON line a request), METRICS_TOKEN set
 * while /metrics is scraped every second (asked for on both sides: see scraper), and tracing on (every
 * request sampled: each request's server span and the receiver's own, batched to an OTLP/HTTP receiver here
 * that counts and discards them), driven with correctly
 * signed callbacks (POST /api/postback, 50 connections). Counting into the registry is always on (it cannot
 * be turned off), so "off" still counts: what the ratio shows is logging, scraping and serving metrics, and
 * recording and exporting spans.
 *
 * One server, restarted with the round's setting before every round, in the order off on on off off on on
 * off …: two servers side by side differed by themselves (with both "off", the second measured 1.04–1.14× the
 * first in three runs, more than the effect measured), and a server kept running is warmer in its later
 * rounds. Restarted, every round starts alike: a new process on the same database, warmed up the same way;
 * the order weighs a drift over the run (the database growing, the machine's load) on both settings alike.
 *
 * Warm-ups of 6 s and 12 rounds, because a restarted server is still getting up to speed for seconds (Next's
 * routes, PGlite's WebAssembly compiled further as it runs): with 2 s warm-ups, runs on 2026-11-27 gave 0.98 and
 * 0.80 × (rounds of one setting 392–689 req/s in one run) and 0.87 × (2 rounds of 25 s); with 6 s, 0.92 × (8
 * rounds), then 0.96 × twice (12 rounds), as a profile of both sides predicts (their logging, metrics and tracing
 * ≈ 120 µs of ≈ 2.5 ms a callback: docs/operations.md).
 *
 * Env: BENCH_DURATION_SEC (per setting, default 30), BENCH_OBSERVABILITY_ROUNDS (in all, even, default 12),
 * BENCH_WARMUP_SEC (after each restart, default 6), BENCH_CALLBACK_ORDERS (default 20 000),
 * BENCH_OBSERVABILITY_DB (pglite or postgres, default pglite), BENCH_OBSERVABILITY_ON (what "on" turns on, to
 * weigh each part alone: a comma-separated subset of logs, metrics, traces; default all three; "none" measures the
 * bench's own noise, both sides the same).
 */
import { randomUUID } from "node:crypto";
import { type Server, withBenchDashboard } from "./dashboard-process";
import { drive, type Round, signedCallback, warmUp } from "./dashboard-server";
import { type OtlpReceiver, startOtlpReceiver } from "@/lib/testing/otlp-receiver";
import { figure, ratio } from "./lib";
import { nextServerTree } from "./server-memory";
import { type CallbackTarget, callbackTargets, seedOrders } from "./seed-orders";

const DURATION_SEC = Number(process.env.BENCH_DURATION_SEC ?? 30);
const WARMUP_SEC = Number(process.env.BENCH_WARMUP_SEC ?? 6);
/** Rounds in all, half of them each setting. */
const ROUNDS = Math.max(2, 2 * Math.round(Number(process.env.BENCH_OBSERVABILITY_ROUNDS ?? 12) / 2));
const ROUND_SEC = Math.max(1, Math.round(DURATION_SEC / (ROUNDS / 2)));
const CALLBACK_ORDERS = Number(process.env.BENCH_CALLBACK_ORDERS ?? 20_000);
const DB = process.env.BENCH_OBSERVABILITY_DB === "postgres" ? "postgres" : "pglite";
const TOKEN = "bench-metrics-token-0123456789";

type Setting = "off" | "on";

const PARTS = ["logs", "metrics", "traces"] as const;
type Part = (typeof PARTS)[number];
const ON: Part[] = (process.env.BENCH_OBSERVABILITY_ON ?? PARTS.join(","))
  .split(",")
  .map((p) => p.trim())
  .filter((p): p is Part => {
    if (p === "none") return false; // "on" the same as "off": the bench's own noise
    if ((PARTS as readonly string[]).includes(p)) return true;
    throw new Error(`BENCH_OBSERVABILITY_ON: "${p}" is not one of ${PARTS.join(", ")}`);
  });

/**
 * Asks for /metrics every second until stopped, as a Prometheus server would (more often than usual), on both
 * sides: with metrics on it is scraped (200), off it answers 404. Both sides take the same requests because a
 * server that has answered a path outside /api (which goes through proxy.ts and Next's page machinery) runs
 * its callbacks about 12 % slower from then on than one that only ever answered /api (2026-11-27: polling
 * /login instead of /metrics cost the same as scraping), and every real dashboard serves its pages. So the
 * ratio weighs what metrics cost, not that one side stays a pristine API server.
 */
function scraper(url: string, expected: 200 | 404): () => Promise<number> {
  let scrapes = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      if (res.status !== expected) throw new Error(`/metrics answered ${res.status}, not ${expected}`);
      await res.text();
      scrapes++;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return scrapes;
  };
}

/** off on on off off on on off …: each setting as often in every position of a drift. */
function roundOrder(rounds: number): Setting[] {
  return Array.from({ length: rounds }, (_, i) => (((i + 1) >> 1) % 2 === 0 ? "off" : "on"));
}

async function round(server: Server, targets: CallbackTarget[], setting: Setting): Promise<Round> {
  let n = 0;
  const make = (prefix: string) => () => {
    const target = targets[Math.floor(Math.random() * targets.length)];
    if (!target) throw new Error("no callback targets");
    const id = `obs-${prefix}-${setting}-${randomUUID()}-${n++}`;
    return { ...signedCallback(target, id), id };
  };
  // A new process: its receiver's path is warmed up before it is measured.
  await warmUp(server.url, make("warm"), WARMUP_SEC);
  const stopScraping = scraper(server.url, setting === "on" && ON.includes("metrics") ? 200 : 404);
  const result = await drive(
    `${server.url}/api/postback`,
    ROUND_SEC,
    make("run"),
    nextServerTree(server.pid),
  );
  if ((await stopScraping()) === 0) throw new Error("/metrics was never asked for");
  return result;
}

export async function runObservabilityBench(): Promise<void> {
  const collector: OtlpReceiver = await startOtlpReceiver({ keep: false });
  try {
    await compare(collector);
  } finally {
    await collector.close();
  }
}

const mean = (rounds: Round[], f: (r: Round) => number) =>
  rounds.reduce((t, r) => t + f(r), 0) / Math.max(1, rounds.length);

async function compare(collector: OtlpReceiver): Promise<void> {
  const common = { SANDBOX_RATE_LIMIT_PER_MINUTE: "0" };
  const settings: Record<Setting, Record<string, string>> = {
    off: { ...common, LOG_LEVEL: "silent" },
    on: {
      ...common,
      LOG_LEVEL: ON.includes("logs") ? "info" : "silent",
      ...(ON.includes("metrics") ? { METRICS_TOKEN: TOKEN } : {}),
      ...(ON.includes("traces") ? { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url } : {}),
    },
  };
  const order = roundOrder(ROUNDS);
  const rounds: Record<Setting, Round[]> = { off: [], on: [] };
  const inOrder: string[] = [];
  let targets: CallbackTarget[] = [];
  await withBenchDashboard({
    name: "bench_obs",
    database: DB,
    seed: async (db) => {
      await seedOrders(db, { from: 1, to: CALLBACK_ORDERS, newest: new Date(), status: "In progress" });
      await db.exec("ANALYZE orders");
      targets = await callbackTargets(db);
    },
    env: settings[order[0] ?? "off"],
    run: async (first, _db, restart) => {
      let server: Server = first;
      for (const [i, setting] of order.entries()) {
        if (i > 0) server = await restart(settings[setting]);
        const result = await round(server, targets, setting);
        rounds[setting].push(result);
        inOrder.push(`${setting} ${result.requestsPerSec.toFixed(0)}`);
      }
    },
  });
  const requestsOn = rounds.on.reduce((t, r) => t + r.ok + r.non2xx, 0);
  // Roughly: the warm-ups and the scrapes are traced too, and the last batch of a server stopped at a
  // restart is exported as it stops. A short run (the smoke) may end before the first batch is due (5 s).
  for (let waited = 0; ON.includes("traces") && collector.count() === 0 && waited < 10_000; waited += 250)
    await new Promise((r) => setTimeout(r, 250));
  const spans = collector.count();
  if (spans === 0 && ON.includes("traces"))
    throw new Error("tracing on, yet no span reached the OTLP receiver");
  console.log(
    `\n[${DB}] callback receiver, ${ON.join(" + ")} on vs off, ${ROUNDS} rounds of ${ROUND_SEC} s, the server restarted with each round's setting`,
  );
  figure('spans exported by the "on" side per callback', spans / Math.max(1, requestsOn), "spans");
  for (const setting of ["off", "on"] as const) {
    figure(
      `receiver, ${setting} (mean of rounds)`,
      mean(rounds[setting], (r) => r.requestsPerSec),
      "req/s",
      `p99 ${mean(rounds[setting], (r) => r.p99Ms).toFixed(0)} ms, non-2xx ${rounds[setting].reduce((t, r) => t + r.non2xx, 0)}, CPU ${mean(rounds[setting], (r) => r.cpuUsPerRequest).toFixed(0)} µs a request`,
    );
  }
  console.log(`  rounds in order (req/s): ${inOrder.join(", ")}`);
  ratio(
    `[${DB}] receiver throughput, ${ON.join(" + ")} on / off`,
    mean(rounds.on, (r) => r.requestsPerSec),
    mean(rounds.off, (r) => r.requestsPerSec),
    "≥ 0.9",
  );
  ratio(
    `[${DB}] server CPU per request, off / on`,
    mean(rounds.off, (r) => r.cpuUsPerRequest),
    mean(rounds.on, (r) => r.cpuUsPerRequest),
    "≥ 0.9",
  );
}
