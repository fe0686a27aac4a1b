/** The migrator on the backend chosen by TEST_DB: whole scripts, all or nothing, once under concurrency. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Database, type Migration, migrate } from "./index";
import { createScratchDatabase, type ScratchDatabase, testBackend } from "@/lib/testing/database";

const LOCK = 731_999;
let scratch: ScratchDatabase;
let db: Database;

beforeEach(async () => {
  scratch = await createScratchDatabase("migrate");
  db = await scratch.open();
});
afterEach(async () => {
  await db?.close();
  await scratch?.drop();
});

async function recorded(): Promise<string[]> {
  const rows = await db.query<{ id: string }>("SELECT id FROM schema_migrations ORDER BY id");
  return rows.map((r) => r.id);
}

async function tableExists(name: string): Promise<boolean> {
  const [row] = await db.query<{ t: string | null }>("SELECT to_regclass($1)::text AS t", [name]);
  return row?.t != null;
}

const notes: Migration = {
  id: "t0001_notes",
  sql: "CREATE TABLE t_notes (id integer PRIMARY KEY, body text NOT NULL);\n",
};

describe(`migrate (${testBackend()})`, () => {
  it("runs a script whole: a DO $$ block and literals with a semicolon before a newline", async () => {
    const script: Migration = {
      id: "t0002_script",
      sql: `
INSERT INTO t_notes VALUES (1, 'first;
second');
DO $$
BEGIN
  INSERT INTO t_notes VALUES (2, 'inside;
the block');
  IF (SELECT count(*) FROM t_notes) <> 2 THEN
    RAISE EXCEPTION 'expected two notes';
  END IF;
END $$;
`,
    };
    expect(await migrate(db, [script, notes], LOCK)).toEqual(["t0001_notes", "t0002_script"]);
    const rows = await db.query<{ body: string }>("SELECT body FROM t_notes ORDER BY id");
    expect(rows.map((r) => r.body)).toEqual(["first;\nsecond", "inside;\nthe block"]);
    expect(await recorded()).toEqual(["t0001_notes", "t0002_script"]);
  });

  it("rolls a failing migration back wholly and does not record it; a fixed one applies later", async () => {
    const failing: Migration = {
      id: "t0002_failing",
      sql: `
CREATE TABLE t_half (id integer);
INSERT INTO t_notes VALUES (1, 'kept only if all succeeds');
SELECT 1 / 0;
`,
    };
    await expect(migrate(db, [notes, failing], LOCK)).rejects.toThrow(/t0002_failing.*division by zero/);
    expect(await recorded()).toEqual(["t0001_notes"]);
    expect(await tableExists("t_half")).toBe(false);
    expect(await db.query("SELECT * FROM t_notes")).toEqual([]);

    const fixed: Migration = { ...failing, sql: failing.sql.replace("SELECT 1 / 0;", "") };
    expect(await migrate(db, [notes, fixed], LOCK)).toEqual(["t0002_failing"]);
    expect(await tableExists("t_half")).toBe(true);
    expect(await recorded()).toEqual(["t0001_notes", "t0002_failing"]);
  });

  it("applies in id order and skips what schema_migrations already records", async () => {
    // As the first migrator left an existing data folder: the same table, the same ids.
    await db.exec(
      "CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());" +
        "INSERT INTO schema_migrations (id) VALUES ('t0000_done_before');",
    );
    const before: Migration = { id: "t0000_done_before", sql: "SELECT 1 / 0;" };
    const log: Migration = { id: "t0002_log", sql: "INSERT INTO t_notes VALUES (2, 'after notes');" };
    expect(await migrate(db, [log, before, notes], LOCK)).toEqual(["t0001_notes", "t0002_log"]);
    expect(await migrate(db, [log, before, notes], LOCK)).toEqual([]);
  });

  it("refuses a list that uses an id twice", async () => {
    await expect(migrate(db, [notes, { ...notes }], LOCK)).rejects.toThrow(/t0001_notes is used twice/);
  });

  it("two migrators starting at once apply each migration once", async () => {
    // Not idempotent on purpose: a second application fails (CREATE TABLE) or counts twice (INSERT).
    const counted: Migration = { id: "t0002_counted", sql: "INSERT INTO t_notes VALUES (7, 'once');" };
    const list = [notes, counted];
    // PostgreSQL: two pools, as two instances would have. PGlite: one handle (one process owns a folder).
    const other = testBackend() === "postgres" ? await scratch.open() : db;
    try {
      const results = await Promise.all([migrate(db, list, LOCK), migrate(other, list, LOCK)]);
      expect(results.flat().sort()).toEqual(["t0001_notes", "t0002_counted"]);
      expect(await db.query("SELECT id, body FROM t_notes")).toEqual([{ id: 7, body: "once" }]);
      expect(await recorded()).toEqual(["t0001_notes", "t0002_counted"]);
    } finally {
      if (other !== db) await other.close();
    }
  });
});
