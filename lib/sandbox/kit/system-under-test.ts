/**
 * Starting the system under test with a QA run's credentials. A system that talks to the payment service
 * (this dashboard, a merchant's own shop) reads its credentials once, when it starts, so a run per test
 * cannot reach it; a run of its own per system can: start the run, start the system with the run's client
 * id, secret and the sandbox's URL in its environment, test it, stop it, end the run. The Playwright fixture
 * `systemUnderTest` (./playwright.ts) does all of that per worker; this is the part outside Playwright.
 *
 *   const run = await sandbox.startRun({ label: "dashboard suite" });
 *   const app = await startSystemUnderTest({
 *     command: "npm start",
 *     env: ({ port, sandboxUrl, clientId, secret }) => ({ PORT: String(port), PAYMENT_API_BASE_URL: sandboxUrl,
 *       PAYMENT_API_CLIENT_ID: clientId, PAYMENT_API_SECRET: secret }),
 *     url: ({ port }) => `http://127.0.0.1:${port}`,
 *   }, { sandboxUrl, run: run.run });
 *   const alive = run.keepAlive(); // the system may sit unused longer than the run's idle time
 *   …
 *   alive.stop(); await app.stop(); await run.end();
 *
 * Relative imports only (see ./index.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import type { SandboxRun } from "../../contract";

/** What the system under test is started with. */
export interface SystemUnderTestContext {
  /** The sandbox's base URL: the system's payment service URL. */
  sandboxUrl: string;
  /** The run's X-Client-Id and secret: the system's payment service credentials. */
  clientId: string;
  secret: string;
  run: SandboxRun;
  /** A free TCP port on 127.0.0.1, for the system to listen on. */
  port: number;
}

export interface SystemUnderTestConfig {
  /** A shell command (`npm start`), or a file and its arguments (`[process.execPath, "server.js"]`). */
  command: string | readonly string[];
  cwd?: string;
  /** Its environment, added to this process's: the run's credentials under the names the system reads. */
  env: (context: SystemUnderTestContext) => Record<string, string>;
  /** Its base URL (default `http://127.0.0.1:<port>`). */
  url?: (context: SystemUnderTestContext) => string;
  /** A path of it that answers below 500 once it is ready (default `/`). */
  readyPath?: string;
  /** How long it may take to be ready (default 120 s). */
  timeoutMs?: number;
}

export interface RunningSystemUnderTest {
  url: string;
  port: number;
  process: ChildProcess;
  /** What it printed (stdout and stderr), for a failing test's report. */
  logs(): string;
  /** Stops it (SIGTERM to its process group, SIGKILL after 10 s) and waits until it has exited. */
  stop(): Promise<void>;
}

/** A free port on 127.0.0.1 (the system listens on it; a race with another process is possible but rare). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const MAX_LOG_CHARS = 200_000;

export async function startSystemUnderTest(
  config: SystemUnderTestConfig,
  given: { sandboxUrl: string; run: SandboxRun },
): Promise<RunningSystemUnderTest> {
  const port = await freePort();
  const context: SystemUnderTestContext = {
    sandboxUrl: given.sandboxUrl.replace(/\/+$/, ""),
    clientId: given.run.clientId,
    secret: given.run.secret,
    run: given.run,
    port,
  };
  const url = (config.url?.(context) ?? `http://127.0.0.1:${port}`).replace(/\/+$/, "");
  const env = { ...process.env, ...config.env(context) };
  const [file, ...args] = typeof config.command === "string" ? [config.command] : config.command;
  if (!file) throw new Error("systemUnderTest: an empty command");
  // Its own process group, so stop() reaches what a shell or npm starts beneath it.
  const child = spawn(file, args, {
    cwd: config.cwd,
    env,
    shell: typeof config.command === "string",
    detached: process.platform !== "win32",
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-MAX_LOG_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const signal = (name: NodeJS.Signals) => {
    if (gone()) return;
    try {
      if (child.pid !== undefined && process.platform !== "win32") process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      child.kill(name);
    }
  };
  const running: RunningSystemUnderTest = {
    url,
    port,
    process: child,
    logs: () => output,
    async stop() {
      if (!gone()) {
        signal("SIGTERM");
        const late = setTimeout(() => signal("SIGKILL"), 10_000);
        await exited;
        clearTimeout(late);
      }
    },
  };
  const ready = `${url}${config.readyPath ?? "/"}`;
  const deadline = Date.now() + (config.timeoutMs ?? 120_000);
  for (;;) {
    if (gone()) {
      throw new Error(
        `systemUnderTest: ${String(config.command)} exited (${child.exitCode ?? child.signalCode}) before ${ready} answered:\n${output}`,
      );
    }
    try {
      const res = await fetch(ready, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status < 500) return running;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await running.stop();
      throw new Error(
        `systemUnderTest: ${ready} did not answer within ${config.timeoutMs ?? 120_000} ms:\n${output}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
