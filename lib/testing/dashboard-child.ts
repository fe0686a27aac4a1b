/**
 * For crash tests: lib/testing/dashboard-process.ts started as a child process (its environment the
 * dashboard's usual variables), its output kept, and a wait that fails with that output.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pgliteSafeNodeFlags, shortLivedNodeFlags } from "@/scripts/node-runtime.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PROCESS = path.join(ROOT, "lib", "testing", "dashboard-process.ts");
/** Upper bound for things that take a second or two on a quiet machine (not a timing assertion). */
export const PATIENCE_MS = 90_000;

export interface DashboardChild {
  child: ChildProcess;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exitCode(): number | null;
}

/** Starts the process with `env` over this one's (a `undefined` value unsets that variable). */
export function startDashboardChild(
  env: Record<string, string | undefined>,
  args: readonly string[] = [],
): DashboardChild {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[key];
    else childEnv[key] = value;
  }
  // A test's child lives seconds; the crash bench's (lib/testing/batch-crash.ts at 10,000 rows) keeps the
  // product's flags, so its figures are the product's.
  const flags = process.env.VITEST ? shortLivedNodeFlags() : pgliteSafeNodeFlags();
  const child: ChildProcess = spawn(
    process.execPath,
    // tsx as a loader in this very process (its CLI would run the file in a grandchild that SIGKILL misses).
    [...flags, "--import", "tsx", "--conditions=react-server", PROCESS, ...args],
    { cwd: ROOT, env: childEnv, stdio: ["ignore", "pipe", "pipe"] },
  );
  const output: string[] = [];
  child.stdout?.on("data", (d: Buffer) => output.push(d.toString()));
  child.stderr?.on("data", (d: Buffer) => output.push(d.toString()));
  let exitCode: number | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code: number | null, signal: NodeJS.Signals | null) => {
      exitCode = code ?? -1;
      resolve({ code, signal });
    }),
  );
  return { child, output, exited, exitCode: () => exitCode };
}

/** Waits until `check` holds; fails (with the child's output) when the child exits first or after PATIENCE_MS. */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  p?: DashboardChild,
  patienceMs = PATIENCE_MS,
): Promise<void> {
  const deadline = Date.now() + patienceMs;
  while (!(await check())) {
    if (p?.exitCode() !== null && p?.exitCode() !== undefined) {
      throw new Error(`the process exited (${p.exitCode()}) before ${what}; output:\n${p.output.join("")}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`gave up waiting for ${what}; process output:\n${p?.output.join("") ?? ""}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
