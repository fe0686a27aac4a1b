/**
 * The packaged sandbox's guard against V8's JIT-page abort under PGlite (nodejs/node#64500, Node.js 24 on a CPU
 * with memory protection keys): the repository's scripts start every PGlite process with
 * `--no-memory-protection-keys` (scripts/node-runtime.mjs); an installed `payorders-sandbox` is started by
 * whoever installed it, so it runs itself again with the flag. The flag works only on the command line (Node
 * refuses it in NODE_OPTIONS), hence a child process rather than a setting.
 *
 * That second start costs a Node.js start, so it is made only where the abort can happen: V8 uses protection
 * keys only on a CPU that has them (Linux lists `pku` among /proc/cpuinfo's flags), and only a V8 that knows the
 * flag can be given it.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { constants } from "node:os";

export const PGLITE_SAFE_FLAG = "--no-memory-protection-keys";

export interface RerunFacts {
  /** This process's execArgv. */
  execArgv: readonly string[];
  platform: NodeJS.Platform;
  /** /proc/cpuinfo's text on Linux; undefined elsewhere or when unreadable. */
  cpuinfo: string | undefined;
  /** process.versions.v8 */
  v8: string;
}

/**
 * Whether to run again with the flag: `"probe"` when only starting a Node.js with it can tell (a V8 between
 * the versions checked: Node.js 20's V8 11 refuses the flag, Node.js 24's V8 13 knows it).
 */
export function pgliteRerunDecision(facts: RerunFacts): { rerun: boolean | "probe"; why: string } {
  if (facts.execArgv.includes(PGLITE_SAFE_FLAG)) return { rerun: false, why: "it already has the flag" };
  if (
    facts.platform === "linux" &&
    facts.cpuinfo !== undefined &&
    !/^flags\s*:.*\bpku\b/m.test(facts.cpuinfo)
  )
    return { rerun: false, why: "this CPU has no memory protection keys (no pku in /proc/cpuinfo)" };
  const major = Number.parseInt(facts.v8, 10);
  if (major >= 13) return { rerun: true, why: `V8 ${facts.v8} knows the flag` };
  if (major <= 11) return { rerun: false, why: `V8 ${facts.v8} does not know the flag` };
  return { rerun: "probe", why: `V8 ${facts.v8}: whether it knows the flag is probed` };
}

function readCpuinfo(): string | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    return readFileSync("/proc/cpuinfo", "utf8");
  } catch {
    return undefined;
  }
}

/**
 * When this process should run with the flag (pgliteRerunDecision), runs this same command again with it,
 * passes signals on, and resolves to the child's exit status; otherwise resolves to null at once and the
 * caller goes on in this process.
 */
export async function rerunWithPgliteSafeFlag(): Promise<number | null> {
  const { rerun } = pgliteRerunDecision({
    execArgv: process.execArgv,
    platform: process.platform,
    cpuinfo: readCpuinfo(),
    v8: process.versions.v8,
  });
  if (rerun === false) return null;
  if (rerun === "probe") {
    const probe = spawnSync(process.execPath, [PGLITE_SAFE_FLAG, "-e", ""], { stdio: "ignore" });
    if (probe.status !== 0) return null;
  }
  const child = spawn(process.execPath, [PGLITE_SAFE_FLAG, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) =>
    child.on("exit", (status, signal) => resolve(status ?? 128 + (signal ? constants.signals[signal] : 0))),
  );
}
