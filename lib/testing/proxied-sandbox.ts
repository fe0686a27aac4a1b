/**
 * For integration tests of sending orders: a real sandbox behind a fault proxy (which delays, drops or
 * refuses chosen calls) and a scratch dashboard database of the TEST_DB backend, opened and migrated.
 */
import type { Database } from "@/lib/database";
import { openDashboardDatabase } from "@/lib/database/dashboard/client";
import { createScratchDatabase } from "./database";
import { type FaultProxy, startFaultProxy } from "./fault-proxy";
import { type SandboxFixture, startSandboxFixture } from "./sandbox-fixture";

export interface ProxiedSandbox {
  fx: SandboxFixture;
  proxy: FaultProxy;
  db: Database;
  /** Closes the proxy, the sandbox and the database, and drops the database. */
  close(): Promise<void>;
}

export async function startProxiedSandbox(databasePrefix: string): Promise<ProxiedSandbox> {
  const fx = await startSandboxFixture();
  const proxy = await startFaultProxy(fx.url);
  const scratch = await createScratchDatabase(databasePrefix, "dashboard");
  const db = await openDashboardDatabase(await scratch.open());
  return {
    fx,
    proxy,
    db,
    close: async () => {
      await proxy.close();
      await fx.close();
      await db.close();
      await scratch.drop();
    },
  };
}
