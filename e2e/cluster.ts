import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createPostgresScratchDatabase } from "../lib/testing/database";
import { pgliteSafeNodeFlags } from "../scripts/node-runtime.mjs";
import { E2E } from "./config";

/**
 * Several instances as a merchant runs them (issue 10 §5), as real processes: two sandboxes on one
 * PostgreSQL database, two dashboards (the production build, scripts/next-server.mjs) on another, and in
 * front of the dashboards' callback receiver a small "load balancer" that passes every callback to
 * dashboard B and writes down each delivery it saw (webhook-id, when it came, when it was answered).
 * PUBLIC_BASE_URL of both dashboards is that balancer, so the postbackUrl of every order points there.
 */

const root = path.resolve(import.meta.dirname, "..");
const ACCOUNT = { clientId: "multi-merchant", secret: "multi-instance-secret-7Yp2" };
export const CLUSTER_ADMIN = { email: "multi-admin@example.com", password: "multi-admin-password-1" };

export interface Delivery {
  webhookId: string;
  /** When the balancer received it and when it answered (ms since the epoch). */
  from: number;
  to: number;
  /** What the balancer answered: B's answer, or 503 when it turned the attempt away itself. */
  status: number;
}

export interface Instance {
  url: string;
  process: ChildProcess;
}

export interface Cluster {
  dashboardA: Instance;
  dashboardB: Instance;
  sandboxA: Instance;
  sandboxB: Instance;
  sandboxAccount: typeof ACCOUNT;
  /** Every callback delivery that reached the balancer, in order of arrival. */
  deliveries: Delivery[];
  /** Runs SQL on the dashboards' database or the sandboxes' one. */
  dashboardSql<T>(text: string, values?: unknown[]): Promise<T[]>;
  sandboxSql<T>(text: string, values?: unknown[]): Promise<T[]>;
  /** What each process printed, for a failing test's report. */
  logs(): string;
  close(): Promise<void>;
}

/** A port free now (another socket may take it before it is listened on). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Waits until `url` answers below 500; fails when `child` exits first or after `timeoutMs`. */
export async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url, { redirect: "manual" })).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The balancer: /api/postback to dashboard B; `turnAway(webhookId, attempt)` makes it answer 503 itself. */
function startBalancer(
  port: number,
  target: () => string,
  deliveries: Delivery[],
  turnAway: (webhookId: string, seen: number) => boolean,
): http.Server {
  return http
    .createServer((req, res) => {
      const from = Date.now();
      const webhookId = String(req.headers["webhook-id"] ?? "");
      const seen = deliveries.filter((d) => d.webhookId === webhookId).length;
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const record = (status: number) => deliveries.push({ webhookId, from, to: Date.now(), status });
        // Held a moment, so that a second sandbox sending the same attempt meanwhile would overlap it.
        await new Promise((r) => setTimeout(r, 150));
        if (req.url !== "/api/postback" || turnAway(webhookId, seen)) {
          record(503);
          res.writeHead(503).end();
          return;
        }
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === "string" && !["host", "connection", "content-length"].includes(name))
            headers.set(name, value);
        try {
          const answer = await fetch(`${target()}/api/postback`, {
            method: "POST",
            headers,
            body: Buffer.concat(chunks),
          });
          const body = Buffer.from(await answer.arrayBuffer());
          record(answer.status);
          res
            .writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "" })
            .end(body);
        } catch (error) {
          record(502);
          res.writeHead(502).end(String(error));
        }
      });
    })
    .listen(port, "127.0.0.1");
}

/** Stops the processes (SIGTERM, then SIGKILL after 5 s) and waits for each to exit. */
export async function stopChildren(children: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
          setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
        }),
    ),
  );
}

type ClusterOptions = {
  turnAway: (webhookId: string, seen: number) => boolean;
  /** More variables for both dashboards (the alert loop's interval, SMTP_URL). */
  dashboardEnv?: Record<string, string>;
};

/** Starts the cluster; once more on other ports if one was taken between choosing it and listening. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  try {
    return await startClusterOnce(options);
  } catch (error) {
    if (!(error as Error).message.includes("EADDRINUSE")) throw error;
    return startClusterOnce(options);
  }
}

async function startClusterOnce(options: ClusterOptions): Promise<Cluster> {
  const [sandboxDb, dashboardDb] = await Promise.all([
    createPostgresScratchDatabase("multi_e2e_sandbox"),
    createPostgresScratchDatabase("multi_e2e_dashboard"),
  ]);
  const [portSA, portSB, portDA, portDB, portLB] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const output: string[] = [];
  const children: ChildProcess[] = [];
  const start = (name: string, args: string[], env: Record<string, string>): ChildProcess => {
    const child = spawn(process.execPath, [...pgliteSafeNodeFlags(), ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [child.stdout, child.stderr])
      stream?.on("data", (c: Buffer) => output.push(`[${name}] ${c.toString()}`));
    children.push(child);
    return child;
  };

  const sandboxEnv = (port: number) => ({
    SANDBOX_PORT: String(port),
    SANDBOX_DATABASE_URL: sandboxDb.url,
    SANDBOX_CLIENT_ID: ACCOUNT.clientId,
    SANDBOX_CLIENT_SECRET: ACCOUNT.secret,
    SANDBOX_CALLBACK_RETRY_SCHEDULE: "300,600,1000",
    SANDBOX_RATE_LIMIT_PER_MINUTE: "0",
  });
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const sandboxA = start("sandbox A", [tsx, "lib/sandbox/main.ts"], sandboxEnv(portSA));
  const sandboxB = start("sandbox B", [tsx, "lib/sandbox/main.ts"], sandboxEnv(portSB));

  const balancerUrl = `http://127.0.0.1:${portLB}`;
  const dashboardEnv = (port: number, sandboxPort: number) => ({
    PORT: String(port),
    DATABASE_URL: dashboardDb.url,
    PAYMENT_API_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
    PAYMENT_API_CLIENT_ID: ACCOUNT.clientId,
    PAYMENT_API_SECRET: ACCOUNT.secret,
    PAYMENT_API_IS_SANDBOX: "true",
    PUBLIC_BASE_URL: balancerUrl,
    ADMIN_EMAIL: CLUSTER_ADMIN.email,
    ADMIN_PASSWORD: CLUSTER_ADMIN.password,
    NEXT_DIST_DIR: E2E.distDir,
    PG_POOL_MAX: "4",
    ...options.dashboardEnv,
  });
  const nextServer = path.join(root, "scripts", "next-server.mjs");
  // Both dashboards start at once on an empty database: the migrations and the first admin race.
  const dashboardA = start("dashboard A", [nextServer], dashboardEnv(portDA, portSA));
  const dashboardB = start("dashboard B", [nextServer], dashboardEnv(portDB, portSB));

  const deliveries: Delivery[] = [];
  const dashboardBUrl = `http://127.0.0.1:${portDB}`;
  const balancer = startBalancer(portLB, () => dashboardBUrl, deliveries, options.turnAway);

  const [dashboardSql, sandboxSql] = await Promise.all([dashboardDb.open(), sandboxDb.open()]);
  const cluster: Cluster = {
    dashboardA: { url: `http://127.0.0.1:${portDA}`, process: dashboardA },
    dashboardB: { url: dashboardBUrl, process: dashboardB },
    sandboxA: { url: `http://127.0.0.1:${portSA}`, process: sandboxA },
    sandboxB: { url: `http://127.0.0.1:${portSB}`, process: sandboxB },
    sandboxAccount: ACCOUNT,
    deliveries,
    dashboardSql: (text, values) => dashboardSql.query(text, values),
    sandboxSql: (text, values) => sandboxSql.query(text, values),
    logs: () => output.join(""),
    close: async () => {
      await stopChildren(children);
      await new Promise((r) => balancer.close(r));
      await Promise.all([dashboardSql.close(), sandboxSql.close()]);
      await Promise.all([dashboardDb.drop(), sandboxDb.drop()]);
    },
  };
  try {
    await Promise.all([
      waitUntilAnswering(`${cluster.sandboxA.url}/healthz`, sandboxA, 60_000),
      waitUntilAnswering(`${cluster.sandboxB.url}/healthz`, sandboxB, 60_000),
      waitUntilAnswering(`${cluster.dashboardA.url}/login`, dashboardA, 90_000),
      waitUntilAnswering(`${cluster.dashboardB.url}/login`, dashboardB, 90_000),
    ]);
  } catch (error) {
    const logs = cluster.logs();
    await cluster.close();
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
  return cluster;
}
