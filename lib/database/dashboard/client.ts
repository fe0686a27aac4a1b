/**
 * Opening the dashboard's database: embedded PGlite in a folder, or PostgreSQL by URL, with its migrations
 * applied. The process's one handle is made from the environment by lib/runtime.ts; tests open their own.
 */
import "server-only";
import path from "node:path";
import { type Database, migrate, openDatabase } from "@/lib/database";
import { migrations } from "./migrations";

/** The advisory lock that keeps two instances from migrating at once. */
export const MIGRATION_LOCK_KEY = 731_001;

/** Where the dashboard's data lives: a PostgreSQL URL, or PGlite under `dataDir`/dashboard. */
export interface DashboardStoreConfig {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Connections of the PostgreSQL pool. */
  poolMax?: number;
}

/** The folder of the dashboard's PGlite database under the data folder. */
export const dashboardPgliteFolder = (dataDir: string) => path.resolve(dataDir, "dashboard");

/** Opens the configured database and applies its migrations. */
export async function openDashboardStore(config: DashboardStoreConfig): Promise<Database> {
  const db = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolMax: config.poolMax }
      : { dataDir: dashboardPgliteFolder(config.dataDir) },
  );
  return openDashboardDatabase(db);
}

/** For tests: migrate a given database. */
export async function openDashboardDatabase(database: Database): Promise<Database> {
  await migrate(database, migrations, MIGRATION_LOCK_KEY);
  return database;
}
