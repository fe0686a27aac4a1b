/**
 * Issue 18's performance line, "receiver with metrics, JSON logs and tracing on ≥ 0.9× the same with them
 * off": two production dashboards side by side on the same build and the same kind of database, seeded
 * alike — "off" with LOG_LEVEL=silent, no METRICS_TOKEN and no OTLP endpoint, "on" with LOG_LEVEL=info (a
 * JSON line a request), METRICS_TOKEN set while /metrics is scraped every second, and tracing on (every
 * request sampled: Next.js's spans and the receiver's own, batched to an OTLP/HTTP receiver here that counts
 * and discards them) — driven in alternating rounds with correctly signed callbacks (POST /api/postback, 50
 * connections). Counting into the registry is always on (it cannot be turned off), so "off" still counts:
 * what the ratio shows is logging, scraping and serving metrics, and recording and exporting spans.
 *
 * Env: BENCH_DURATION_SEC (per server, split in four rounds, default 20), BENCH_WARMUP_SEC (default 2),
 * BENCH_CALLBACK_ORDERS (default 20 000), BENCH_OBSERVABILITY_DB (pglite or postgres, default pglite).
 */
import { randomUUID } from "node:crypto";
import { type Server, withBenchDashboard } from "./dashboard-process";
import { drive, type Round, signedCallback } from "./dashboard-server";
import { type OtlpReceiver, startOtlpReceiver } from "@/lib/testing/otlp-receiver";
import { figure, ratio } from "./lib";
import { nextServerTree } from "./server-memory";
import { type CallbackTarget, callbackTargets, seedOrders } from "./seed-orders";

const DURATION_SEC = Number(process.env.BENCH_DURATION_SEC ?? 20);
const WARMUP_SEC = Number(process.env.BENCH_WARMUP_SEC ?? 2);
/** Alternating, so that whatever else loads the machine falls on both sides alike. */
const ROUNDS = 4;
const ROUND_SEC = Math.max(1, Math.round(DURATION_SEC / ROUNDS));
const CALLBACK_ORDERS = Number(process.env.BENCH_CALLBACK_ORDERS ?? 20_000);
const DB = process.env.BENCH_OBSERVABILITY_DB === "postgres" ? "postgres" : "pglite";
const TOKEN = "bench-metrics-token-0123456789";

interface Side {
  name: "off" | "on";
  env: Record<string, string>;
  server?: Server;
  targets: CallbackTarget[];
  rounds: Round[];
}

/** Scrapes /metrics every second until stopped, as a Prometheus server would (more often than usual). */
function scraper(url: string): () => Promise<number> {
  let scrapes = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
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

async function round(side: Side): Promise<Round> {
  const server = side.server;
  if (!server) throw new Error(`${side.name}: no server`);
  let n = 0;
  const make = () => {
    const target = side.targets[Math.floor(Math.random() * side.targets.length)];
    if (!target) throw new Error("no callback targets");
    const id = `obs-${side.name}-${randomUUID()}-${n++}`;
    return { ...signedCallback(target, id), id };
  };
  const stopScraping = side.name === "on" ? scraper(server.url) : undefined;
  const result = await drive(`${server.url}/api/postback`, ROUND_SEC, make, nextServerTree(server.pid));
  if (stopScraping && (await stopScraping()) === 0) throw new Error("/metrics was never scraped");
  return result;
}

/** Starts `sides` one inside the other (each its own database and server), then calls `run` with all up. */
async function withServers(sides: Side[], run: () => Promise<void>): Promise<void> {
  const [side, ...rest] = sides;
  if (!side) return run();
  await withBenchDashboard({
    name: `bench_obs_${side.name}`,
    database: DB,
    seed: async (db) => {
      await seedOrders(db, { from: 1, to: CALLBACK_ORDERS, newest: new Date(), status: "In progress" });
      await db.exec("ANALYZE orders");
      side.targets = await callbackTargets(db);
    },
    env: { SANDBOX_RATE_LIMIT_PER_MINUTE: "0", ...side.env },
    run: async (server) => {
      side.server = server;
      await withServers(rest, run);
    },
  });
}

export async function runObservabilityBench(): Promise<void> {
  const collector: OtlpReceiver = await startOtlpReceiver({ keep: false });
  try {
    await compare(collector);
  } finally {
    await collector.close();
  }
}

async function compare(collector: OtlpReceiver): Promise<void> {
  const off: Side = { name: "off", env: { LOG_LEVEL: "silent" }, targets: [], rounds: [] };
  const on: Side = {
    name: "on",
    env: { LOG_LEVEL: "info", METRICS_TOKEN: TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url },
    targets: [],
    rounds: [],
  };
  await withServers([off, on], async () => {
    for (const side of [off, on]) await drive(`${side.server?.url}/api/healthz`, WARMUP_SEC);
    for (let i = 0; i < ROUNDS; i++)
      for (const side of i % 2 ? [on, off] : [off, on]) side.rounds.push(await round(side));
    const mean = (rounds: Round[], f: (r: Round) => number) =>
      rounds.reduce((t, r) => t + f(r), 0) / Math.max(1, rounds.length);
    const requestsOn = on.rounds.reduce((t, r) => t + r.ok + r.non2xx, 0);
    // Roughly: the warm-up and the scrapes are traced too, and the last batch (still waiting) is not counted.
    // A short run (the smoke) may end before the first batch is due (OTEL_BSP_SCHEDULE_DELAY, 5 s).
    for (let waited = 0; collector.count() === 0 && waited < 10_000; waited += 250)
      await new Promise((r) => setTimeout(r, 250));
    const spans = collector.count();
    if (spans === 0) throw new Error("tracing on, yet no span reached the OTLP receiver");
    console.log(
      `\n[${DB}] callback receiver, metrics, JSON logs and tracing on vs off, ${ROUNDS} alternating rounds of ${ROUND_SEC} s each`,
    );
    figure('spans exported by the "on" side per callback', spans / Math.max(1, requestsOn), "spans");
    for (const side of [off, on]) {
      figure(
        `receiver, ${side.name} (mean of rounds)`,
        mean(side.rounds, (r) => r.requestsPerSec),
        "req/s",
        `p99 ${mean(side.rounds, (r) => r.p99Ms).toFixed(0)} ms, non-2xx ${side.rounds.reduce((t, r) => t + r.non2xx, 0)}`,
      );
    }
    ratio(
      `[${DB}] receiver throughput, metrics + logs + traces on / off`,
      mean(on.rounds, (r) => r.requestsPerSec),
      mean(off.rounds, (r) => r.requestsPerSec),
      "≥ 0.9",
    );
    ratio(
      `[${DB}] server CPU per request, off / on`,
      mean(off.rounds, (r) => r.cpuUsPerRequest),
      mean(on.rounds, (r) => r.cpuUsPerRequest),
      "≥ 0.9",
    );
  });
}
