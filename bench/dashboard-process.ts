/**
 * The dashboard's production server for benchmarks: `node scripts/start.mjs` (next build if stale, the
 * embedded sandbox, `next start`) on free ports, in its own build folder BENCH_NEXT_DIST_DIR (default
 * .next-bench; callers remove it afterwards unless BENCH_KEEP_BUILD=1 or it was there before).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Database, migrate, openDatabase } from "@/lib/database";
import { migrations } from "@/lib/database/dashboard/migrations";
import { type ScratchPostgres, scratchPostgres } from "./dashboard-support";
import { freePort, ROOT } from "./lib";

export const DIST_DIR = process.env.BENCH_NEXT_DIST_DIR ?? ".next-bench";
/** The embedded sandbox's default merchant account (lib/env.ts), which the dashboard under test uses. */
export const SANDBOX_ACCOUNT = { clientId: "sandbox-merchant", secret: "sandbox-secret" };
const MIGRATION_LOCK_KEY = 731_001; // MIGRATION_LOCK_KEY, lib/database/dashboard/client.ts
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_SEC ?? 600) * 1000;

export interface Server {
  url: string;
  sandboxUrl: string;
  /** The pid of scripts/start.mjs (its children: the sandbox and `next start`). */
  pid: number;
  /** Calls `listener` with each piece of the server's stderr (still passed on to ours). */
  watchStderr(listener: (text: string) => void): void;
  /** How scripts/start.mjs ended (its exit code or signal), or null while it runs. */
  exit(): string | null;
  stop(): Promise<void>;
}

/** The id of a server action in the build (its server-reference-manifest.json), by file and export name. */
export function serverActionId(filename: string, exportedName: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(ROOT, DIST_DIR, "server", "server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { filename?: string; exportedName?: string }> };
  const entry = Object.entries(manifest.node).find(
    ([, v]) => v.filename === filename && v.exportedName === exportedName,
  );
  if (!entry) throw new Error(`${exportedName} not in the build's server-reference-manifest.json`);
  return entry[0];
}

/**
 * start.mjs reinstalls packages (npm ci) when node_modules is older than package-lock.json. A benchmark
 * must not do that under other running processes: say so and stop instead.
 */
function assertPackagesInstalled(): void {
  const marker = path.join(ROOT, "node_modules", ".package-lock.json");
  const lock = path.join(ROOT, "package-lock.json");
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
    throw new Error("node_modules is older than package-lock.json: run `npm ci` first (the bench won't)");
  }
}

/** Tries to start the server; a port taken between choosing and listening gets new ports (three tries). */
async function startDashboard(env: Record<string, string>): Promise<Server> {
  assertPackagesInstalled();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDashboardOnce(env);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
      console.log("(a chosen port was taken meanwhile; starting again on others)");
    }
  }
}

class PortTakenError extends Error {}

async function startDashboardOnce(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const sandboxPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      NEXT_DIST_DIR: DIST_DIR,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    },
    // The build's and servers' chatter would bury the figures; their errors still show.
    stdio: ["ignore", "ignore", "pipe"],
  });
  // A free port can be taken by another socket (an outgoing connection's) before the server listens.
  let portTaken = false;
  const stderrListeners: ((text: string) => void)[] = [];
  child.stderr?.on("data", (chunk: Buffer) => {
    for (const listener of stderrListeners) listener(chunk.toString("utf8"));
    if (chunk.includes("EADDRINUSE")) portTaken = true;
    else process.stderr.write(chunk);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM"); // start.mjs stops the sandbox and Next with it
      setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
    });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw portTaken
          ? new PortTakenError(`port ${port} or ${sandboxPort} was taken`)
          : new Error(`scripts/start.mjs exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/api/healthz`)).ok) break;
      } catch {
        // building or starting
      }
      if (Date.now() - started > START_TIMEOUT_MS) throw new Error(`${url} not up in ${START_TIMEOUT_MS} ms`);
      await new Promise((r) => setTimeout(r, 500));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(`(dashboard build + start: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return {
    url,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    pid: child.pid ?? 0,
    watchStderr: (listener) => void stderrListeners.push(listener),
    exit: () => child.signalCode ?? (child.exitCode === null ? null : String(child.exitCode)),
    stop,
  };
}

/**
 * A scratch database, migrated as the server would at first use and seeded by `seed`: PostgreSQL (a scratch
 * database) or, with `database: "pglite"`, the embedded PGlite in the server's DATA_DIR. Then the dashboard's
 * production server on it (with its embedded sandbox) while `run` measures; then `after` with the database
 * (PGlite is single-process: it is reopened once the server is gone); then everything stopped and
 * removed, the build too unless kept.
 */
export async function withBenchDashboard(opts: {
  name: string;
  database?: "postgres" | "pglite";
  seed?: (db: Database) => Promise<void>;
  env?: Record<string, string>;
  /**
   * `restart(env)` stops the server and starts it again on the same database with `env` in place of
   * `opts.env` (the observability bench changes its setting this way); the server is the new one.
   */
  run: (
    server: Server,
    db: Database | undefined,
    restart: (env: Record<string, string>) => Promise<Server>,
  ) => Promise<void>;
  after?: (db: Database) => Promise<void>;
}): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${opts.name}-`));
  const keepBuild = process.env.BENCH_KEEP_BUILD === "1" || existsSync(path.join(ROOT, DIST_DIR));
  const pglite = opts.database === "pglite";
  const pgliteDir = path.join(dataDir, "dashboard"); // MIGRATION_LOCK_KEY, lib/database/dashboard/client.ts
  let pg: ScratchPostgres | undefined;
  let db: Database | undefined;
  let server: Server | undefined;
  try {
    if (pglite) {
      db = await openDatabase({ dataDir: pgliteDir });
    } else {
      pg = await scratchPostgres(opts.name);
      db = await openDatabase({ url: pg.url });
    }
    await migrate(db, migrations, MIGRATION_LOCK_KEY);
    await opts.seed?.(db);
    if (pglite) {
      await db.close();
      db = undefined;
    }
    const start = (env: Record<string, string> | undefined) =>
      startDashboard({
        ...(pg ? { DATABASE_URL: pg.url } : {}),
        DATA_DIR: dataDir,
        PAYMENT_API_CLIENT_ID: SANDBOX_ACCOUNT.clientId,
        PAYMENT_API_SECRET: SANDBOX_ACCOUNT.secret,
        ADMIN_EMAIL: "bench-admin@example.com",
        ADMIN_PASSWORD: "bench-admin-password-123",
        ...env,
      });
    server = await start(opts.env);
    const restart = async (env: Record<string, string>) => {
      await server?.stop();
      server = undefined;
      server = await start(env);
      return server;
    };
    await opts.run(server, db, restart);
    if (opts.after) {
      if (pglite) {
        await server.stop();
        server = undefined;
        db = await openDatabase({ dataDir: pgliteDir });
      }
      if (db) await opts.after(db);
    }
  } finally {
    await server?.stop();
    await db?.close();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    if (!keepBuild) rmSync(path.join(ROOT, DIST_DIR), { recursive: true, force: true });
  }
}
