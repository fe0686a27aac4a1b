/** Helpers of the dashboard benchmarks: scratch PostgreSQL databases, worker children, percentiles. */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { openDatabase } from "@/lib/database";
import { pgliteSafeNodeFlags } from "../scripts/node-runtime.mjs";
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

/**
 * Runs a bench file in a child process with the "react-server" export condition, so modules marked
 * `import "server-only"` (queries, submit logic) load as they do in Next's server bundle. Output is shared.
 */
export function runWorker(file: string, env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...pgliteSafeNodeFlags(), ...TSX_IN_PROCESS, "--conditions=react-server", file],
      {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: "inherit",
      },
    );
    const forward = () => child.kill("SIGTERM");
    process.once("SIGINT", forward);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      process.off("SIGINT", forward);
      if (code === 0) resolve();
      else reject(new Error(`${file} exited with ${signal ?? code}`));
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
