/**
 * Vitest global setup of the integration files on PGlite: the run's PGlite templates, made once — a database
 * just initialised (no migration), and one each with the dashboard's and the sandbox's migrations applied
 * (lib/database/pglite-template-write.ts). Every scratch PGlite database starts from one of them
 * (lib/testing/database.ts) and every PGlite folder a test's dashboard runtime opens is unpacked from one
 * (seedPgliteFolder), instead of each running initdb and the migrations, most of a new PGlite's cost: the
 * integration files open a few hundred. What the tests see is the database a fresh `new PGlite()` makes and
 * migrates (compacted: pglite-template-compact.ts). Workers inherit the templates' variables
 * (pgliteTemplateVar) from this process's environment.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { MIGRATION_LOCK_KEY } from "@/lib/database/dashboard/client";
import { migrations } from "@/lib/database/dashboard/migrations";
import { writePgliteTemplate } from "@/lib/database/pglite-template-write";
import { SANDBOX_MIGRATION_LOCK_KEY, sandboxMigrations } from "@/lib/database/sandbox/migrations";
import { pgliteTemplateVar } from "./database";

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "test-pglite-template-"));
  const initialised = path.join(dir, "initialised.tar.gz");
  await writePgliteTemplate(initialised);
  const dashboard = path.join(dir, "dashboard.tar.gz");
  const sandbox = path.join(dir, "sandbox.tar.gz");
  await Promise.all([
    writePgliteTemplate(dashboard, {
      from: initialised,
      migrations: { list: migrations, lockKey: MIGRATION_LOCK_KEY },
    }),
    writePgliteTemplate(sandbox, {
      from: initialised,
      migrations: { list: sandboxMigrations, lockKey: SANDBOX_MIGRATION_LOCK_KEY },
    }),
  ]);
  process.env[pgliteTemplateVar()] = initialised;
  process.env[pgliteTemplateVar("dashboard")] = dashboard;
  process.env[pgliteTemplateVar("sandbox")] = sandbox;
  return () => rmSync(dir, { recursive: true, force: true });
}
