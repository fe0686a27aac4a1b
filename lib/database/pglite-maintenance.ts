/**
 * Autovacuum for embedded PGlite, which has none: PostgreSQL's server runs VACUUM and ANALYZE in background
 * workers; PGlite is one process with one connection, so without this nothing ever analyzes or vacuums.
 *
 * Why it matters: dead rows (every status change leaves one) are never reclaimed, and the planner's
 * statistics never follow the tables. Worse, a plan cached in a session is made anew only when something
 * invalidates it, as ANALYZE does, and PGlite's one session lives as long as the process: once
 * callback_deliveries had been analyzed while (nearly) empty, the receiver function's plans (migration
 * 0003) scanned the whole table for ever after, each delivery costing more than the one before (0.7 ms a
 * delivery over the first 4 000, 5 ms by 20 000); one ANALYZE of the grown table brought it to 0.2 ms.
 *
 * So every MAINTENANCE_INTERVAL_MS the tables past PostgreSQL's own autovacuum thresholds (the defaults:
 * analyze after 50 + 10 % of the rows changed, vacuum after 50 + 20 % are dead) are analyzed or vacuumed,
 * one statement at a time. Each holds the one connection while it runs: ANALYZE reads a bounded sample
 * (STATISTICS_TARGET) and runs when due; VACUUM reads the whole table (1 M orders: seconds), so it waits for
 * a quiet moment (no statement for IDLE_BEFORE_VACUUM_MS).
 */
import type { Sql } from "./index";
import { log } from "@/lib/observability/logger";

export const MAINTENANCE_INTERVAL_MS = 10_000;
/**
 * ANALYZE's sample, as PostgreSQL's default_statistics_target (rows read: 300 × it). The default, 100, read
 * 20 000 orders in 380 ms on PGlite, holding the one connection; 10 took 40 ms, and the dashboard's
 * queries (unique keys, a keyset on created_at, a handful of statuses) plan the same on it.
 */
const STATISTICS_TARGET = 10;
/** How long the database must have run no statement before a VACUUM may start. */
export const IDLE_BEFORE_VACUUM_MS = 2_000;

interface DueTable {
  name: string;
  vacuum: boolean;
  analyze: boolean;
}

/**
 * Analyzes the tables past autovacuum's analyze threshold and, with `vacuum` (the default), vacuums those
 * past its vacuum threshold (with ANALYZE). Returns what it did.
 */
export async function maintainPglite(
  db: Sql,
  { vacuum = true }: { vacuum?: boolean } = {},
): Promise<{ table: string; action: string }[]> {
  const due = await db.query<DueTable>(
    `SELECT format('%I.%I', s.schemaname, s.relname) AS name,
            s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) AS vacuum,
            s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) AS analyze
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
         OR s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
      ORDER BY s.relname`,
  );
  const done: { table: string; action: string }[] = [];
  for (const table of due) {
    const vacuuming = vacuum && table.vacuum;
    if (!vacuuming && !table.analyze) continue;
    // VACUUM may not share a script (an implicit transaction); the ANALYZE after it does, with its setting.
    if (vacuuming) await db.exec(`VACUUM ${table.name}`);
    await db.exec(
      `SET default_statistics_target = ${STATISTICS_TARGET}; ANALYZE ${table.name}; RESET default_statistics_target`,
    );
    done.push({ table: table.name, action: vacuuming ? "VACUUM, ANALYZE" : "ANALYZE" });
  }
  return done;
}

export interface MaintenanceOptions {
  intervalMs?: number;
  /** Milliseconds since the database last ran a statement (0 while one runs); VACUUM waits for quiet. */
  idleMs?: () => number;
}

/**
 * Runs maintainPglite every `intervalMs` (never two at once; the timer does not keep the process alive).
 * Returns the stop function: it waits for a run in progress, so the database can be closed after it.
 */
export function startPgliteMaintenance(
  db: Sql,
  { intervalMs = MAINTENANCE_INTERVAL_MS, idleMs = () => Number.POSITIVE_INFINITY }: MaintenanceOptions = {},
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= maintainPglite(db, { vacuum: idleMs() >= IDLE_BEFORE_VACUUM_MS })
      .then(() => undefined)
      .catch((error: unknown) => {
        log().warn(
          { error: error instanceof Error ? error.message : String(error) },
          "database: PGlite maintenance failed",
        );
      })
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
