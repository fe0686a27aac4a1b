/**
 * A scratch database that starts from the run's migrated template (lib/testing/database.ts) is the database the
 * migrations make anew: the same tables, columns, indexes, functions, triggers and rows, on the backend TEST_DB
 * chooses. Fails when the templates are made differently from how the systems migrate (another migration set,
 * a stale template, a migration whose result depends on when it ran).
 */
import { afterAll, describe, expect, it } from "vitest";
import { type Database, migrate } from "@/lib/database";
import { createScratchDatabase, type ScratchDatabase, type ScratchSchema } from "./database";
import { SCRATCH_SCHEMAS, scratchSchemaNames } from "./scratch-schemas";

/** What the migrations made, in a comparable form: the catalog of the public schema and every table's rows. */
async function contents(db: Database): Promise<Record<string, unknown>> {
  const columns = await db.query(
    `SELECT table_name, column_name, data_type, column_default, is_nullable FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, column_name`,
  );
  const indexes = await db.query(
    "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname",
  );
  const functions = await db.query(
    `SELECT p.proname, pg_get_functiondef(p.oid) AS definition FROM pg_proc p
     JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY p.proname, definition`,
  );
  const triggers = await db.query(
    "SELECT tgname, pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgname",
  );
  const constraints = await db.query(
    `SELECT conname, pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
     JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' ORDER BY conname`,
  );
  const migrationIds = await db.query("SELECT id FROM schema_migrations ORDER BY id");
  const rows: Record<string, unknown> = {};
  const tables = await db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY 1",
  );
  for (const { name } of tables)
    rows[name] = await db.query(`SELECT to_jsonb(t)::text AS row FROM "${name}" t ORDER BY 1`);
  return { columns, indexes, functions, triggers, constraints, migrationIds, rows };
}

const opened: { db: Database; scratch: ScratchDatabase }[] = [];
async function open(schema?: ScratchSchema): Promise<Database> {
  const scratch = await createScratchDatabase(`template_check_${schema ?? "none"}`, schema);
  const db = await scratch.open();
  opened.push({ db, scratch });
  return db;
}
afterAll(async () => {
  for (const { db, scratch } of opened) {
    await db.close();
    await scratch.drop();
  }
});

describe.each(scratchSchemaNames)("a scratch database with the %s schema", (schema) => {
  it("is the database its migrations make anew, and its migrator finds nothing left to apply", async () => {
    const { list, lockKey } = SCRATCH_SCHEMAS[schema];
    const fresh = await open();
    expect(await migrate(fresh, list, lockKey)).toHaveLength(list.length);
    const fromTemplate = await open(schema);
    expect(await migrate(fromTemplate, list, lockKey)).toEqual([]);
    const want = await contents(fresh);
    expect((want.columns as unknown[]).length).toBeGreaterThan(0);
    expect(await contents(fromTemplate)).toEqual(want);
  });
});
