/**
 * Issue 19 figures: the installed `payorders-sandbox` package (scripts/pack.mjs, installed offline into a
 * scratch project under the temporary folder, lib/testing/installed-packages.ts) against the sandbox as
 * `npm run sandbox` runs it (TypeScript through tsx) and against Prism 5's mock of the same contract (the
 * sandbox's OpenAPI document, lib/contract/openapi): start to healthy (target ≤ 2 s), and pay-in create
 * throughput under the same load as bench/sandbox.ts (50 connections, signed creates; targets ≥ 1.0× the
 * tsx-run sandbox and ≥ 2.5× Prism). Both sandboxes on PGlite folders of their own.
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
import { figure, freePort, load, ratio, ROOT, TSX_IN_PROCESS } from "./lib";
import { CLIENT_ID, CONNECTIONS, DURATION_SEC, SECRET, signedPayin, WARMUP_SEC } from "./sandbox-load";

interface Timed {
  url: string;
  startMs: number;
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
    if (status && ready(status)) return { url, startMs: performance.now() - started, stop };
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

async function createThroughput(url: string) {
  const target = `${url}/api/v1/payin/create`;
  // A warm-up of a number of requests rather than seconds: on a busy machine a short round may see no answer.
  await load({
    url: target,
    connections: CONNECTIONS,
    amount: CONNECTIONS * 4 * WARMUP_SEC,
    makeRequest: signedPayin,
  });
  return load({ url: target, connections: CONNECTIONS, durationSec: DURATION_SEC, makeRequest: signedPayin });
}

export async function runSandboxPackageBench(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-package-"));
  const packStarted = performance.now();
  const built = await buildPackagesInTemp();
  const packMs = performance.now() - packStarted;
  const installStarted = performance.now();
  const project = installScratchProject({ name: "bench-sandbox-package", tarballs: [built.sandbox] });
  const installMs = performance.now() - installStarted;
  const flags = (dataDir: string) => [
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
    "warn",
  ];
  let running: InstalledSandbox | undefined;
  try {
    console.log("\n[pglite] the installed payorders-sandbox package");
    figure("npm run pack (both packages)", packMs / 1000, "s");
    figure("npm ci --offline of the sandbox package", installMs / 1000, "s");

    // Start to healthy: a new folder (created from the package's PGlite template), then the same folder again, as a CI
    // job's second start or a developer's every start.
    const packageDir = path.join(dir, "package");
    const cold = await startInstalledSandbox(project, flags(packageDir));
    await cold.stop();
    running = await startInstalledSandbox(project, flags(packageDir));
    const tsxDir = path.join(dir, "tsx");
    await (await tsxSandbox(tsxDir)).stop();
    const tsxWarm = await tsxSandbox(tsxDir);
    await tsxWarm.stop();
    figure("package: start to healthy, new PGlite folder", cold.startMs, "ms");
    figure("package: start to healthy, existing folder", running.startMs, "ms", "target ≤ 2000 ms");
    figure("npm run sandbox (tsx): start to healthy, existing folder", tsxWarm.startMs, "ms");
    ratio("package / tsx start time", running.startMs, tsxWarm.startMs, "informational, lower is faster");

    const pkg = await createThroughput(running.url);
    await running.stop();
    running = undefined;
    const tsxServer = await tsxSandbox(tsxDir);
    const tsx = await createThroughput(tsxServer.url).finally(() => tsxServer.stop());
    const prismServer = await prismMock(dir);
    figure("Prism 5 mock: start to first answer", prismServer.startMs, "ms");
    const prism = await createThroughput(prismServer.url).finally(() => prismServer.stop());

    console.log(`\npay-in create, ${CONNECTIONS} connections, ${DURATION_SEC} s`);
    const line = (r: typeof pkg) => `p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}`;
    figure("installed package throughput", pkg.requestsPerSec, "req/s", line(pkg));
    figure("npm run sandbox (tsx) throughput", tsx.requestsPerSec, "req/s", line(tsx));
    figure("Prism 5 mock throughput", prism.requestsPerSec, "req/s", line(prism));
    ratio("package / npm run sandbox throughput", pkg.requestsPerSec, tsx.requestsPerSec, "≥ 1.0");
    ratio("package / Prism 5 mock throughput", pkg.requestsPerSec, prism.requestsPerSec, "≥ 2.5");
  } finally {
    await running?.stop();
    project.remove();
    built.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}
