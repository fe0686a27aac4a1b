/**
 * Issue 19 figures: the installed `payorders-sandbox` package (scripts/pack.mjs, installed from the npm cache into
 * a scratch project under the temporary folder, PGlite at the newest version the package allows, as an outside
 * install gets it: lib/testing/installed-packages.ts) against the sandbox as
 * `npm run sandbox` runs it (TypeScript through tsx) and against Prism 5's mock of the same contract (the
 * sandbox's OpenAPI document, lib/contract/openapi): start to healthy (target ≤ 2 s), and pay-in create
 * throughput under the same load as bench/sandbox.ts (50 connections, signed creates; targets ≥ 1.0× the
 * tsx-run sandbox and ≥ 2.5× Prism). Both sandboxes on PGlite folders of their own.
 *
 * The three servers run side by side and take the load in turns, ABC CBA ABC CBA …, each round a share of
 * BENCH_DURATION_SEC (BENCH_PACKAGE_ROUNDS per server, default 4): one round each, one after the other, measured
 * this machine's drift (its cores' speed changes by the minute) as much as the servers. Start times are the
 * median of BENCH_PACKAGE_STARTS (default 3) starts on an existing folder. A round's requests are signed before it
 * starts (signedPayinsMadeAhead): the load generator shares the cores with the server it measures.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/contract/openapi";
import {
  buildPackagesInTemp,
  installScratchProject,
  type InstalledSandbox,
  startInstalledSandbox,
} from "@/lib/testing/installed-packages";
import { pgliteSafeNodeFlags } from "../scripts/node-runtime.mjs";
import {
  figure,
  freePort,
  type LoadResult,
  load,
  processTreeCpuMs,
  ratio,
  ROOT,
  stolenSince,
  TSX_IN_PROCESS,
} from "./lib";
import {
  CLIENT_ID,
  CONNECTIONS,
  DURATION_SEC,
  SECRET,
  signedPayin,
  signedPayinsMadeAhead,
  WARMUP_SEC,
} from "./sandbox-load";

interface Timed {
  url: string;
  startMs: number;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Spawns a server and times it from the spawn to the first answer of `readyPath` that `ready` accepts
 * (polled every 20 ms, as startInstalledSandbox does).
 */
async function timedStart(
  command: string,
  args: string[],
  env: Record<string, string>,
  url: string,
  readyPath: string,
  ready: (status: number) => boolean,
): Promise<Timed> {
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${command} ${args.join(" ")} exited with ${child.exitCode}`);
    const status = await fetch(`${url}${readyPath}`).then(
      (res) => res.status,
      () => 0,
    );
    if (status && ready(status))
      return { url, startMs: performance.now() - started, pid: child.pid ?? 0, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${url}${readyPath} did not answer in 120 s`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function tsxSandbox(dataDir: string): Promise<Timed> {
  const port = await freePort();
  return timedStart(
    process.execPath,
    [...pgliteSafeNodeFlags(), ...TSX_IN_PROCESS, "lib/sandbox/main.ts"],
    {
      SANDBOX_PORT: String(port),
      SANDBOX_DATA_DIR: dataDir,
      SANDBOX_CLIENT_ID: CLIENT_ID,
      SANDBOX_CLIENT_SECRET: SECRET,
      SANDBOX_RATE_LIMIT_PER_MINUTE: "0",
      LOG_LEVEL: "warn",
    },
    `http://127.0.0.1:${port}`,
    "/healthz",
    (status) => status === 200,
  );
}

/** Prism 5 mocking the sandbox's OpenAPI document (`prism mock`); it serves no /healthz, so any answer. */
async function prismMock(dir: string): Promise<Timed> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const document = path.join(dir, "openapi.json");
  writeFileSync(document, JSON.stringify(buildOpenApiDocument({ serverUrl: url })));
  return timedStart(
    path.join(ROOT, "node_modules", ".bin", "prism"),
    ["mock", "-h", "127.0.0.1", "-p", String(port), "--errors", "false", document],
    {},
    url,
    "/healthz",
    () => true,
  );
}

const ROUNDS = Math.max(1, Number(process.env.BENCH_PACKAGE_ROUNDS ?? 4));
const ROUND_SEC = Math.max(1, Math.round(DURATION_SEC / 2));
/** Starts on an existing folder, each server: the figure is their median. */
const STARTS = Math.max(1, Number(process.env.BENCH_PACKAGE_STARTS ?? 3));

type Server = "package" | "tsx" | "prism";

/** ABC CBA ABC …: every server as often first as last, so a drift of the machine's speed favours none. */
function turnOrder<T>(servers: readonly T[], rounds: number): T[] {
  return Array.from({ length: rounds }, (_, i) => (i % 2 === 0 ? servers : [...servers].reverse())).flat();
}

const createTarget = (url: string) => `${url}/api/v1/payin/create`;

/** Requests made ahead of a round: more than any of the three servers answers in a second, times its length. */
const MADE_AHEAD_PER_SEC = 4_000;

async function warmUp(url: string) {
  // A number of requests rather than seconds: on a busy machine a short round may see no answer.
  await load({
    url: createTarget(url),
    connections: CONNECTIONS,
    amount: CONNECTIONS * 4 * WARMUP_SEC,
    makeRequest: signedPayin,
  });
}

interface Throughput {
  requestsPerSec: number;
  /** Each round's answers a second, in the order of the turns (the i-th of each server ran side by side). */
  perRound: number[];
  slowestRound: number;
  fastestRound: number;
  worstP99Ms: number;
  non2xx: number;
  errors: number;
  /** The server's processor time per answer over its rounds (µs; its threads and child processes); NaN without /proc. */
  cpuPerAnswerUs: number;
  /** The load generator's (this process's) processor time per answer over those rounds (µs). */
  generatorPerAnswerUs: number;
}

/** Each server's throughput over all its rounds (answers / seconds), with its rounds' spread and processor time. */
async function throughputInTurns(
  servers: Record<Server, { url: string; pid: number }>,
): Promise<Record<Server, Throughput>> {
  const rounds: Record<Server, LoadResult[]> = { package: [], tsx: [], prism: [] };
  const cpuMs: Record<Server, number> = { package: 0, tsx: 0, prism: 0 };
  const generatorMs: Record<Server, number> = { package: 0, tsx: 0, prism: 0 };
  for (const server of turnOrder<Server>(["package", "tsx", "prism"], ROUNDS)) {
    const makeRequest = signedPayinsMadeAhead(MADE_AHEAD_PER_SEC * ROUND_SEC);
    const before = processTreeCpuMs(servers[server].pid);
    const generatorBefore = process.cpuUsage();
    rounds[server].push(
      await load({
        url: createTarget(servers[server].url),
        connections: CONNECTIONS,
        durationSec: ROUND_SEC,
        makeRequest,
      }),
    );
    const after = processTreeCpuMs(servers[server].pid);
    const generator = process.cpuUsage(generatorBefore);
    generatorMs[server] += (generator.user + generator.system) / 1000;
    cpuMs[server] += before === undefined || after === undefined ? Number.NaN : after - before;
  }
  const summary = (results: LoadResult[], cpu: number, generator: number): Throughput => {
    const perSec = results.map((r) => r.requestsPerSec);
    const answers = results.reduce((sum, r) => sum + r.total, 0);
    return {
      perRound: perSec,
      cpuPerAnswerUs: (1000 * cpu) / answers,
      generatorPerAnswerUs: (1000 * generator) / answers,
      requestsPerSec: results.reduce((sum, r) => sum + r.total, 0) / (results.length * ROUND_SEC),
      slowestRound: Math.min(...perSec),
      fastestRound: Math.max(...perSec),
      worstP99Ms: Math.max(...results.map((r) => r.p99Ms)),
      non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
      errors: results.reduce((sum, r) => sum + r.errors, 0),
    };
  };
  return {
    package: summary(rounds.package, cpuMs.package, generatorMs.package),
    tsx: summary(rounds.tsx, cpuMs.tsx, generatorMs.tsx),
    prism: summary(rounds.prism, cpuMs.prism, generatorMs.prism),
  };
}

/**
 * The ratio's spread over the turns: each of a's rounds against b's of the same turn (run next to it, so a drift
 * of the machine's speed moves both). Two servers running the same code land either side of 1.0 by this much.
 */
function turnByTurn(a: Throughput, b: Throughput): string {
  const ratios = a.perRound.map((perSec, i) => perSec / (b.perRound[i] ?? Number.NaN));
  return `turn by turn ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function runSandboxPackageBench(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-package-"));
  const packStarted = performance.now();
  const built = await buildPackagesInTemp();
  const packMs = performance.now() - packStarted;
  const installStarted = performance.now();
  // PGlite as an outside install gets it: the newest the package allows (its pin: the template's version).
  const project = installScratchProject({
    name: "bench-sandbox-package",
    tarballs: [built.sandbox],
    newest: ["@electric-sql/pglite"],
  });
  const installMs = performance.now() - installStarted;
  const flags = (dataDir: string, logLevel = "warn") => [
    "--port",
    "0",
    "--data-dir",
    dataDir,
    "--client-id",
    CLIENT_ID,
    "--client-secret",
    SECRET,
    "--rate-limit-per-minute",
    "0",
    "--log-level",
    logLevel,
  ];
  let running: InstalledSandbox | undefined;
  let tsxServer: Timed | undefined;
  let prismServer: Timed | undefined;
  try {
    console.log("\n[pglite] the installed payorders-sandbox package");
    if (built.reused) console.log("  npm run pack: reused the packages this test run packed earlier");
    else figure("npm run pack (both packages)", packMs / 1000, "s");
    figure("npm ci --offline of the sandbox package", installMs / 1000, "s");

    // Start to healthy: a new folder (created from the package's PGlite template), then the same folder again, as a CI
    // job's second start or a developer's every start (BENCH_PACKAGE_STARTS times each, default 3: the median).
    const packageDir = path.join(dir, "package");
    // At info, which says whether the template was used (a PGlite other than the template's runs initdb: issue 50).
    const cold = await startInstalledSandbox(project, flags(packageDir, "info"));
    await cold.stop();
    const fromTemplate = cold.output().includes("new PGlite folder from the template");
    const tsxDir = path.join(dir, "tsx");
    await (await tsxSandbox(tsxDir)).stop();
    const packageStarts: number[] = [];
    const tsxStarts: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const packageStarted = await startInstalledSandbox(project, flags(packageDir));
      await packageStarted.stop();
      packageStarts.push(packageStarted.startMs);
      const tsxStarted = await tsxSandbox(tsxDir);
      await tsxStarted.stop();
      tsxStarts.push(tsxStarted.startMs);
    }
    figure(
      "package: start to healthy, new PGlite folder",
      cold.startMs,
      "ms",
      fromTemplate ? "from the template; target ≤ 2000 ms" : "TEMPLATE NOT USED: PGlite's initdb",
    );
    figure(
      "package: start to healthy, existing folder",
      median(packageStarts),
      "ms",
      `median of ${STARTS}; target ≤ 2000 ms`,
    );
    figure(
      "npm run sandbox (tsx): start to healthy, existing folder",
      median(tsxStarts),
      "ms",
      `median of ${STARTS}`,
    );
    ratio(
      "package / tsx start time",
      median(packageStarts),
      median(tsxStarts),
      "informational, lower is faster",
    );

    running = await startInstalledSandbox(project, flags(packageDir));
    tsxServer = await tsxSandbox(tsxDir);
    prismServer = await prismMock(dir);
    figure("Prism 5 mock: start to first answer", prismServer.startMs, "ms");
    const servers = {
      package: { url: running.url, pid: running.process.pid ?? 0 },
      tsx: { url: tsxServer.url, pid: tsxServer.pid },
      prism: { url: prismServer.url, pid: prismServer.pid },
    };
    for (const { url } of Object.values(servers)) await warmUp(url);
    const stolen = stolenSince();
    const measured = await throughputInTurns(servers);
    const stolenShare = stolen();

    console.log(
      `\npay-in create, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SEC} s a server, in turns (ABC CBA …)`,
    );
    const line = (r: Throughput) =>
      `rounds ${r.slowestRound.toFixed(0)}–${r.fastestRound.toFixed(0)}, worst p99 ${r.worstP99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}`;
    figure("installed package throughput", measured.package.requestsPerSec, "req/s", line(measured.package));
    figure("npm run sandbox (tsx) throughput", measured.tsx.requestsPerSec, "req/s", line(measured.tsx));
    figure("Prism 5 mock throughput", measured.prism.requestsPerSec, "req/s", line(measured.prism));
    if (process.platform === "linux") {
      // Processor time per create: what the code costs, whatever share of the cores the machine gave each server
      // (from /proc: a figure that is not a number fails the bench).
      figure(
        "installed package: processor time per create",
        measured.package.cpuPerAnswerUs,
        "µs",
        "(both threads)",
      );
      figure("npm run sandbox (tsx): processor time per create", measured.tsx.cpuPerAnswerUs, "µs");
      figure("Prism 5 mock: processor time per create", measured.prism.cpuPerAnswerUs, "µs");
      figure(
        "load generator: processor time per request",
        measured.package.generatorPerAnswerUs,
        "µs",
        `(package rounds; Prism rounds ${measured.prism.generatorPerAnswerUs.toFixed(0)} µs)`,
      );
      ratio(
        "Prism 5 mock / package processor time per create",
        measured.prism.cpuPerAnswerUs,
        measured.package.cpuPerAnswerUs,
        "informational, higher is cheaper",
      );
    }
    if (stolenShare !== undefined)
      figure(
        "cores' time stolen by the host during the rounds",
        100 * stolenShare,
        "%",
        "(the package uses both cores, Prism one)",
      );
    ratio(
      "package / npm run sandbox throughput",
      measured.package.requestsPerSec,
      measured.tsx.requestsPerSec,
      `≥ 1.0; ${turnByTurn(measured.package, measured.tsx)}`,
    );
    ratio(
      "package / Prism 5 mock throughput",
      measured.package.requestsPerSec,
      measured.prism.requestsPerSec,
      `≥ 2.5; ${turnByTurn(measured.package, measured.prism)}`,
    );
  } finally {
    await Promise.all([running?.stop(), tsxServer?.stop(), prismServer?.stop()]);
    project.remove();
    built.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}
