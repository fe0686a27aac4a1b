#!/usr/bin/env node
/**
 * `npm start` (production) and `npm run dev`: the dashboard, plus the embedded sandbox payment service when
 * no real one is configured (PAYMENT_API_BASE_URL unset in the environment and in .env / .env.local).
 * Builds the dashboard first when the build is missing or older than the sources. Both processes stop
 * together.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ensureNodeModules } from "./ensure-setup.mjs";
import { pgliteSafeNodeFlags, runOnSupportedNode } from "./node-runtime.mjs";

const dev = process.argv.includes("--dev");
const root = path.resolve(import.meta.dirname, "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

ensureNodeModules();
await runOnSupportedNode();

// The .env files, read the way Next reads them (the process environment wins), before anything is decided
// from the environment: a PAYMENT_API_BASE_URL kept in .env.local must keep the sandbox from starting.
const { loadEnvConfig } = (await import("@next/env")).default;
loadEnvConfig(root, dev, { info: () => {}, error: console.error });

const port = process.env.PORT ?? "3000";
const sandboxPort = process.env.SANDBOX_PORT ?? "4010";
const distDir = process.env.NEXT_DIST_DIR ?? ".next";

const children = [];
let stopping = false;

/** A child process of ours (both run PGlite in a worker thread: hence the V8 flags). */
function run(name, args, env) {
  const child = spawn(process.execPath, [...pgliteSafeNodeFlags(), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
  children.push(child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`[start] ${name} exited (${signal ?? code}); stopping.`);
    stop(code ?? 1);
  });
  return child;
}

function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on("exit", r)) : null))).then(
    () => process.exit(code),
  );
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

/** Newest modification time among the files a build depends on. */
function newestSourceMtime() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ["app", "components", "lib", "public"])
    if (existsSync(path.join(root, dir))) walk(path.join(root, dir));
  for (const file of ["next.config.ts", "package-lock.json", "proxy.ts", "instrumentation.ts"]) {
    if (existsSync(path.join(root, file))) newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  }
  return newest;
}

function buildIfStale() {
  const buildId = path.join(root, distDir, "BUILD_ID");
  if (existsSync(buildId) && statSync(buildId).mtimeMs >= newestSourceMtime()) return;
  console.log("[start] building the dashboard (next build)…");
  const result = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: root,
    stdio: "inherit",
    env: process.env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function waitForHealthy(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

// Build before anything starts, so a failed build leaves no sandbox behind.
if (!dev) buildIfStale();

const nextEnv = {};
if (!process.env.PAYMENT_API_BASE_URL) {
  // OTEL_SERVICE_NAME names the dashboard: the embedded sandbox keeps its own (payorders-sandbox).
  run("sandbox", ["--import", "tsx", "lib/sandbox/main.ts"], {
    SANDBOX_PORT: sandboxPort,
    OTEL_SERVICE_NAME: undefined,
  });
  await waitForHealthy(`http://127.0.0.1:${sandboxPort}/healthz`, 60_000);
  Object.assign(nextEnv, {
    PAYMENT_API_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
    PAYMENT_API_IS_SANDBOX: "true",
    SANDBOX_PORT: sandboxPort,
  });
  console.log(`[start] embedded sandbox payment service on http://127.0.0.1:${sandboxPort}`);
}

// Our own small HTTP server around Next (scripts/next-server.mjs): it passes the socket address to the app.
run("dashboard", [path.join(root, "scripts", "next-server.mjs"), ...(dev ? ["--dev"] : [])], {
  ...nextEnv,
  PORT: port,
});
// Who signs in is the dashboard's to say (lib/auth/bootstrap.ts): it alone knows whether it created an admin.
console.log(`[start] dashboard on http://localhost:${port}`);
