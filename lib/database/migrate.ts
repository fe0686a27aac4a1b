/**
 * The migrator of both systems' databases (the dashboard's and the sandbox's): ordered by id, recorded in
 * `schema_migrations` (the table and ids of the first migrator, so existing data folders keep working),
 * one transaction per migration, each script executed as a whole (simple protocol: `DO $$ … $$` blocks and
 * a `;` before a newline inside a literal are just SQL). An advisory lock, taken before anything is read or
 * created, makes concurrent starts of several instances against one PostgreSQL apply each migration once.
 */
import type { Database, Sql } from "./index";

/** A system's migrations and the advisory lock it applies them under. */
export interface MigrationSet {
  list: readonly Migration[];
  lockKey: number;
}

export interface Migration {
  /** Sortable, never renamed once committed: "0001_init". */
  id: string;
  sql: string;
}

const CREATE_TABLE =
  "CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())";

/** Applies the migrations not yet applied, in order; returns the ids it applied. */
export async function migrate(
  db: Database,
  migrations: readonly Migration[],
  lockKey: number,
): Promise<string[]> {
  const ordered = [...migrations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const duplicate = ordered.find((m, i) => i > 0 && ordered[i - 1]?.id === m.id);
  if (duplicate) throw new Error(`migration id ${duplicate.id} is used twice`);

  // Under the lock: two instances creating the table at once would otherwise race on the catalog.
  await db.transaction(async (tx) => {
    await lock(tx, lockKey);
    await tx.exec(CREATE_TABLE);
  });
  const applied: string[] = [];
  for (const migration of ordered) {
    await db.transaction(async (tx) => {
      await lock(tx, lockKey);
      const done = await tx.query("SELECT 1 FROM schema_migrations WHERE id = $1", [migration.id]);
      if (done.length > 0) return;
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new Error(`migration ${migration.id} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query("INSERT INTO schema_migrations (id) VALUES ($1)", [migration.id]);
      applied.push(migration.id);
    });
  }
  return applied;
}

/** Held until the transaction ends, so a crash never leaves it taken. */
async function lock(tx: Sql, key: number): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1)", [key]);
}
