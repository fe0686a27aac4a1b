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
 * Two servers with the same settings differ by themselves: with both "off", the second one measured 1.04–1.14×
 * the first in three runs, more than the effect measured. So the settings are swapped halfway: each server
 * (its process, its database) runs "off" in one half and "on" in the other, restarted in between, and the
 * ratio is taken over both halves; each half's own ratio is printed too, so such a difference shows.
 *
 * Env: BENCH_DURATION_SEC (per setting, split in four rounds, default 20), BENCH_WARMUP_SEC (default 2),
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
/** Per setting, half in each half of the run; alternating, so that whatever else loads the machine falls on both alike. */
const ROUNDS = 4;
const ROUND_SEC = Math.max(1, Math.round(DURATION_SEC / ROUNDS));
const CALLBACK_ORDERS = Number(process.env.BENCH_CALLBACK_ORDERS ?? 20_000);
const DB = process.env.BENCH_OBSERVABILITY_DB === "postgres" ? "postgres" : "pglite";
const TOKEN = "bench-metrics-token-0123456789";

type Setting = "off" | "on";

/** One of the two servers: its database, its seeded callback targets, and how to restart it with a setting. */
interface Instance {
  name: string;
  server?: Server;
  targets: CallbackTarget[];
  restart?: (env: Record<string, string>) => Promise<Server>;
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

async function round(instance: Instance, setting: Setting): Promise<Round> {
  const server = instance.server;
  if (!server) throw new Error(`${instance.name}: no server`);
  let n = 0;
  const make = () => {
    const target = instance.targets[Math.floor(Math.random() * instance.targets.length)];
    if (!target) throw new Error("no callback targets");
    const id = `obs-${instance.name}-${setting}-${randomUUID()}-${n++}`;
    return { ...signedCallback(target, id), id };
  };
  const stopScraping = setting === "on" ? scraper(server.url) : undefined;
  const result = await drive(`${server.url}/api/postback`, ROUND_SEC, make, nextServerTree(server.pid));
  if (stopScraping && (await stopScraping()) === 0) throw new Error("/metrics was never scraped");
  return result;
}

/** Starts `instances` one inside the other (each its own database and server), then calls `run` with all up. */
async function withServers(
  instances: Instance[],
  env: (instance: Instance) => Record<string, string>,
  run: () => Promise<void>,
): Promise<void> {
  const [instance, ...rest] = instances;
  if (!instance) return run();
  await withBenchDashboard({
    name: `bench_obs_${instance.name}`,
    database: DB,
    seed: async (db) => {
      await seedOrders(db, { from: 1, to: CALLBACK_ORDERS, newest: new Date(), status: "In progress" });
      await db.exec("ANALYZE orders");
      instance.targets = await callbackTargets(db);
    },
    env: env(instance),
    run: async (server, _db, restart) => {
      instance.server = server;
      instance.restart = restart;
      await withServers(rest, env, run);
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

const mean = (rounds: Round[], f: (r: Round) => number) =>
  rounds.reduce((t, r) => t + f(r), 0) / Math.max(1, rounds.length);

async function compare(collector: OtlpReceiver): Promise<void> {
  const common = { SANDBOX_RATE_LIMIT_PER_MINUTE: "0" };
  const settings: Record<Setting, Record<string, string>> = {
    off: { ...common, LOG_LEVEL: "silent" },
    on: {
      ...common,
      LOG_LEVEL: "info",
      METRICS_TOKEN: TOKEN,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    },
  };
  const a: Instance = { name: "a", targets: [] };
  const b: Instance = { name: "b", targets: [] };
  // First half: a off, b on; second half: a on, b off.
  const halves: [Record<Setting, Instance>, Record<Setting, Instance>] = [
    { off: a, on: b },
    { off: b, on: a },
  ];
  const rounds: Record<Setting, Round[]> = { off: [], on: [] };
  const halfRatios: number[] = [];
  await withServers(
    [a, b],
    (i) => settings[halves[0].off === i ? "off" : "on"],
    async () => {
      for (const [h, half] of halves.entries()) {
        if (h > 0)
          for (const setting of ["on", "off"] as const) {
            const instance = half[setting];
            if (!instance.restart) throw new Error(`${instance.name}: cannot restart`);
            instance.server = await instance.restart(settings[setting]);
          }
        for (const instance of [a, b]) await drive(`${instance.server?.url}/api/healthz`, WARMUP_SEC);
        const here: Record<Setting, Round[]> = { off: [], on: [] };
        for (let i = 0; i < ROUNDS / 2; i++)
          for (const setting of i % 2 ? (["on", "off"] as const) : (["off", "on"] as const))
            here[setting].push(await round(half[setting], setting));
        rounds.off.push(...here.off);
        rounds.on.push(...here.on);
        halfRatios.push(
          mean(here.on, (r) => r.requestsPerSec) /
            Math.max(
              1e-9,
              mean(here.off, (r) => r.requestsPerSec),
            ),
        );
      }
    },
  );
  const requestsOn = rounds.on.reduce((t, r) => t + r.ok + r.non2xx, 0);
  // Roughly: the warm-up and the scrapes are traced too, and the last batch of a server stopped at the swap
  // is exported as it stops. A short run (the smoke) may end before the first batch is due (5 s).
  for (let waited = 0; collector.count() === 0 && waited < 10_000; waited += 250)
    await new Promise((r) => setTimeout(r, 250));
  const spans = collector.count();
  if (spans === 0) throw new Error("tracing on, yet no span reached the OTLP receiver");
  console.log(
    `\n[${DB}] callback receiver, metrics, JSON logs and tracing on vs off, ${ROUNDS} alternating rounds of ${ROUND_SEC} s each, settings swapped between the two servers halfway`,
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
  console.log(
    `  on / off in each half (server a off then on): ${halfRatios.map((r) => `${r.toFixed(2)} ×`).join(", ")}`,
  );
  ratio(
    `[${DB}] receiver throughput, metrics + logs + traces on / off`,
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
