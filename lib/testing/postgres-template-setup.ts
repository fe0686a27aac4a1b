/**
 * Vitest global setup of the integration files on PostgreSQL: the run's template databases on TEST_POSTGRES_URL,
 * one with the dashboard's migrations applied and one with the sandbox's. A scratch database asked for with a
 * schema (lib/testing/database.ts) is made `CREATE DATABASE … TEMPLATE` one of them, a copy of files, instead
 * of migrated anew. Nothing connects to a template after this setup (PostgreSQL copies only a database nobody
 * is connected to); they are dropped when the run ends. Workers inherit their names (postgresTemplateVar).
 */
import { migrate } from "@/lib/database";
import { createPostgresScratchDatabase, postgresTemplateVar, waitForDisconnect } from "./database";
import { SCRATCH_SCHEMAS, scratchSchemaNames } from "./scratch-schemas";

export default async function setup(): Promise<() => Promise<void>> {
  const made = await Promise.all(
    scratchSchemaNames.map(async (schema) => {
      const scratch = await createPostgresScratchDatabase(`test_template_${schema}`);
      const db = await scratch.open();
      const { list, lockKey } = SCRATCH_SCHEMAS[schema];
      await migrate(db, list, lockKey).finally(() => db.close());
      const name = new URL(scratch.url).pathname.slice(1);
      await waitForDisconnect(name);
      process.env[postgresTemplateVar(schema)] = name;
      return scratch;
    }),
  );
  return async () => {
    await Promise.all(made.map((scratch) => scratch.drop()));
  };
}
