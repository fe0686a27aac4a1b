/** Each schema a scratch database can start with (lib/testing/database.ts): the system's migrations and the lock
 * they are applied under, as the system itself migrates. The templates' global setups and their check use it. */
import type { MigrationSet } from "@/lib/database";
import { MIGRATION_LOCK_KEY } from "@/lib/database/dashboard/client";
import { migrations } from "@/lib/database/dashboard/migrations";
import { SANDBOX_MIGRATION_LOCK_KEY, sandboxMigrations } from "@/lib/database/sandbox/migrations";
import type { ScratchSchema } from "./database";

export const SCRATCH_SCHEMAS: Record<ScratchSchema, MigrationSet> = {
  dashboard: { list: migrations, lockKey: MIGRATION_LOCK_KEY },
  sandbox: { list: sandboxMigrations, lockKey: SANDBOX_MIGRATION_LOCK_KEY },
};

export const scratchSchemaNames = Object.keys(SCRATCH_SCHEMAS) as ScratchSchema[];
