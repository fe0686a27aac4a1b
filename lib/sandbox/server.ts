/**
 * The sandbox payment service: startSandbox() opens (or takes) its database, applies its migrations, serves
 * the Hono app on a port and runs the callback dispatcher and the expiry sweeper until close().
 *
 * No `import "server-only"` in lib/sandbox: the sandbox is its own Node process (tsx), never part of a Next
 * bundle, and that marker throws outside a React Server bundle.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type Database, type DatabaseConfig, migrate, openDatabase } from "@/lib/database";
import { createSandboxApp } from "./app";
import type { SandboxContext } from "./context";
import { assertValidPool } from "./details/pool";
import { CallbackDispatcher } from "./dispatcher";
import { SANDBOX_MIGRATION_LOCK_KEY, sandboxMigrations } from "@/lib/database/sandbox/migrations";
import { resolveOptions, type SandboxOptions } from "./options";
import { RequestLog } from "./request-log";
import { AuthThrottle } from "./auth-throttle";
import { AccountClocks } from "./clocks";
import { AccountDirectory } from "./accounts";
import { orderWriter } from "./order-writer";
import { ExpirySweeper } from "./sweeper";
import { countPendingCallbacks } from "@/lib/database/sandbox/callbacks";
import { metrics } from "@/lib/observability/metrics";

export { createSandboxApp } from "./app";
export type { SandboxContext } from "./context";
export type { AmountLimit, AmountLimits, MerchantAccount, SandboxOptions } from "./options";
export { DEFAULT_AMOUNT_LIMITS, DEFAULT_RETRY_SCHEDULE } from "./options";

export interface RunningSandbox {
  /** Base URL without a trailing slash, e.g. "http://127.0.0.1:40123". */
  url: string;
  port: number;
  /** The sandbox's database (for tests that look inside). */
  db: Database;
  /** Stops the server, the dispatcher and the sweeper; closes the database if the sandbox opened it. */
  close(): Promise<void>;
}

function isDatabase(value: DatabaseConfig | Database): value is Database {
  return typeof (value as Database).query === "function";
}

/** Opens/migrates the database and builds the app, without listening (benchmarks use the app directly). */
export async function openSandbox(options: SandboxOptions) {
  const opts = resolveOptions(options);
  assertValidPool(opts.detailsPool);
  const owned = !isDatabase(options.database);
  const db = isDatabase(options.database) ? options.database : await openDatabase(options.database);
  try {
    await migrate(db, sandboxMigrations, SANDBOX_MIGRATION_LOCK_KEY);
  } catch (error) {
    if (owned) await db.close().catch(() => {});
    throw error;
  }
  const accounts = new AccountDirectory(db, opts);
  const dispatcher = new CallbackDispatcher(db, opts, accounts);
  const log = new RequestLog(db);
  const ctx: SandboxContext = {
    db,
    opts,
    accounts,
    insertOrder: orderWriter(db),
    kick: () => dispatcher.kick(),
    log,
    clocks: new AccountClocks(db, opts.now),
    throttle: new AuthThrottle(db, opts.authFailures, opts.now),
    expireDue: () => sweeper.sweep(),
  };
  const sweeper = new ExpirySweeper(ctx);
  const app = createSandboxApp(ctx);
  const pendingDeliveries = () => countPendingCallbacks(db);
  return {
    app,
    ctx,
    start() {
      dispatcher.start();
      sweeper.start();
      log.start();
      metrics().deliveryQueues.add(pendingDeliveries);
    },
    async stop() {
      metrics().deliveryQueues.delete(pendingDeliveries);
      await sweeper.stop();
      await dispatcher.stop();
      await log.stop();
      if (owned) await db.close();
    },
  };
}

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const sandbox = await openSandbox(options);
  const { host, port } = sandbox.ctx.opts;
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: sandbox.app.fetch, port, hostname: host }, () => resolve(s));
    s.once("error", reject);
  }).catch(async (error) => {
    await sandbox.stop();
    throw error;
  });
  const actualPort = (server.address() as AddressInfo).port;
  sandbox.start();
  const urlHost = host.includes(":") ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${actualPort}`,
    port: actualPort,
    db: sandbox.ctx.db,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        if ("closeAllConnections" in server) server.closeAllConnections();
        await closed;
        await sandbox.stop();
      })();
      return closing;
    },
  };
}
