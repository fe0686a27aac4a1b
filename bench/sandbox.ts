/**
 * Issue 2 figures: sandbox pay-in create throughput and p99 at 50 concurrent connections against a bare
 * HTTP server doing the same insert (same run, same backend), on PGlite and PostgreSQL; and RSS after
 * 100k orders.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { scratchPostgres } from "./dashboard-support";
import { type Child, figure, freePort, load, ratio, startChild, TSX_IN_PROCESS } from "./lib";
import { CLIENT_ID, CONNECTIONS, DURATION_SEC, SECRET, signedPayin, WARMUP_SEC } from "./sandbox-load";
import { runSandboxPackageBench } from "./sandbox-package";
import { runSandboxStoreBench } from "./sandbox-store";
import { cpuMs, ownCpuMs, postgresCpuMs } from "./server-cpu";

async function startSandboxChild(dbEnv: Record<string, string>): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const child = await startChild(
    [...TSX_IN_PROCESS, "lib/sandbox/main.ts"],
    {
      ...dbEnv,
      SANDBOX_PORT: String(port),
      SANDBOX_CLIENT_ID: CLIENT_ID,
      SANDBOX_CLIENT_SECRET: SECRET,
      SANDBOX_RATE_LIMIT_PER_MINUTE: "0",
    },
    `http://127.0.0.1:${port}/healthz`,
  );
  return { child, url: `http://127.0.0.1:${port}/api/v1/payin/create` };
}

async function startBaselineChild(dbEnv: Record<string, string>): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const child = await startChild(
    [...TSX_IN_PROCESS, "bench/baseline-server.ts"],
    { ...dbEnv, PORT: String(port) },
    `http://127.0.0.1:${port}/healthz`,
  );
  return { child, url: `http://127.0.0.1:${port}/` };
}

/** `measure`'s result; the child is stopped afterwards, also when `measure` fails. */
async function stopAfter<T>(server: { child: Child }, measure: () => Promise<T>): Promise<T> {
  try {
    return await measure();
  } finally {
    await server.child.stop();
  }
}

/** A load round with the CPU each party spent per answered request (µs): server, PostgreSQL, load generator. */
async function measuredLoad(server: { child: Child; url: string }) {
  const pid = server.child.process.pid ?? 0;
  const cpuNow = () => ({
    server: cpuMs([pid]),
    postgres: postgresCpuMs(),
    load: ownCpuMs(),
    at: Date.now(),
  });
  const before = cpuNow();
  const r = await load({
    url: server.url,
    connections: CONNECTIONS,
    durationSec: DURATION_SEC,
    makeRequest: signedPayin,
  });
  const after = cpuNow();
  const used = {
    server: after.server - before.server,
    postgres: after.postgres - before.postgres,
    load: after.load - before.load,
  };
  const perRequest = (ms: number) => (ms * 1000) / Math.max(1, r.total);
  return {
    ...r,
    cpuUs: {
      server: perRequest(used.server),
      postgres: perRequest(used.postgres),
      load: perRequest(used.load),
    },
    /** CPU cores busy on average (all three parties), out of availableParallelism(). */
    coresBusy: (used.server + used.postgres + used.load) / (after.at - before.at),
  };
}

type Measured = Awaited<ReturnType<typeof measuredLoad>>;

/**
 * Where the time goes: when the machine's cores are all busy, throughput is bounded by the CPU one request
 * costs (server + database + load generator), not by the flushes that group commit saves. Printed beside
 * the ratio so a missed target can be read against the machine's own ceiling.
 */
function printCpu(backend: string, b: Measured, s: Measured): void {
  const cores = availableParallelism();
  for (const [name, m] of [
    ["baseline", b],
    ["sandbox", s],
  ] as const) {
    const total = m.cpuUs.server + m.cpuUs.postgres + m.cpuUs.load;
    figure(
      `[${backend}] ${name} CPU per create (server+db+load)`,
      total,
      "µs",
      `server ${m.cpuUs.server.toFixed(0)}, PostgreSQL ${m.cpuUs.postgres.toFixed(0)}, load ${m.cpuUs.load.toFixed(0)}; ${m.coresBusy.toFixed(2)} of ${cores} cores busy`,
    );
  }
  const sandboxTotal = s.cpuUs.server + s.cpuUs.postgres + s.cpuUs.load;
  figure(
    `[${backend}] sandbox ceiling on ${cores} cores at that CPU cost`,
    (cores * 1e6) / sandboxTotal,
    "req/s",
    `target ${backend === "postgres" ? "2.5" : "1.5"}× baseline = ${((backend === "postgres" ? 2.5 : 1.5) * b.requestsPerSec).toFixed(0)} req/s`,
  );
}

async function throughput(backend: "pglite" | "postgres"): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-"));
  const pgSandbox = backend === "postgres" ? await scratchPostgres("bench_sandbox") : undefined;
  const pgBaseline = backend === "postgres" ? await scratchPostgres("bench_baseline") : undefined;
  try {
    const baseline = await startBaselineChild(
      pgBaseline ? { BENCH_DATABASE_URL: pgBaseline.url } : { BENCH_DATA_DIR: path.join(dir, "baseline") },
    );
    const warmUp = { connections: CONNECTIONS, durationSec: WARMUP_SEC, makeRequest: signedPayin };
    const b = await stopAfter(baseline, async () => {
      await load({ url: baseline.url, ...warmUp });
      return measuredLoad(baseline);
    });

    const sandbox = await startSandboxChild(
      pgSandbox ? { SANDBOX_DATABASE_URL: pgSandbox.url } : { SANDBOX_DATA_DIR: path.join(dir, "sandbox") },
    );
    const s = await stopAfter(sandbox, async () => {
      await load({ url: sandbox.url, ...warmUp });
      return measuredLoad(sandbox);
    });

    console.log(`\n[${backend}] pay-in create, ${CONNECTIONS} connections, ${DURATION_SEC} s`);
    figure(
      "baseline (bare insert) throughput",
      b.requestsPerSec,
      "req/s",
      `p99 ${b.p99Ms} ms, non-2xx ${b.non2xx}`,
    );
    figure(
      "sandbox throughput",
      s.requestsPerSec,
      "req/s",
      `p99 ${s.p99Ms} ms, non-2xx ${s.non2xx}, errors ${s.errors}`,
    );
    // Issue 9 §7: creates are group-committed (lib/sandbox/order-writer.ts), the baseline inserts one by one.
    ratio(
      `[${backend}] sandbox / baseline throughput`,
      s.requestsPerSec,
      b.requestsPerSec,
      backend === "postgres" ? "≥ 2.5" : "≥ 1.5",
    );
    ratio(`[${backend}] sandbox / baseline p99 latency`, s.p99Ms, b.p99Ms, "lower is better");
    printCpu(backend, b, s);
  } finally {
    await pgSandbox?.drop();
    await pgBaseline?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function rssAfterOrders(count: number): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-rss-"));
  try {
    const sandbox = await startSandboxChild({ SANDBOX_DATA_DIR: path.join(dir, "sandbox") });
    const inserts = { connections: CONNECTIONS, amount: count, makeRequest: signedPayin };
    const { before, r, after } = await stopAfter(sandbox, async () => {
      const before = sandbox.child.rssMiB();
      const r = await load({ url: sandbox.url, ...inserts });
      return { before, r, after: sandbox.child.rssMiB() };
    });
    const baseline = await startBaselineChild({ BENCH_DATA_DIR: path.join(dir, "baseline") });
    const baselineAfter = await stopAfter(baseline, async () => {
      await load({ url: baseline.url, ...inserts });
      return baseline.child.rssMiB();
    });
    console.log(`\n[pglite] memory after ${count} pay-in orders`);
    figure("sandbox RSS at start", before, "MiB");
    figure(`sandbox RSS after ${r.total} creates (${r.non2xx} non-2xx)`, after, "MiB");
    figure("baseline RSS after the same inserts", baselineAfter, "MiB");
    ratio("sandbox / baseline RSS", after, baselineAfter, "informational");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The section's parts, in order (bench/run.ts picks them with BENCH_SANDBOX_PARTS). */
export const sandboxParts: Record<string, () => Promise<void>> = {
  throughput: async () => {
    await throughput("pglite");
    await throughput("postgres");
  },
  store: runSandboxStoreBench,
  rss: () => rssAfterOrders(Number(process.env.BENCH_RSS_ORDERS ?? 100_000)),
  // Issue 19: the installed package's start and create throughput, against tsx and Prism 5's mock.
  package: runSandboxPackageBench,
};
