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
  const scratch: ScratchDatabase = await createScratchDatabase(prefix, "dashboard");
  const db = await openDashboardDatabase(await scratch.open());
  return {
    db,
    close: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

export interface TwoInstanceTestDb extends TestDb {
  /** A second instance's connections (PostgreSQL); on PGlite the one embedded database. */
  db2: Database;
}

/** The database as two dashboard instances see it, for tests of what two at once must decide once. */
export async function openTwoInstanceTestDb(prefix: string): Promise<TwoInstanceTestDb> {
  const scratch: ScratchDatabase = await createScratchDatabase(prefix, "dashboard");
  const db = await openDashboardDatabase(await scratch.open());
  const db2 = scratch.url ? await scratch.open() : db;
  return {
    db,
    db2,
    close: async () => {
      if (db2 !== db) await db2.close();
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

/**
 * A user for each name, `<name>@example.com` with `password`, of the role the name says: the name itself,
 * or with a number after it for a second of a role ("approver2" is an approver).
 */
export async function addTestUsersByRole<Name extends string>(
  db: Database,
  names: readonly Name[],
  password: string,
): Promise<Record<Name, User>> {
  const users = {} as Record<Name, User>;
  for (const name of names) {
    users[name] = await addTestUser(db, {
      email: `${name}@example.com`,
      password,
      role: name.replace(/\d+$/, "") as Role,
    });
  }
  return users;
}
