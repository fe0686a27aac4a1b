#!/usr/bin/env node
/**
 * `npm test`: every gate, in order — types, lint, format, the import layers, integration tests on embedded PGlite,
 * the Playwright flows against the production build, then the integration tests again on the PostgreSQL server
 * (TEST_POSTGRES_URL, default the local one; each run makes and drops its own scratch databases) and the unit tests,
 * with the benchmarks' smoke run beside those two on the flows' build (`npm run bench -- --smoke`: every part
 * briefly, counted as one test; its output is printed whole when it ends).
 * `npm test -- --only unit,integration` runs a subset. `npm test -- --node 24` also runs the unit and
 * integration steps on another Node.js (a major version, fetched from the npm registry once, or a path to a
 * node binary). Ends with one "Total: N passed, N failed" line counting every run.
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { cpuTimes } from "./cpu-times.mjs";
import { ensureChromium, ensureNodeModules } from "./ensure-setup.mjs";
import { ensureNodeBinary } from "./node-binary.mjs";
import { runOnSupportedNode } from "./node-runtime.mjs";
import { filesToRunAgain } from "./worker-deaths.mjs";

const root = path.resolve(import.meta.dirname, "..");
/** The value of `--name value` or `--name=value`. */
function option(name) {
  const arg = process.argv.find((a) => a === name || a.startsWith(`${name}=`));
  if (!arg) return undefined;
  return arg.includes("=") ? arg.slice(name.length + 1) : process.argv[process.argv.indexOf(arg) + 1];
}
const onlyValue = option("--only");
const only = onlyValue ? new Set(onlyValue.split(",")) : null;
/** Other Node.js versions to run the unit and integration steps on as well (e.g. "24" or "22,24"). */
const otherNodes = (option("--node") ?? "").split(",").filter(Boolean);
const want = (step) => !only || only.has(step);
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const reports = path.join(root, "test-results", "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

ensureNodeModules();
await runOnSupportedNode();
if (want("e2e") || want("bench")) ensureChromium();
// The packages of `npm run pack`, packed once for the run by the first of the outsider test and the benchmarks'
// smoke to need them (lib/testing/installed-packages.ts), removed at the end.
const sharedPackages = mkdtempSync(path.join(os.tmpdir(), "payorders-run-packages-"));
process.env.TEST_SHARED_PACKAGES_DIR = sharedPackages;

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test, named with its file and the first lines of why, repeated at the very end of the output
 * (CI shows only the tail of a long run). */
const failedTests = [];

/** The last lines each step wrote to stderr: where a dying worker's last words (a V8 fatal error, a signal)
 * are, for the closing block. */
const stderrTails = new Map();
/** Each step's whole stderr, plain: where a dead worker's cause is looked for. */
const stderrTexts = new Map();

/** ", the cores 87 % busy" over a step (", 6 % stolen by the host" when 1 % or more), from two cpuTimes(); "" without them. */
function busyShare(before, after) {
  if (!before || !after || after.all <= before.all) return "";
  const all = after.all - before.all;
  const busy = 1 - (after.idle - before.idle) / all;
  const stolen = (after.stolen - before.stolen) / all;
  return `, the cores ${(100 * busy).toFixed(0)} % busy${stolen >= 0.01 ? `, ${(100 * stolen).toFixed(0)} % stolen by the host` : ""}`;
}

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const cpuBefore = cpuTimes();
  // stderr is collected and then passed on whole, so its tail can be repeated at the end.
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: ["inherit", "inherit", "pipe"],
    env: { ...process.env, ...env },
    maxBuffer: 256 * 1024 * 1024,
  });
  const stderr = result.stderr?.toString("utf8") ?? "";
  process.stderr.write(stderr);
  return stepEnded(name, { started, cpuBefore, ...result, stderr });
}

/**
 * A step run beside the steps that follow it, for one whose cores are partly idle (the benchmarks' smoke:
 * about a third, waiting on servers starting, timers and a browser): its output goes to files and is printed
 * whole, with its closing line, when `end()` is awaited. Returns that `end`.
 */
function stepBeside(name, command, args, env = {}) {
  const started = Date.now();
  const cpuBefore = cpuTimes();
  const stdoutFile = path.join(reports, `${name}.stdout.txt`);
  const stderrFile = path.join(reports, `${name}.stderr.txt`);
  // Files, not pipes: the steps run meanwhile block this process (spawnSync), and a full pipe would stall it.
  const out = openSync(stdoutFile, "w");
  const err = openSync(stderrFile, "w");
  console.log(`\n=== ${name}: started beside the next step; its output follows when it ends ===`);
  const child = spawn(command, args, {
    cwd: root,
    stdio: ["ignore", out, err],
    env: { ...process.env, ...env },
  });
  closeSync(out);
  closeSync(err);
  const exited = new Promise((resolve) => {
    child.once("error", (error) => resolve({ status: null, signal: null, error }));
    child.once("exit", (status, signal) => resolve({ status, signal }));
  });
  return async () => {
    const result = await exited;
    console.log(`\n=== ${name} (ran beside the step before) ===`);
    process.stdout.write(readFileSync(stdoutFile, "utf8"));
    const stderr = readFileSync(stderrFile, "utf8");
    process.stderr.write(stderr);
    return stepEnded(name, { started, cpuBefore, ...result, stderr });
  };
}

/** A step's closing line, and what the closing block needs of it (its stderr, whether it failed). */
function stepEnded(name, { started, cpuBefore, status, signal, error, stderr }) {
  // What came before vitest's own report of unhandled errors: a dying worker's last words are there.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes
  const plain = stderr.replace(/\u001b\[[0-9;]*m/g, "");
  stderrTexts.set(name, plain);
  const banner = plain.indexOf("Unhandled Error");
  stderrTails.set(
    name,
    (banner < 0 ? plain : plain.slice(0, banner))
      .split("\n")
      .filter((l) => l.trim() && !/^[⎯\s]+$/.test(l))
      .slice(-15),
  );
  const ok = status === 0;
  const how = signal ? ` by ${signal}` : error ? ` (${error.message})` : "";
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${name}: ${ok ? "ok" : `FAILED${how}`} (${seconds} s${busyShare(cpuBefore, cpuTimes())})`);
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
  for (const file of r.testResults ?? []) {
    const where = path.relative(root, file.name);
    if (file.endTime > file.startTime)
      fileTimes.push({ step: name, file: where, ms: file.endTime - file.startTime });
    const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failed) failedTests.push(`[${name}] ${where} › ${t.fullName}\n${why(t.failureMessages)}`);
    if (file.status === "failed" && failed.length === 0)
      failedTests.push(`[${name}] ${where}\n${why([file.message])}`);
  }
}

/** The first few lines of a failure, indented. */
function why(messages) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes in the messages
  const plain = (messages ?? []).join("\n").replace(/\u001b\[[0-9;]*m/g, "");
  const lines = plain.split("\n").filter((l) => l.trim());
  return lines
    .slice(0, 6)
    .map((l) => `      ${l.slice(0, 300)}`)
    .join("\n");
}

/** How long each test file took, per step: the slowest are listed at the end, to keep the suite's time in hand. */
const fileTimes = [];

/** Test files run again because their worker died, with the verdict: repeated in the closing block. */
const rerunNotes = [];

/**
 * A vitest project; on another node binary when `node` is given (PATH leads to it for anything spawned);
 * only `files` when given.
 *
 * A worker process that dies fails no test of its own: vitest reports "Worker … emitted error" and leaves the
 * file it was running uncounted, so a death fails the step. One cause is known and outside our code: V8's
 * abort in its JIT-page registry under PGlite's WebAssembly churn (nodejs/node#64500), which the workers'
 * --no-memory-protection-keys (scripts/node-runtime.mjs) should prevent. When that abort is on stderr and is
 * all that went wrong (no test failed, no other error), the files the worker was running are run once more,
 * alone, and their verdict is the step's; the death and its cause are printed at the end.
 */
function vitest(name, project, env = {}, node = undefined, files = []) {
  const out = path.join(reports, `${name}.json`);
  const unhandled = path.join(reports, `${name}.unhandled.json`);
  env = { ...env, VITEST_UNHANDLED_FILE: unhandled };
  const args = [
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    "--reporter=./scripts/vitest-unhandled-reporter.mjs",
    `--outputFile.json=${out}`,
    ...files,
  ];
  let ok;
  if (node) {
    const PATH = `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ""}`;
    ok = step(name, node, [path.join(root, "node_modules", "vitest", "vitest.mjs"), ...args], {
      ...env,
      PATH,
    });
  } else ok = step(name, bin("vitest"), args, env);
  const errors = existsSync(unhandled) ? JSON.parse(readFileSync(unhandled, "utf8")) : [];
  const died = errors.filter((e) => e.name === "Unfinished" && e.testFile).map((e) => e.testFile);
  const report = existsSync(out) ? JSON.parse(readFileSync(out, "utf8")) : null;
  const again = filesToRunAgain({
    ok,
    rerun: files.length > 0,
    failedTests: report?.numFailedTests ?? 0,
    errors,
    stderr: stderrTexts.get(name) ?? "",
  });
  countVitest(out, name);
  if (again.length > 0) {
    failures.splice(failures.indexOf(name), 1);
    const list = again.map((f) => path.relative(root, f)).join(", ");
    const lastWords = (stderrTails.get(name) ?? []).map((l) => `      ${l.slice(0, 300)}`).join("\n");
    console.log(
      `\n=== ${name}: a test worker died running ${list} of V8's known JIT-page abort (nodejs/node#64500); running it again, alone`,
    );
    const passed = vitest(`${name} (again)`, project, env, node, again);
    rerunNotes.push(
      `[${name}] a test worker died running ${list} of V8's known JIT-page abort (nodejs/node#64500); run again alone: ${passed ? "passed" : "FAILED"}. Its last lines on stderr:\n${lastWords}`,
    );
    return passed;
  }
  for (const e of errors)
    failedTests.push(
      `[${name}] unhandled ${e.name}${e.testFile ? ` in ${path.relative(root, e.testFile)}` : ""}${e.test ? ` › ${e.test}` : ""}\n${why([e.message, e.stack])}`,
    );
  if (died.length)
    failedTests.push(
      `[${name}] a test worker died running ${died.map((f) => path.relative(root, f)).join(", ")}, not of a known cause; its last lines on stderr:\n${(stderrTails.get(name) ?? []).map((l) => `      ${l.slice(0, 300)}`).join("\n")}`,
    );
  return ok;
}

function unitAndIntegration(node = undefined, suffix = "") {
  if (want("unit")) vitest(`unit${suffix}`, "unit", {}, node);
  if (want("integration")) {
    vitest(`integration-pglite${suffix}`, "integration", { TEST_DB: "pglite" }, node);
    vitest(`integration-postgres${suffix}`, "integration", { TEST_DB: "postgres" }, node);
  }
}

/** Whether this run's typecheck step passed: the browser step's production build then skips its own check. */
let typesChecked = false;
if (want("static")) {
  typesChecked = step("typecheck", bin("tsc"), ["--noEmit"]);
  step("lint", bin("biome"), ["lint", "."]);
  step("format", bin("biome"), ["format", "."]);
  // The layers of docs/architecture.md, by the rules in .dependency-cruiser.cjs.
  step("imports", bin("depcruise"), ["app", "components", "lib", "proxy.ts", "instrumentation.ts"]);
}
// On this Node.js: PGlite, then the browser flows (whose production build the benchmarks' smoke reuses), then
// PostgreSQL and the unit files with the smoke beside them: the smoke alone leaves about a third of the cores idle
// (2026-11-28: 313 s, 395 s of the cores), which they fill, and it still ends last.
if (want("integration")) vitest("integration-pglite", "integration", { TEST_DB: "pglite" });
if (want("e2e")) {
  const out = path.join(reports, "e2e.json");
  step("e2e", bin("playwright"), ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    ...(typesChecked ? { NEXT_BUILD_TYPES_CHECKED: "1" } : {}),
  });
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, "utf8")).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    if (s.expected + s.unexpected + s.flaky === 0) failures.push("e2e (ran no test)");
    collectPlaywrightFailures(JSON.parse(readFileSync(out, "utf8")).suites ?? []);
    collectPlaywrightTimes(JSON.parse(readFileSync(out, "utf8")).suites ?? []);
  } else failures.push("e2e (no report)");
}

const benchEnded = want("bench")
  ? // Its production build (NEXT_DIST_DIR) is the e2e step's, reused and kept, not built again.
    stepBeside("bench", bin("tsx"), ["bench/run.ts", "--smoke"], {
      BENCH_NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
      BENCH_KEEP_BUILD: "1",
    })
  : undefined;
if (want("integration")) vitest("integration-postgres", "integration", { TEST_DB: "postgres" });
if (want("unit")) vitest("unit", "unit");
if (benchEnded) {
  if (await benchEnded()) totals.passed++;
  else {
    totals.failed++;
    // bench/run.ts ends its stderr with the parts that failed.
    const named = (stderrTails.get("bench") ?? []).findLast((l) => l.startsWith("bench: "));
    failedTests.push(`[bench] npm run bench -- --smoke\n      ${named ?? "(see its output above)"}`);
  }
}
if (want("unit") || want("integration")) {
  for (const wanted of otherNodes) {
    let node;
    try {
      node = ensureNodeBinary(wanted);
    } catch (error) {
      console.error(`\n=== node ${wanted}: ${error.message}`);
      failures.push(`node ${wanted} (not installed)`);
      continue;
    }
    const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
    if (version === process.version) {
      console.log(`\n=== --node ${wanted}: the steps above already ran on Node.js ${version}`);
      continue;
    }
    console.log(
      `\n=== the unit and integration steps again, on Node.js ${version} (${path.relative(root, node)})`,
    );
    unitAndIntegration(node, `@node${version.slice(1).split(".")[0]}`);
  }
}

/** Failed Playwright tests (suites nest; a test failed when its last result did not pass). */
function collectPlaywrightFailures(suites, titles = []) {
  for (const suite of suites) {
    const inner = suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected") continue;
        const last = t.results?.at(-1);
        const message = last?.error?.message ?? last?.errors?.[0]?.message ?? "";
        failedTests.push(
          `[e2e] ${spec.file}:${spec.line} › ${[...inner, spec.title].join(" › ")}\n${why([message])}`,
        );
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], inner);
  }
}

/** Time spent in each spec file (its tests' runs added up, retries included). */
function collectPlaywrightTimes(suites) {
  const perFile = new Map();
  const walk = (list) => {
    for (const suite of list) {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          for (const r of t.results ?? [])
            perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + (r.duration ?? 0));
      walk(suite.suites ?? []);
    }
  };
  walk(suites);
  for (const [file, ms] of perFile) fileTimes.push({ step: "e2e", file: path.join("e2e", file), ms });
}

if (fileTimes.length) {
  const slowest = fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 12);
  console.log(
    `\nSlowest test files:\n${slowest.map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  [${t.step}] ${t.file}`).join("\n")}`,
  );
}
if (rerunNotes.length)
  console.log(`\nRun again after a test worker died:\n${rerunNotes.map((n) => `  ${n}`).join("\n")}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join("\n")}`);
rmSync(sharedPackages, { recursive: true, force: true });
console.log(failures.length ? `\nFailed steps: ${failures.join(", ")}` : "\nAll steps passed.");
console.log(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
