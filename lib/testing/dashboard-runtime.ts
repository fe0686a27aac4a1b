/**
 * For integration tests of the dashboard's own entry points (server actions, route handlers, pages): the
 * dashboard's runtime (lib/runtime.ts) on a scratch database of the TEST_DB backend, configured by `vars`
 * exactly as the environment would configure it, and installed as the process's runtime — what getDb(),
 * getEnv() and getPaymentApi() answer. Nothing reads process.env, so the modules under test can be imported
 * statically. close() closes the runtime (resume loop, status feed, database) and drops the database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "@/lib/database";
import { dashboardPgliteFolder } from "@/lib/database/dashboard/client";
import { parseEnv } from "@/lib/env";
import { createRuntime, type DashboardRuntime, installRuntime } from "@/lib/runtime";
import { createScratchDatabase, seedPgliteFolder } from "./database";
import { paymentApiEnv, type SandboxFixture, startSandboxFixture } from "./sandbox-fixture";

export interface TestRuntime {
  runtime: DashboardRuntime;
  /** The runtime's database, opened and migrated. */
  db: Database;
  close(): Promise<void>;
}

export async function startTestRuntime(
  prefix: string,
  vars: Record<string, string> = {},
): Promise<TestRuntime> {
  const scratch = await createScratchDatabase(prefix, "dashboard");
  // On PGlite the runtime opens its own folder (as DATA_DIR does in production), not the scratch memory.
  const dataDir = scratch.url ? undefined : mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  if (dataDir) seedPgliteFolder(dashboardPgliteFolder(dataDir), "dashboard");
  const storage = scratch.url ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir };
  const runtime = createRuntime(parseEnv({ NODE_ENV: "test", ...storage, ...vars }));
  installRuntime(runtime);
  const db = await runtime.db();
  return {
    runtime,
    db,
    close: async () => {
      installRuntime(undefined);
      await runtime.close();
      await scratch.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SandboxRuntime extends TestRuntime {
  /** The real sandbox the runtime's payment client calls. */
  fx: SandboxFixture;
}

/**
 * A real sandbox (lib/testing/sandbox-fixture.ts) and the runtime configured to call it, its callbacks
 * addressed to http://dashboard.test (never delivered: the tests that need them serve a receiver of their
 * own). close() closes both.
 */
export async function startSandboxRuntime(prefix: string): Promise<SandboxRuntime> {
  const fx = await startSandboxFixture();
  try {
    const rt = await startTestRuntime(prefix, {
      ...paymentApiEnv(fx.url),
      PUBLIC_BASE_URL: "http://dashboard.test",
    });
    return {
      ...rt,
      fx,
      close: async () => {
        await rt.close();
        await fx.close();
      },
    };
  } catch (error) {
    await fx.close();
    throw error;
  }
}
