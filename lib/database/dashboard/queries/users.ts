import "server-only";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { DashboardDatabase, UserRole, UserRow } from "@/lib/database/dashboard/schema";

/** A user as the app shows it (no password hash). */
export type User = Omit<
  UserRow,
  | "passwordHash"
  | "passwordChangedAt"
  | "oneTimePasswordExpiresAt"
  | "oneTimePasswordUsedAt"
  | "roleGrantedAt"
  | "roleGrantedBy"
>;

/** What sign-in and password checks read: the hash, and the one-time password's expiry and use. */
export type UserWithPassword = User &
  Pick<UserRow, "passwordHash" | "oneTimePasswordExpiresAt" | "oneTimePasswordUsedAt">;

const PASSWORD_COLUMNS = ["passwordHash", "oneTimePasswordExpiresAt", "oneTimePasswordUsedAt"] as const;

const COLUMNS = [
  "id",
  "email",
  "name",
  "role",
  "disabledAt",
  "mustChangePassword",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof User)[];

const db = (sql: Sql) => typed<DashboardDatabase>(sql);

/** Emails are stored and compared lower-cased (the column is UNIQUE on the stored value). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function countUsers(sql: Sql): Promise<number> {
  const row = await db(sql)
    .selectFrom("users")
    .select((eb) => eb.cast<number>(eb.fn.countAll(), "integer").as("n"))
    .executeTakeFirst();
  return row?.n ?? 0;
}

export async function listUsers(sql: Sql): Promise<User[]> {
  return db(sql).selectFrom("users").select(COLUMNS).orderBy("createdAt").orderBy("email").execute();
}

export async function getUserById(sql: Sql, id: string): Promise<User | null> {
  const row = await db(sql).selectFrom("users").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ?? null;
}

export async function getUserByEmailWithPassword(sql: Sql, email: string): Promise<UserWithPassword | null> {
  const row = await db(sql)
    .selectFrom("users")
    .select([...COLUMNS, ...PASSWORD_COLUMNS])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row ?? null;
}

export async function getUserByIdWithPassword(sql: Sql, id: string): Promise<UserWithPassword | null> {
  const row = await db(sql)
    .selectFrom("users")
    .select([...COLUMNS, ...PASSWORD_COLUMNS])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** `oneTimePasswordExpiresAt`: the password an admin chose works until then, or until replaced (setUserPassword). */
export type NewUser = Pick<UserRow, "id" | "email" | "name" | "role" | "passwordHash"> &
  Partial<Pick<UserRow, "oneTimePasswordExpiresAt" | "roleGrantedAt" | "roleGrantedBy">>;

/** Inserts a user; returns null when the email is already taken (nothing changes then). */
export async function insertUser(sql: Sql, user: NewUser): Promise<User | null> {
  const row = await db(sql)
    .insertInto("users")
    .values({
      ...user,
      email: normalizeEmail(user.email),
      mustChangePassword: user.oneTimePasswordExpiresAt != null,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

/** `by`: the admin giving the role (kept with when, for Settings and the new-approver hold). */
export async function setUserRole(
  sql: Sql,
  id: string,
  role: UserRole,
  now: Date,
  by: string | null = null,
): Promise<User | null> {
  const row = await db(sql)
    .updateTable("users")
    .set({ role, updatedAt: now, roleGrantedAt: now, roleGrantedBy: by })
    .where("id", "=", id)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

/** Disables (disabledAt = now) or re-enables (null) a user. */
export async function setUserDisabled(
  sql: Sql,
  id: string,
  disabled: boolean,
  now: Date,
): Promise<User | null> {
  const row = await db(sql)
    .updateTable("users")
    .set((eb) => ({
      // Disabling again keeps the first time it was disabled.
      disabledAt: disabled ? eb.fn.coalesce("disabledAt", eb.val(now)) : null,
      updatedAt: now,
    }))
    .where("id", "=", id)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * A new password hash: an admin's one-time password (`oneTimeUntil`: when it stops working; it must be
 * replaced by the user's own at sign-in) or, with null, the user's own.
 */
export async function setUserPassword(
  sql: Sql,
  id: string,
  passwordHash: string,
  oneTimeUntil: Date | null,
  now: Date,
): Promise<User | null> {
  const row = await db(sql)
    .updateTable("users")
    .set({
      passwordHash,
      mustChangePassword: oneTimeUntil !== null,
      oneTimePasswordExpiresAt: oneTimeUntil,
      oneTimePasswordUsedAt: null,
      passwordChangedAt: now,
      updatedAt: now,
    })
    .where("id", "=", id)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}
