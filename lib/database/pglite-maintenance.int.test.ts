/**
 * PGlite's stand-in for autovacuum (pglite-maintenance.ts): tables past autovacuum's thresholds are
 * analyzed or vacuumed, the others left alone, and a plan cached while a table was empty is made anew.
 * PGlite only: a PostgreSQL server has its own autovacuum.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "./index";
import { maintainPglite, startPgliteMaintenance } from "./pglite-maintenance";

// One database for the file (PGlite takes seconds to start); each test has tables of its own.
let db: Database;
beforeAll(async () => {
  db = await openDatabase({ memory: true });
});
afterAll(() => db.close());

interface TableStats {
  relname: string;
  n_dead_tup: number;
  n_mod_since_analyze: number;
  analyzed: boolean;
}

async function readStats(table: string): Promise<TableStats | undefined> {
  const [row] = await db.query<TableStats>(
    `SELECT relname, n_dead_tup::int, n_mod_since_analyze::int, last_analyze IS NOT NULL AS analyzed
       FROM pg_stat_user_tables WHERE relname = $1`,
    [table],
  );
  return row;
}

/** Statistics are counted at the end of each transaction: waits until `ready` holds (or times out). */
function statsOf(table: string, ready: (s: TableStats) => boolean = () => true): Promise<TableStats> {
  return vi.waitFor(
    async () => {
      const row = await readStats(table);
      if (!row || !ready(row)) throw new Error(`statistics of ${table}: ${JSON.stringify(row)}`);
      return row;
    },
    { timeout: 5_000, interval: 100 },
  );
}

describe("PGlite maintenance", () => {
  it("analyzes a table past autovacuum's threshold and leaves a table below it alone", async () => {
    await db.exec("CREATE TABLE busy (id int PRIMARY KEY); CREATE TABLE quiet (id int PRIMARY KEY)");
    await db.exec("INSERT INTO busy SELECT generate_series(1, 500); INSERT INTO quiet VALUES (1), (2)");
    await statsOf("busy", (s) => s.n_mod_since_analyze >= 500);

    expect(await maintainPglite(db)).toEqual([{ table: "public.busy", action: "ANALYZE" }]);
    expect(await statsOf("busy")).toMatchObject({ analyzed: true, n_mod_since_analyze: 0 });
    expect(await statsOf("quiet")).toMatchObject({ analyzed: false, n_mod_since_analyze: 2 });
    expect(await maintainPglite(db)).toEqual([]);
  });

  it("vacuums a table whose dead rows passed the threshold", async () => {
    await db.exec("CREATE TABLE churn (id int PRIMARY KEY, n int NOT NULL DEFAULT 0)");
    await db.exec("INSERT INTO churn (id) SELECT generate_series(1, 300)");
    await statsOf("churn", (s) => s.n_mod_since_analyze >= 300);
    expect(await maintainPglite(db)).toEqual([{ table: "public.churn", action: "ANALYZE" }]);
    await db.exec("UPDATE churn SET n = n + 1; UPDATE churn SET n = n + 1");
    await statsOf("churn", (s) => s.n_dead_tup >= 600);

    // Not in a quiet moment: analyzed (its rows changed too), the VACUUM left for later.
    expect(await maintainPglite(db, { vacuum: false })).toEqual([
      { table: "public.churn", action: "ANALYZE" },
    ]);
    expect(await statsOf("churn")).toMatchObject({ n_mod_since_analyze: 0 });
    expect((await statsOf("churn")).n_dead_tup).toBeGreaterThanOrEqual(600);
    expect(await maintainPglite(db, { vacuum: false })).toEqual([]);

    expect(await maintainPglite(db)).toEqual([{ table: "public.churn", action: "VACUUM, ANALYZE" }]);
    expect(await statsOf("churn")).toMatchObject({ n_dead_tup: 0, n_mod_since_analyze: 0 });
  });

  it("makes anew a plan cached while the table was empty (a full scan), once the table has grown", async () => {
    await db.exec("CREATE TABLE d (id int PRIMARY KEY, payload text); ANALYZE d");
    await db.exec("PREPARE find(int) AS SELECT payload FROM d WHERE id = $1");
    // Six runs: PostgreSQL then keeps a generic plan, made for the table as it is now (empty).
    for (let i = 0; i < 6; i++) await db.query("EXPLAIN EXECUTE find(1)");
    await db.exec("INSERT INTO d SELECT n, repeat('x', 200) FROM generate_series(1, 20000) n");
    const plan = async () =>
      (await db.query<{ "QUERY PLAN": string }>("EXPLAIN EXECUTE find(1)"))
        .map((r) => r["QUERY PLAN"])
        .join(" ");
    expect(await plan()).toMatch(/Seq Scan on d/);

    await statsOf("d", (s) => s.n_mod_since_analyze >= 20_000);
    await maintainPglite(db);
    expect(await plan()).toMatch(/Index Scan using d_pkey/);
  });

  it("vacuums on its own only when the database has been quiet", async () => {
    await db.exec("CREATE TABLE busy2 (id int PRIMARY KEY, n int NOT NULL DEFAULT 0)");
    await db.exec("INSERT INTO busy2 (id) SELECT generate_series(1, 300)");
    await maintainPglite(db);
    await db.exec("UPDATE busy2 SET n = n + 1; UPDATE busy2 SET n = n + 1");
    await statsOf("busy2", (s) => s.n_dead_tup >= 600);
    let idle = 0;
    const stop = startPgliteMaintenance(db, { intervalMs: 50, idleMs: () => idle });
    try {
      await statsOf("busy2", (s) => s.n_mod_since_analyze === 0);
      await new Promise((r) => setTimeout(r, 300));
      expect((await statsOf("busy2")).n_dead_tup).toBeGreaterThanOrEqual(600);
      idle = 60_000;
      expect(await statsOf("busy2", (s) => s.n_dead_tup === 0)).toMatchObject({ n_dead_tup: 0 });
    } finally {
      await stop();
    }
  });

  it("runs on its own every interval, and stops", async () => {
    await db.exec(
      "CREATE TABLE timed (id int PRIMARY KEY); INSERT INTO timed SELECT generate_series(1, 100)",
    );
    const stop = startPgliteMaintenance(db, { intervalMs: 50 });
    try {
      expect(await statsOf("timed", (s) => s.analyzed)).toMatchObject({ n_mod_since_analyze: 0 });
    } finally {
      await stop();
    }
    // Stopped: changes past the threshold stay unanalyzed (statsOf times out if they are analyzed away).
    await db.exec("INSERT INTO timed SELECT generate_series(101, 400)");
    await new Promise((r) => setTimeout(r, 300));
    expect(await statsOf("timed", (s) => s.n_mod_since_analyze > 0)).toMatchObject({
      n_mod_since_analyze: 300,
    });
  });
});
