/**
 * Which Node.js the project runs on, and with which V8 flags. Uses node builtins only (it runs before
 * node_modules may exist).
 *
 * - The dependencies need Node.js 22.15 or newer (OpenTelemetry's packages say so; kysely needs 22, require() of
 *   ES modules without a flag came in 22.12), as package.json's engines say. On an older Node, `npm start` and `npm test` run themselves again
 *   on Node.js 24 from the npm registry (scripts/node-binary.mjs) and say so in one line.
 * - V8's thread isolation of JIT pages (`--memory-protection-keys`, on where the CPU has protection keys) can
 *   abort a process that creates and frees PGlite's WebAssembly across threads ("Check failed:
 *   jit_page.has_value()", nodejs/node#64500): every process of ours that runs PGlite starts without it. A sibling
 *   check of the same registry ("jit_page_->allocations_.erase(addr) == 1") has failed on a CPU without them too,
 *   rarely; the test runner and the bench run such a process again (scripts/worker-deaths.mjs).
 */
import { spawn, spawnSync } from "node:child_process";
import { constants } from "node:os";
import path from "node:path";
import { ensureNodeBinary } from "./node-binary.mjs";

const root = path.resolve(import.meta.dirname, "..");

/** The oldest Node.js the dependencies support (package.json engines: ">=22.15.0"). */
export const OLDEST_SUPPORTED = [22, 15];

export function isSupportedNode(version = process.versions.node) {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  const [oldestMajor, oldestMinor] = OLDEST_SUPPORTED;
  return major > oldestMajor || (major === oldestMajor && minor >= oldestMinor);
}

/**
 * On a Node.js older than the project supports, runs this same script on Node.js 24 (installed from the npm
 * registry once), with that Node first on PATH for everything it starts; passes signals on (a test harness
 * stops us with SIGTERM) and exits with its status. Otherwise returns at once.
 */
export async function runOnSupportedNode() {
  if (isSupportedNode()) return;
  const node = ensureNodeBinary("24");
  const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
  console.log(
    `[setup] Node.js ${process.version} is older than this project supports (${OLDEST_SUPPORTED.join(".")} or newer): running on Node.js ${version} from the npm registry (${path.relative(root, node)}).`,
  );
  const PATH = `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ""}`;
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, PATH },
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) =>
    child.on("exit", (status, signal) => resolve(status ?? 128 + (signal ? constants.signals[signal] : 0))),
  );
  process.exit(code);
}

const accepted = new Map();

/**
 * The V8 flags our PGlite processes start with on `node` (default: this one): `--no-memory-protection-keys`
 * where that V8 knows the flag (Node.js 20's refuses it). Command-line only: Node refuses it in NODE_OPTIONS.
 */
export function pgliteSafeNodeFlags(node = process.execPath) {
  if (!accepted.has(node)) {
    const probe = spawnSync(node, ["--no-memory-protection-keys", "-e", ""], { stdio: "ignore" });
    accepted.set(node, probe.status === 0);
  }
  return accepted.get(node) ? ["--no-memory-protection-keys"] : [];
}

/**
 * The V8 flags of our processes that live seconds, not hours: the unit and integration test workers, the
 * product's processes that tests start, the pack's template build. pgliteSafeNodeFlags() and `--liftoff-only`:
 * such a process runs PGlite's 9 MB of WebAssembly briefly, so V8's optimising compiler (TurboFan, in background
 * threads, for every function that gets warm) costs the cores more than its faster code gives back before the
 * process ends; Liftoff, the baseline compiler, is kept. 26 integration files on PGlite, two runs each, alternated
 * (2026-11-28): 108 and 110 s using 210 s of the cores → 86 and 90 s using 164 and 169 s. Not for the product
 * (`npm start`, the e2e harness, the benchmarks' servers): a long-lived process gains from optimised code (12,000
 * queries in one process: 9.3 s of the cores with TurboFan, 10.5 s without).
 */
export function shortLivedNodeFlags(node = process.execPath) {
  return [...pgliteSafeNodeFlags(node), "--liftoff-only"];
}
