/**
 * One small SQL interface over both storage backends (DESIGN §3): embedded PGlite in a data folder by
 * default, a real PostgreSQL server through a connection pool when a URL is given. Both speak the same
 * PostgreSQL dialect, so schema, migrations and queries are shared. Used by the sandbox and the dashboard.
 *
 * Result conventions that hold on both drivers: `numeric` comes back as a string, `timestamptz` as a Date,
 * `jsonb` as parsed JSON. Avoid selecting int8 (bigint) columns without a cast: the drivers disagree on it.
 */
import { mkdirSync } from "node:fs";
import type { PoolClient } from "pg";

export interface Sql {
  /** Runs one parametrised statement ($1, $2, ...) and returns its rows. */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
}

export interface Database extends Sql {
  readonly kind: "pglite" | "postgres";
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseConfig = { url: string } | { dataDir: string } | { memory: true };

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if ("url" in config) return openPostgres(config.url);
  return openPglite("dataDir" in config ? config.dataDir : undefined);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  type Tx = Pick<typeof db, "query">;
  const wrap = (q: Tx): Sql => ({
    query: async <T>(text: string, params?: readonly unknown[]) =>
      (await q.query<T>(text, params as unknown[] | undefined)).rows,
    // PGlite has one connection: a transaction inside a transaction just joins the outer one.
    transaction: (fn) => fn(wrap(q)),
  });
  return {
    kind: "pglite",
    query: wrap(db).query,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    exec: async (script) => {
      await db.exec(script);
    },
    close: () => db.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
  // An idle pooled connection can be closed by the server (restart, DROP DATABASE … WITH (FORCE)); without
  // a listener that error would crash the process. The pool replaces the connection on the next query.
  pool.on("error", (error) => console.warn(`[database] idle connection closed: ${error.message}`));
  type Client = Pick<PoolClient, "query">;
  const wrap = (c: Client): Sql => ({
    query: async <T>(text: string, params?: readonly unknown[]) =>
      (await c.query(text, params as unknown[] | undefined)).rows as T[],
    transaction: (fn) => fn(wrap(c)),
  });
  return {
    kind: "postgres",
    query: async <T>(text: string, params?: readonly unknown[]) =>
      (await pool.query(text, params as unknown[] | undefined)).rows as T[],
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(wrap(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (script) => {
      await pool.query(script);
    },
    close: () => pool.end(),
  };
}

export interface Migration {
  /** Sortable, never renamed once committed: "0001_init". */
  id: string;
  sql: string;
}

/**
 * Applies the migrations not yet applied, in order, each in its own transaction. An advisory lock makes
 * concurrent starts of several instances against one PostgreSQL safe.
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[],
  lockKey: number,
): Promise<string[]> {
  await db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  const applied: string[] = [];
  for (const migration of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [lockKey]);
      const done = await tx.query("SELECT 1 FROM schema_migrations WHERE id = $1", [migration.id]);
      if (done.length > 0) return;
      // Each statement separately: pg's extended protocol (used when params are given) takes one at a time.
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (id) VALUES ($1)", [migration.id]);
      applied.push(migration.id);
    });
  }
  return applied;
}

/** Splits a migration script on semicolons at line ends. Migrations must not put ";\n" inside literals. */
function splitStatements(script: string): string[] {
  return script
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ""))
    .filter((s) => s.length > 0 && !/^(--[^\n]*\n?)*$/.test(s));
}
