/**
 * The dashboard process's singletons, made in one place from its environment (lib/env.ts). Kept on
 * globalThis so that a Next.js dev reload does not open a second PGlite on the same folder.
 */
import "server-only";
import type { Database } from "@/lib/database";
import { openDashboardStore } from "@/lib/database/dashboard/client";
import { env } from "@/lib/env";

const holder = globalThis as unknown as { __dashboardDb?: Promise<Database> };

/** The dashboard's database handle, opened (and migrated) on first use; a failed open is tried again next time. */
export function getDb(): Promise<Database> {
  holder.__dashboardDb ??= openDashboardStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch(
    (error) => {
      holder.__dashboardDb = undefined;
      throw error;
    },
  );
  return holder.__dashboardDb;
}
