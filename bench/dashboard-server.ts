/**
 * Issue 3 and 8 figures against the dashboard's production server (`node scripts/start.mjs`: next build if
 * stale, embedded sandbox, `next start`), on a scratch PostgreSQL database and then on embedded PGlite:
 * - callback receiver throughput, POST /api/postback with correctly signed deliveries (both signature
 *   styles, a unique webhook-id each) for seeded orders, against the empty route POST /api/healthz, in
 *   alternating rounds at 50 connections; then "nothing lost": every delivery answered 2xx is looked up
 *   by its webhook-id in callback_deliveries;
 * - the server's RSS while four parallel 256 MB chunked posts hit /api/postback (bench/server-memory.ts);
 * - the real server action over HTTP (bench/dashboard-action.ts, worker mode) while the server is up.
 *
 * Env: BENCH_DURATION_SEC (per round, default 10, split in two rounds), BENCH_WARMUP_SEC (the warm-up
 * before them, default 2), BENCH_CALLBACK_ORDERS (default 20 000), BENCH_RECEIVER_DBS (default
 * "postgres,pglite"), BENCH_RECEIVER_ONLY=1 (only the receiver figures: no memory figure, no server
 * action); the build as bench/dashboard-process.ts says.
 */
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { CALLBACK_HEADERS } from "@/lib/contract";
import type { Database } from "@/lib/database";
import { sign, signStandardWebhook } from "@/lib/signing";
import { seedOperatorSession } from "./dashboard-session";
import { runWorker } from "./dashboard-support";
import { SANDBOX_ACCOUNT, type Server, serverActionId, withBenchDashboard } from "./dashboard-process";
import { figure, ratio, roundEnd } from "./lib";
import { cpuMs } from "./server-cpu";
import { type LockWaits, sampleLockWaits } from "./lock-waits";
import { nextServerTree, postbackMemoryFigure } from "./server-memory";
import { type CallbackTarget, callbackTargets, seedOrders } from "./seed-orders";

const CONNECTIONS = 50;
const DURATION_SEC = Number(process.env.BENCH_DURATION_SEC ?? 10);
const ROUNDS = 2;
const WARMUP_SEC = Number(process.env.BENCH_WARMUP_SEC ?? 2);
const ROUND_SEC = Math.max(1, Math.round(DURATION_SEC / ROUNDS));
const CALLBACK_ORDERS = Number(process.env.BENCH_CALLBACK_ORDERS ?? 20_000);

export function signedCallback(target: CallbackTarget, webhookId: string) {
  const body = JSON.stringify({
    id: target.providerOrderId,
    paymentId: target.paymentId,
    type: target.direction,
    status: "Success",
    amount: target.amount,
    paymentMethod: target.paymentMethod,
    country: target.country,
    updatedAt: new Date().toISOString(),
  });
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    body,
    headers: {
      "content-type": "application/json",
      [CALLBACK_HEADERS.clientId]: SANDBOX_ACCOUNT.clientId,
      [CALLBACK_HEADERS.signature]: sign(SANDBOX_ACCOUNT.secret, body),
      [CALLBACK_HEADERS.webhookId]: webhookId,
      [CALLBACK_HEADERS.webhookTimestamp]: String(timestamp),
      [CALLBACK_HEADERS.webhookSignature]: signStandardWebhook(
        SANDBOX_ACCOUNT.secret,
        webhookId,
        timestamp,
        body,
      ),
    },
  };
}

export interface Round {
  requestsPerSec: number;
  p99Ms: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** webhook-ids of the deliveries answered 2xx. */
  okIds: string[];
  /** CPU time the Next server (all its threads) spent per answered request in the round, in µs. */
  cpuUsPerRequest: number;
}

/**
 * A new dashboard's two measured routes warmed up: one request each first (on a busy machine a cold route can take
 * longer than a smoke run's warm-up second, which then saw no answer at all), then `seconds` of load each.
 */
export async function warmUp(
  url: string,
  postback: () => { body: string; headers: Record<string, string> },
  seconds: number,
) {
  await answerOnce(`${url}/api/healthz`);
  await answerOnce(`${url}/api/postback`, postback);
  await drive(`${url}/api/healthz`, seconds);
  await drive(`${url}/api/postback`, seconds, postback);
}

/** What drive and answerOnce send when given nothing to make: an empty JSON object. */
const EMPTY_POST = { body: "{}", headers: { "content-type": "application/json" } };

/** One POST to `url` (made by `make`, else EMPTY_POST), answered whatever its status. */
async function answerOnce(url: string, make?: () => { body: string; headers: Record<string, string> }) {
  const made = make?.() ?? EMPTY_POST;
  await (await fetch(url, { method: "POST", body: made.body, headers: made.headers })).arrayBuffer();
}

export async function drive(
  url: string,
  durationSec: number,
  make?: () => { body: string; headers: Record<string, string>; id?: string },
  serverPids: readonly number[] = [],
): Promise<Round> {
  const okIds: string[] = [];
  const cpuBefore = cpuMs(serverPids);
  const result = await autocannon({
    url,
    method: "POST",
    connections: CONNECTIONS,
    ...roundEnd(durationSec),
    requests: [
      {
        setupRequest: (req, context) => {
          const made: { body: string; headers: Record<string, string>; id?: string } = make?.() ?? EMPTY_POST;
          (context as { id?: string }).id = made.id;
          return { ...req, method: "POST", body: made.body, headers: { ...req.headers, ...made.headers } };
        },
        onResponse: (status, _body, context) => {
          const id = (context as { id?: string }).id;
          if (id && status >= 200 && status < 300) okIds.push(id);
        },
      },
    ],
  });
  // Refusals are quick: a round with no success would measure how fast the server says no.
  if (result["2xx"] === 0) throw new Error(`${url}: no request answered 2xx (non-2xx ${result.non2xx})`);
  return {
    requestsPerSec: result.requests.average,
    p99Ms: result.latency.p99,
    ok: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    okIds,
    cpuUsPerRequest: ((cpuMs(serverPids) - cpuBefore) * 1000) / Math.max(1, result["2xx"] + result.non2xx),
  };
}

async function callbackRounds(
  server: Server,
  targets: CallbackTarget[],
  db: Database | undefined,
): Promise<{ empty: Round[]; receiver: Round[]; lockWaits?: LockWaits }> {
  let n = 0;
  const postback = (prefix: string) => () => {
    const target = targets[Math.floor(Math.random() * targets.length)];
    if (!target) throw new Error("no callback targets");
    const id = `${prefix}-${randomUUID()}-${n++}`;
    return { ...signedCallback(target, id), id };
  };
  // Warm-up: JIT, the route bundles, the connection pool.
  await warmUp(server.url, postback("warm"), WARMUP_SEC);
  const pids = nextServerTree(server.pid);

  const empty: Round[] = [];
  const receiver: Round[] = [];
  const waits: LockWaits = { share: 0, byEvent: {} };
  for (let r = 0; r < ROUNDS; r++) {
    // Alternating rounds, so load from elsewhere on the machine weighs on both sides.
    empty.push(await drive(`${server.url}/api/healthz`, ROUND_SEC, undefined, pids));
    const sampling = db && sampleLockWaits(db);
    receiver.push(await drive(`${server.url}/api/postback`, ROUND_SEC, postback("run"), pids));
    const round = await sampling?.stop();
    waits.share += (round?.share ?? 0) / ROUNDS;
    for (const [event, n] of Object.entries(round?.byEvent ?? {}))
      waits.byEvent[event] = (waits.byEvent[event] ?? 0) + n;
  }
  return { empty, receiver, ...(db ? { lockWaits: waits } : {}) };
}

const mean = (rounds: Round[], f: (r: Round) => number) =>
  rounds.reduce((s, r) => s + f(r), 0) / rounds.length;
const sum = (rounds: Round[], f: (r: Round) => number) => rounds.reduce((s, r) => s + f(r), 0);

function printRounds(kind: string, targets: number, empty: Round[], receiver: Round[]): void {
  console.log(
    `\n[${kind}] callback receiver vs empty Next route, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_SEC} s`,
  );
  for (const [i, r] of empty.entries()) {
    figure(
      `POST /api/healthz round ${i + 1}`,
      r.requestsPerSec,
      "req/s",
      `p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}`,
    );
  }
  for (const [i, r] of receiver.entries()) {
    figure(
      `POST /api/postback round ${i + 1} (${targets} orders)`,
      r.requestsPerSec,
      "req/s",
      `p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
    );
  }
  const e = mean(empty, (r) => r.requestsPerSec);
  const p = mean(receiver, (r) => r.requestsPerSec);
  figure("empty route (mean of rounds)", e, "req/s", `p99 ${mean(empty, (r) => r.p99Ms).toFixed(0)} ms`);
  figure(
    "callback receiver (mean of rounds)",
    p,
    "req/s",
    `p99 ${mean(receiver, (r) => r.p99Ms).toFixed(0)} ms`,
  );
  ratio(`[${kind}] callback receiver / empty route throughput`, p, e, "≥ 0.8");
  // The server's CPU per request (Next and its threads; not a PostgreSQL server's): what the throughput
  // ratio tends to when the server is CPU-bound, and far less moved by other load on the machine.
  const eCpu = mean(empty, (r) => r.cpuUsPerRequest);
  const pCpu = mean(receiver, (r) => r.cpuUsPerRequest);
  figure("Next server CPU per request, empty route", eCpu, "µs");
  figure("Next server CPU per request, callback receiver", pCpu, "µs");
  ratio(`[${kind}] empty route / callback receiver server CPU per request`, eCpu, pCpu, "≥ 0.8");
  ratio(
    `[${kind}] callback receiver / empty route p99 latency`,
    mean(receiver, (r) => r.p99Ms),
    mean(empty, (r) => r.p99Ms),
    "lower is better",
  );
}

/** Nothing lost: every delivery answered 2xx is in callback_deliveries, applied or otherwise processed. */
async function printStored(kind: string, db: Database, receiver: Round[]): Promise<void> {
  const okIds = receiver.flatMap((r) => r.okIds);
  const stored = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM callback_deliveries WHERE webhook_id = ANY($1::text[])",
    [okIds],
  );
  const outcomes = await db.query<{ outcome: string; n: number }>(
    `SELECT outcome, count(*)::int AS n FROM callback_deliveries WHERE webhook_id LIKE 'run-%'
      GROUP BY outcome ORDER BY n DESC`,
  );
  const storedRun = outcomes.reduce((s, o) => s + o.n, 0);
  const answered = sum(receiver, (r) => r.ok);
  figure(`[${kind}] deliveries answered 2xx`, answered, "");
  figure("  of them stored in callback_deliveries", stored[0]?.n ?? 0, "", "(nothing lost: equal)");
  figure("  lost", answered - (stored[0]?.n ?? 0), "", "(target 0)");
  figure(
    "  all stored deliveries of the rounds",
    storedRun,
    "",
    `(${outcomes.map((o) => `${o.outcome} ${o.n}`).join(", ")}; more than 2xx = cut off at the end)`,
  );
}

/** The databases the receiver is measured on (BENCH_RECEIVER_DBS, default both). */
const RECEIVER_DBS = (process.env.BENCH_RECEIVER_DBS ?? "postgres,pglite")
  .split(",")
  .filter((k): k is "postgres" | "pglite" => k === "postgres" || k === "pglite");

const RECEIVER_ONLY = process.env.BENCH_RECEIVER_ONLY === "1";

export async function runServerBench(): Promise<void> {
  for (const kind of RECEIVER_DBS) {
    let targets: CallbackTarget[] = [];
    let session = { token: "" };
    let receiver: Round[] = [];
    await withBenchDashboard({
      name: `bench_dash_server_${kind}`,
      database: kind,
      seed: async (db) => {
        await seedOrders(db, { from: 1, to: CALLBACK_ORDERS, newest: new Date(), status: "In progress" });
        await db.exec("ANALYZE orders");
        targets = await callbackTargets(db);
        session = await seedOperatorSession(db);
      },
      env: { SANDBOX_RATE_LIMIT_PER_MINUTE: "0" },
      run: async (server, db) => {
        const rounds = await callbackRounds(server, targets, kind === "postgres" ? db : undefined);
        receiver = rounds.receiver;
        printRounds(kind, targets.length, rounds.empty, rounds.receiver);
        if (rounds.lockWaits) {
          const on = Object.entries(rounds.lockWaits.byEvent).sort((a, b) => b[1] - a[1]);
          figure(
            `[${kind}] receiver's statements waiting on a lock`,
            rounds.lockWaits.share * 100,
            "%",
            `(of the active ones, sampled; lower is better; on: ${on.map(([e, n]) => `${e} ${n}`).join(", ") || "none"})`,
          );
        }
        if (RECEIVER_ONLY) return;
        await postbackMemoryFigure(server.url, server.pid);
        if (kind !== "postgres") return;
        await runWorker("bench/dashboard-action.ts", {
          BENCH_ACTION_SERVER_URL: server.url,
          BENCH_ACTION_SANDBOX_URL: server.sandboxUrl,
          BENCH_ACTION_ID: serverActionId("lib/actions/create-payin-action.ts", "createPayinAction"),
          BENCH_ACTION_SESSION: session.token,
        });
      },
      after: (db) => printStored(kind, db, receiver),
    });
  }
}
