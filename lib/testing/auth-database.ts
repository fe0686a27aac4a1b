/** Helpers for the auth integration tests: a migrated scratch database and users with cheap hashes. */
import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/database";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { openDashboardDatabase } from "@/lib/database/dashboard/client";
import { insertUser, type User } from "@/lib/database/dashboard/queries/users";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/roles";

export interface TestDb {
  db: Database;
  close(): Promise<void>;
}

export async function openTestDb(prefix = "auth"): Promise<TestDb> {
  const scratch: ScratchDatabase = await createScratchDatabase(prefix);
  const db = await openDashboardDatabase(await scratch.open());
  return {
    db,
    close: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

/** Low scrypt cost: the stored hash carries its parameters, so verification works the same way. */
export async function addTestUser(
  db: Database,
  user: { email: string; password: string; role?: Role; name?: string },
): Promise<User> {
  const row = await insertUser(db, {
    id: randomUUID(),
    email: user.email,
    name: user.name ?? "",
    role: user.role ?? "operator",
    passwordHash: await hashPassword(user.password, { N: 1024, r: 8, p: 1 }),
  });
  if (!row) throw new Error(`test user ${user.email} already exists`);
  return row;
}
