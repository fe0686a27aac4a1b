/** Shared helpers of the benchmarks: child processes, load generation, and printing figures. */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import { cpuTimes } from "../scripts/cpu-times.mjs";
import { pgliteSafeNodeFlags } from "../scripts/node-runtime.mjs";

export const ROOT = path.resolve(import.meta.dirname, "..");
/** Node flags that load TypeScript in-process (unlike the tsx CLI, which runs the script in a second process
 * — that would make the child's PID, and so its measured RSS, the wrapper's). */
export const TSX_IN_PROCESS = ["--import", "tsx"];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface Child {
  process: ChildProcess;
  stop(): Promise<void>;
  /** Resident set size of the child, in MiB, from /proc. */
  rssMiB(): number;
}

/** Children still running: killed when this process exits first (a part that failed midway), since one
 * left behind would hold the output pipe open and keep a caller waiting for it (npm test). */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export async function startChild(
  args: string[],
  env: Record<string, string>,
  healthUrl: string,
): Promise<Child> {
  const child = spawn(process.execPath, [...pgliteSafeNodeFlags(), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    try {
      if ((await fetch(healthUrl)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${healthUrl} not healthy in 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
    rssMiB: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return kb / 1024;
    },
  };
}

export interface LoadResult {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
}

/**
 * How a load round of `durationSec` ends: after its seconds, or after BENCH_ROUND_REQUESTS requests when that is
 * set (the smoke run sets it: a one-second round on a machine busy with other steps can end before its first
 * answer, and a smoke run's figures mean nothing anyway).
 */
export function roundEnd(durationSec: number): { duration: number } | { amount: number } {
  const requests = Number(process.env.BENCH_ROUND_REQUESTS);
  return requests > 0 ? { amount: requests } : { duration: durationSec };
}

/** Drives `url` with `connections` concurrent connections, each request made fresh by `makeRequest`. */
export async function load(opts: {
  url: string;
  connections: number;
  durationSec?: number;
  amount?: number;
  makeRequest: () => { body: string; headers: Record<string, string> };
}): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    method: "POST",
    connections: opts.connections,
    // autocannon rejects an explicit `duration: undefined`, so pass exactly one of the two.
    ...(opts.amount !== undefined ? { amount: opts.amount } : roundEnd(opts.durationSec ?? 10)),
    requests: [
      {
        setupRequest: (req) => {
          const { body, headers } = opts.makeRequest();
          return { ...req, method: "POST", body, headers: { ...req.headers, ...headers } };
        },
      },
    ],
  });
  // Refusals are quick: a round with no success would measure how fast the server says no.
  if (result["2xx"] === 0) throw new Error(`${opts.url}: no request answered 2xx (non-2xx ${result.non2xx})`);
  return {
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Printed, then refused when not a finite number: NaN or Infinity means the bench measured nothing. */
function assertFinite(name: string, value: number): void {
  if (!Number.isFinite(value)) throw new Error(`figure "${name.trim()}" is ${value}`);
}

export function figure(name: string, value: number, unit: string, note = ""): void {
  console.log(
    `${name.padEnd(58)} ${value.toFixed(value < 10 ? 2 : 1).padStart(10)} ${unit}${note ? `  ${note}` : ""}`,
  );
  assertFinite(name, value);
}

export function ratio(name: string, measured: number, baseline: number, target: string): void {
  console.log(`${name.padEnd(58)} ${(measured / baseline).toFixed(2).padStart(10)} ×  (target ${target})`);
  assertFinite(name, measured / baseline);
}

/**
 * Starts counting the share of the cores' time the host took (Linux's /proc/stat "steal": a virtual machine's
 * cores ready to run while the host ran something else); the function returned gives it since, as a fraction,
 * or undefined without /proc/stat. A server using both cores loses more to it than one using a single core, so
 * a ratio of the two moves with it.
 */
export function stolenSince(): () => number | undefined {
  const before = cpuTimes();
  return () => {
    const after = cpuTimes();
    if (!before || !after || after.all <= before.all) return undefined;
    return (after.stolen - before.stolen) / (after.all - before.all);
  };
}

/**
 * One process's parent and processor time so far (ms, threads included) from Linux's /proc/<pid>/stat (USER_HZ
 * ticks, 100 a second); undefined when there is no such process (or no /proc).
 */
export function processCpu(pid: number): { parent: number; cpuMs: number } | undefined {
  try {
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ")".
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // After the name: state, ppid (field 4), …, utime (14), stime (15).
    return { parent: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return undefined;
  }
}

/**
 * The processor time (ms) a process and every process under it have used so far, threads included (processCpu
 * of each); undefined without the process. What a server costs a request, read around its load rounds, does not
 * move with how much of the cores the machine gives it, as its throughput does.
 */
export function processTreeCpuMs(pid: number): number | undefined {
  let pids: number[];
  try {
    pids = readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return undefined;
  }
  const stats = pids.flatMap((p) => {
    const stat = processCpu(p); // undefined: gone meanwhile
    return stat ? [{ pid: p, ...stat }] : [];
  });
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of stats)
      if (!tree.has(s.pid) && tree.has(s.parent)) {
        tree.add(s.pid);
        grew = true;
      }
  }
  const own = stats.filter((s) => tree.has(s.pid));
  return own.length === 0 ? undefined : own.reduce((sum, s) => sum + s.cpuMs, 0);
}
