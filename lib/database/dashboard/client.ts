/**
 * The dashboard's database handle: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL
 * is set. One handle per process (kept on globalThis so Next.js dev reloads do not open a second PGlite on
 * the same folder); migrations are applied when it first opens.
 */
import "server-only";
import path from "node:path";
import { type Database, migrate, openDatabase } from "@/lib/database";
import { env } from "@/lib/env";
import { migrations } from "./migrations";

const MIGRATION_LOCK_KEY = 731_001;

const holder = globalThis as unknown as { __dashboardDb?: Promise<Database> };

export function getDb(): Promise<Database> {
  holder.__dashboardDb ??= openAndMigrate().catch((error) => {
    holder.__dashboardDb = undefined;
    throw error;
  });
  return holder.__dashboardDb;
}

async function openAndMigrate(): Promise<Database> {
  const db = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.resolve(env.DATA_DIR, "dashboard") },
  );
  await migrate(db, migrations, MIGRATION_LOCK_KEY);
  return db;
}

/** For tests: open a given database and migrate it. */
export async function openDashboardDatabase(database: Database): Promise<Database> {
  await migrate(database, migrations, MIGRATION_LOCK_KEY);
  return database;
}
