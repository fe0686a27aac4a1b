/** Helpers of the dashboard benchmarks: scratch PostgreSQL databases, worker children, percentiles. */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { openDatabase } from "@/lib/database";
import { pgliteSafeNodeFlags } from "../scripts/node-runtime.mjs";
import { KNOWN_V8_ABORT } from "../scripts/worker-deaths.mjs";
import { ROOT, TSX_IN_PROCESS } from "./lib";

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface ScratchPostgres {
  name: string;
  url: string;
  drop(): Promise<void>;
}

const live = new Set<string>();
let handlersInstalled = false;

/** On Ctrl-C or SIGTERM, the scratch databases still open are dropped before the process goes. */
function dropLiveOnSignal(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const handler = async (signal: NodeJS.Signals) => {
    const admin = await openDatabase({ url: POSTGRES_ADMIN_URL }).catch(() => undefined);
    for (const name of live)
      await admin?.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin?.close().catch(() => {});
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", handler);
  process.once("SIGTERM", handler);
}

/** A fresh database on the local server, unique per call, dropped (with its connections) by drop(). */
export async function scratchPostgres(prefix: string): Promise<ScratchPostgres> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = await openDatabase({ url: POSTGRES_ADMIN_URL });
  try {
    await admin.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  live.add(name);
  dropLiveOnSignal();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const a = await openDatabase({ url: POSTGRES_ADMIN_URL });
      try {
        await a.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        live.delete(name);
      } finally {
        await a.close();
      }
    },
  };
}

/** Bench children that died of V8's known JIT-page abort and were run again, with the verdict: bench/run.ts
 * repeats them at the end of the run. */
export const knownAbortReruns: string[] = [];

/**
 * Runs a bench file in a child process with the "react-server" export condition, so modules marked
 * `import "server-only"` (queries, submit logic) load as they do in Next's server bundle. Output is shared.
 *
 * A child killed by V8's abort in its JIT-page registry under PGlite's WebAssembly (nodejs/node#64500; seen on a
 * CPU without protection keys too, where --no-memory-protection-keys changes nothing) is run once more, as the
 * test runner does with a test worker (scripts/worker-deaths.mjs); any other failure fails the part at once.
 */
export async function runWorker(file: string, env: Record<string, string> = {}): Promise<void> {
  const first = await runChild(file, env);
  if (first.ok) return;
  if (!first.diedOfKnownAbort) throw new Error(`${file} exited with ${first.exit}`);
  console.log(`\n[bench] ${file} died of V8's known JIT-page abort (nodejs/node#64500): running it again`);
  const again = await runChild(file, env);
  knownAbortReruns.push(
    `${file} died of V8's known JIT-page abort (nodejs/node#64500); run again: ${again.ok ? "passed" : `FAILED (${again.exit})`}`,
  );
  if (!again.ok)
    throw new Error(`${file} exited with ${again.exit}, run again after V8's known JIT-page abort`);
}

/** The last this many characters of a child's stderr are kept, to tell V8's abort from any other death. */
const STDERR_TAIL_CHARS = 16_384;

function runChild(
  file: string,
  env: Record<string, string>,
): Promise<{ ok: boolean; exit: string; diedOfKnownAbort: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...pgliteSafeNodeFlags(), ...TSX_IN_PROCESS, "--conditions=react-server", file],
      { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["inherit", "inherit", "pipe"] },
    );
    let stderrTail = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      stderrTail = (stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
    });
    const forward = () => child.kill("SIGTERM");
    process.once("SIGINT", forward);
    child.once("error", reject);
    child.once("close", (code, signal) => {
      process.off("SIGINT", forward);
      resolve({
        ok: code === 0,
        exit: String(signal ?? code),
        diedOfKnownAbort: signal !== null && KNOWN_V8_ABORT.test(stderrTail),
      });
    });
  });
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}
