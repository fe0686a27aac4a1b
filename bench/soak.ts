/**
 * Issue 20 figures (`npm run bench -- soak [--minutes 60]`): the product as `npm start` runs it (scripts/start.mjs:
 * the embedded sandbox and the dashboard, both on embedded PGlite) under an hour of mixed load
 * (bench/soak-load.ts), watched for what would hurt a user of Node.js 24 with PGlite:
 * - abnormal exits of the sandbox or the dashboard, and V8's JIT-page abort on their stderr ("Check failed:
 *   jit_page", nodejs/node#64500: see scripts/node-runtime.mjs);
 * - that the protection is in effect: `--no-memory-protection-keys` on both processes' command lines, and
 *   whether this CPU has protection keys at all (without them the abort cannot happen here);
 * - memory growth: each process's RSS at the end against its RSS after the warm-up (the same run's baseline);
 * - error rates per kind of request, latency in the last fifth of the run against the first fifth, and every
 *   order the sandbox settled by callback showing that status on the dashboard.
 * A crash, the abort, or the flag missing fails the part; the other figures are reported, not asserted.
 *
 * Env: BENCH_SOAK_SEC (default 3600; `--minutes N` sets it), BENCH_SOAK_USERS (concurrent operators, default 4),
 * BENCH_SOAK_PAUSE_MS (each operator's pause between operations, default 50).
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { pgliteSafeNodeFlags } from "../scripts/node-runtime.mjs";
import { KNOWN_V8_ABORT } from "../scripts/worker-deaths.mjs";
import { seedOperatorSession } from "./dashboard-session";
import { type Server, serverActionId, withBenchDashboard } from "./dashboard-process";
import { figure, ratio } from "./lib";
import { cmdline, nextServerTree, rssBytes, treeOf } from "./server-memory";
import { SoakLoad } from "./soak-load";

const SOAK_SEC = Number(process.env.BENCH_SOAK_SEC ?? 3600);
const USERS = Number(process.env.BENCH_SOAK_USERS ?? 4);
const PAUSE_MS = Number(process.env.BENCH_SOAK_PAUSE_MS ?? 50);
/** RSS is sampled this often; a progress line is printed every PROGRESS_MS on long runs. */
const SAMPLE_MS = SOAK_SEC >= 600 ? 5_000 : 1_000;
const PROGRESS_MS = 10 * 60_000;
/** The RSS baseline is taken once the warm-up is over: a fifth of the run, at most a minute. */
const WARMUP_MS = Math.min(60_000, (SOAK_SEC * 1000) / 5);
const FLAG = "--no-memory-protection-keys";
const MiB = 1024 * 1024;

interface Watched {
  name: string;
  pids: number[];
  rssStart: number;
  rssPeak: number;
  rssEnd: number;
  /** [ms into the run, RSS] every SAMPLE_MS: the curve, to tell a plateau from steady growth. */
  rssSamples: [number, number][];
}

/** The product's two PGlite processes under scripts/start.mjs: the sandbox and the Next server (with what it started). */
function productProcesses(server: Server): Watched[] {
  const sandbox = treeOf(server.pid).find((p) => cmdline(p).includes("lib/sandbox/main.ts"));
  if (sandbox === undefined) throw new Error(`no sandbox process under ${server.pid}`);
  const watched = (name: string, pids: number[]) => ({
    name,
    pids,
    rssStart: 0,
    rssPeak: 0,
    rssEnd: 0,
    rssSamples: [] as [number, number][],
  });
  return [watched("sandbox", [sandbox]), watched("dashboard (Next)", nextServerTree(server.pid))];
}

const rss = (w: Watched) => w.pids.reduce((s, p) => s + rssBytes(p), 0);
const alive = (pid: number) => existsSync(`/proc/${pid}`);

/** The flag on each process's command line, the Node.js it runs, and whether this CPU has protection keys. */
function checkProtection(watched: Watched[]): string[] {
  const problems: string[] = [];
  const expected = pgliteSafeNodeFlags().includes(FLAG);
  const pku = /^flags\s*:.*\bpku\b/m.test(readFileSync("/proc/cpuinfo", "utf8"));
  console.log(
    `\n[soak] Node.js ${process.version}; this CPU has memory protection keys (pku): ${pku ? "yes" : "no"}`,
  );
  for (const w of watched) {
    const main = w.pids[0]!;
    const line = cmdline(main);
    const has = line.split(" ").includes(FLAG);
    const node = realpathSync(`/proc/${main}/exe`) === realpathSync(process.execPath);
    figure(
      `${w.name}: ${FLAG} on its command line`,
      has ? 1 : 0,
      "",
      has ? "(yes)" : `(no: ${line.slice(0, 120)})`,
    );
    if (!node) problems.push(`${w.name} does not run this Node.js (${realpathSync(`/proc/${main}/exe`)})`);
    if (expected && !has) problems.push(`${w.name} runs without ${FLAG}`);
  }
  if (!expected) console.log(`(this Node.js refuses ${FLAG}: the abort it prevents is not in its V8)`);
  return problems;
}

export async function runSoak(): Promise<void> {
  let session = "";
  await withBenchDashboard({
    name: "bench_soak",
    database: "pglite",
    seed: async (db) => {
      session = (await seedOperatorSession(db)).token;
    },
    env: { SANDBOX_RATE_LIMIT_PER_MINUTE: "0" },
    run: (server) => soak(server, session),
  });
}

async function soak(server: Server, session: string): Promise<void> {
  const stderr = { aborts: 0, exits: [] as string[] };
  server.watchStderr((text) => {
    if (KNOWN_V8_ABORT.test(text)) stderr.aborts++;
    for (const m of text.matchAll(/\[start\] .* exited \([^)]*\)/g)) stderr.exits.push(m[0]);
  });
  const watched = productProcesses(server);
  const problems = checkProtection(watched);

  const load = new SoakLoad(
    {
      url: server.url,
      session,
      payinActionId: serverActionId("lib/actions/create-payin-action.ts", "createPayinAction"),
      payoutActionId: serverActionId("lib/actions/create-payout-action.ts", "createPayoutAction"),
    },
    PAUSE_MS,
  );
  console.log(`[soak] ${USERS} operators, ${SOAK_SEC} s of mixed load on PGlite…`);
  const started = Date.now();
  const running = load.run(USERS);
  let died: string | null = null;
  let lastProgress = started;
  while (Date.now() - started < SOAK_SEC * 1000 && died === null) {
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
    const gone = watched.find((w) => !alive(w.pids[0]!));
    if (gone || server.exit() !== null)
      died = gone ? `${gone.name} exited` : `start.mjs exited (${server.exit()})`;
    for (const w of watched) {
      const now = rss(w);
      if (Date.now() - started >= WARMUP_MS && w.rssStart === 0) w.rssStart = now;
      w.rssPeak = Math.max(w.rssPeak, now);
      if (now > 0) w.rssEnd = now;
      w.rssSamples.push([Date.now() - started, now]);
    }
    if (Date.now() - lastProgress >= PROGRESS_MS) {
      lastProgress = Date.now();
      const requests = [...load.kinds.values()].reduce((s, k) => s + k.count, 0);
      const errors = [...load.kinds.values()].reduce((s, k) => s + k.errors, 0);
      console.log(
        `[soak] ${((Date.now() - started) / 60_000).toFixed(0)} min: ${requests} requests, ${errors} errors, RSS ${watched.map((w) => `${w.name} ${(rss(w) / MiB).toFixed(0)} MB`).join(", ")}`,
      );
    }
  }
  load.stop();
  await running;
  const elapsedMs = Date.now() - started;
  // Let the last settling callbacks land before comparing statuses.
  const settled = died === null ? await callbacksSettled(load) : { applied: 0, expected: 0, wrong: 0 };

  printLoad(load, elapsedMs);
  console.log("\nprocesses");
  for (const w of watched) {
    figure(`${w.name} RSS after the warm-up`, w.rssStart / MiB, "MB");
    figure(`${w.name} RSS at the end`, w.rssEnd / MiB, "MB", `(peak ${(w.rssPeak / MiB).toFixed(0)} MB)`);
    ratio(`${w.name} RSS end / after warm-up`, w.rssEnd, w.rssStart, "≈ 1: no steady growth");
    console.log(`  RSS at the end of each fifth of the run: ${byFifth(w.rssSamples, elapsedMs)}`);
  }
  figure("abnormal exits", died === null ? 0 : 1, "", died ?? "(target 0)");
  figure("V8 JIT-page aborts on the product's stderr", stderr.aborts, "", "(target 0)");
  if (settled.expected > 0) {
    figure("orders settled by the sandbox's callback", settled.expected, "");
    ratio("  showing the callback's status on the dashboard", settled.applied, settled.expected, "1.00");
    figure("orders showing a status no callback brought", settled.wrong, "", "(target 0)");
  }

  if (died) problems.push(`${died} during the soak ${stderr.exits.join("; ")}`);
  if (stderr.aborts > 0) problems.push(`V8's JIT-page abort on stderr ${stderr.aborts} time(s)`);
  if (problems.length > 0) throw new Error(problems.join("; "));
}

/** The last sample of each fifth of the run, in MB. */
function byFifth(samples: [number, number][], elapsedMs: number): string {
  return [1, 2, 3, 4, 5]
    .map((i) => samples.findLast(([at]) => at <= (i * elapsedMs) / 5)?.[1])
    .map((b) => (b === undefined ? "–" : `${(b / MiB).toFixed(0)}`))
    .join(", ")
    .concat(" MB");
}

function printLoad(load: SoakLoad, elapsedMs: number): void {
  console.log(`\n[soak] ${(elapsedMs / 1000).toFixed(0)} s of mixed load, ${USERS} operators`);
  let total = 0;
  let errors = 0;
  for (const [kind, k] of load.kinds) {
    total += k.count;
    errors += k.errors;
    const ms = k.samples.map(([, ms]) => ms).sort((a, b) => a - b);
    const p = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? Number.NaN;
    figure(
      `${kind}`,
      k.count,
      "requests",
      `errors ${k.errors} (${((100 * k.errors) / k.count).toFixed(2)} %), p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`,
    );
    for (const e of k.firstErrors) console.log(`    e.g. ${e}`);
  }
  if (total === 0) throw new Error("the soak made no request");
  figure("all requests", total, "", `${((total * 1000) / elapsedMs).toFixed(1)} per second`);
  figure("error rate", (100 * errors) / total, "%", "(target 0)");
  const fifth = elapsedMs / 5;
  const first = load.medianLatency(0, fifth);
  const last = load.medianLatency(elapsedMs - fifth, elapsedMs + 1);
  figure("median latency, first fifth of the run", first.ms, "ms", `(${first.n} requests)`);
  figure("median latency, last fifth of the run", last.ms, "ms", `(${last.n} requests)`);
  ratio("median latency, last fifth / first fifth", last.ms, first.ms, "≈ 1: no slowdown over time");
}

/** Polls the dashboard until every order the sandbox settled shows that status (at most 30 s). */
async function callbacksSettled(
  load: SoakLoad,
): Promise<{ applied: number; expected: number; wrong: number }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const statuses = await load.statuses(load.orders.map((o) => o.id));
    const settling = load.orders.filter((o) => o.expected !== null);
    const applied = settling.filter((o) => statuses.get(o.id) === o.expected).length;
    // An unsettled pay-in may expire on a long run (the sandbox's sweeper sends that callback): not wrong.
    const unsettled = (o: (typeof load.orders)[number]) =>
      statuses.get(o.id) === "In progress" || (o.direction === "payin" && statuses.get(o.id) === "Expired");
    const wrong = load.orders.filter((o) => o.expected === null && !unsettled(o)).length;
    if (applied === settling.length || Date.now() > deadline)
      return { applied, expected: settling.length, wrong };
    await new Promise((r) => setTimeout(r, 1000));
  }
}
