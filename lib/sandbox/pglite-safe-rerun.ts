/**
 * The packaged sandbox's guard against V8's JIT-page abort under PGlite (nodejs/node#64500, Node.js 24 on a CPU
 * with memory protection keys): the repository's scripts start every PGlite process with
 * `--no-memory-protection-keys` (scripts/node-runtime.mjs); an installed `payorders-sandbox` is started by
 * whoever installed it, so it runs itself again with the flag. The flag works only on the command line (Node
 * refuses it in NODE_OPTIONS), hence a child process rather than a setting.
 */
import { spawn, spawnSync } from "node:child_process";
import { constants } from "node:os";

export const PGLITE_SAFE_FLAG = "--no-memory-protection-keys";

/**
 * When this process lacks the flag and this Node.js knows it (Node.js 20's V8 refuses it), runs this same
 * command again with it, passes signals on, and resolves to the child's exit status; otherwise resolves to
 * null at once and the caller goes on in this process.
 */
export async function rerunWithPgliteSafeFlag(): Promise<number | null> {
  if (process.execArgv.includes(PGLITE_SAFE_FLAG)) return null;
  const probe = spawnSync(process.execPath, [PGLITE_SAFE_FLAG, "-e", ""], { stdio: "ignore" });
  if (probe.status !== 0) return null;
  const child = spawn(process.execPath, [PGLITE_SAFE_FLAG, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) =>
    child.on("exit", (status, signal) => resolve(status ?? 128 + (signal ? constants.signals[signal] : 0))),
  );
}
