#!/usr/bin/env node
/**
 * `npm test`: every gate, in order — types, lint, format, unit tests, integration tests on embedded PGlite
 * and again on the PostgreSQL server (TEST_POSTGRES_URL, default the local one; each run makes and drops
 * its own scratch databases), then the Playwright flows against the production build.
 * `npm test -- --only unit,integration` runs a subset. Ends with one "Total: N passed, N failed" line.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureChromium, ensureNodeModules } from "./ensure-setup.mjs";

const root = path.resolve(import.meta.dirname, "..");
const onlyArg = process.argv.find((a) => a.startsWith("--only"));
const onlyValue = onlyArg?.includes("=")
  ? onlyArg.split("=")[1]
  : process.argv[process.argv.indexOf("--only") + 1];
const only = onlyArg ? new Set(onlyValue.split(",")) : null;
const want = (step) => !only || only.has(step);
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const reports = path.join(root, "test-results", "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

ensureNodeModules();
if (want("e2e")) ensureChromium();

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`=== ${name}: ${ok ? "ok" : "FAILED"} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(name);
  return ok;
}

function countVitest(file, name) {
  if (!existsSync(file)) return failures.includes(name) || failures.push(`${name} (no report)`);
  const r = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  if (r.numTotalTests === 0) failures.push(`${name} (ran no test)`);
}

function vitest(name, project, env = {}) {
  const out = path.join(reports, `${name}.json`);
  step(
    name,
    bin("vitest"),
    ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`],
    env,
  );
  countVitest(out, name);
}

if (want("static")) {
  step("typecheck", bin("tsc"), ["--noEmit"]);
  step("lint", bin("biome"), ["lint", "."]);
  step("format", bin("biome"), ["format", "."]);
}
if (want("unit")) vitest("unit", "unit");
if (want("integration")) {
  vitest("integration-pglite", "integration", { TEST_DB: "pglite" });
  vitest("integration-postgres", "integration", { TEST_DB: "postgres" });
}
if (want("e2e")) {
  const out = path.join(reports, "e2e.json");
  step("e2e", bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, "utf8")).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    if (s.expected + s.unexpected + s.flaky === 0) failures.push("e2e (ran no test)");
  } else failures.push("e2e (no report)");
}

console.log(failures.length ? `\nFailed steps: ${failures.join(", ")}` : "\nAll steps passed.");
console.log(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
