import "server-only";
import type { Sql } from "@/lib/database";

export type UserRole = "admin" | "operator" | "viewer";

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  disabledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface UserWithPassword extends UserRow {
  passwordHash: string;
}

const COLUMNS = `id, email, name, role, disabled_at AS "disabledAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Emails are stored and compared lower-cased (the column is UNIQUE on the stored value). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function countUsers(sql: Sql): Promise<number> {
  const rows = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM users");
  return rows[0]?.n ?? 0;
}

export async function listUsers(sql: Sql): Promise<UserRow[]> {
  return sql.query<UserRow>(`SELECT ${COLUMNS} FROM users ORDER BY created_at, email`);
}

export async function getUserById(sql: Sql, id: string): Promise<UserRow | null> {
  const rows = await sql.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function getUserByEmailWithPassword(sql: Sql, email: string): Promise<UserWithPassword | null> {
  const rows = await sql.query<UserWithPassword>(
    `SELECT ${COLUMNS}, password_hash AS "passwordHash" FROM users WHERE email = $1`,
    [normalizeEmail(email)],
  );
  return rows[0] ?? null;
}

export interface NewUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  passwordHash: string;
}

/** Inserts a user; returns null when the email is already taken (nothing changes then). */
export async function insertUser(sql: Sql, user: NewUser): Promise<UserRow | null> {
  const rows = await sql.query<UserRow>(
    `INSERT INTO users (id, email, name, role, password_hash) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
    [user.id, normalizeEmail(user.email), user.name, user.role, user.passwordHash],
  );
  return rows[0] ?? null;
}

export async function setUserRole(sql: Sql, id: string, role: UserRole, now: Date): Promise<UserRow | null> {
  const rows = await sql.query<UserRow>(
    `UPDATE users SET role = $2, updated_at = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, role, now],
  );
  return rows[0] ?? null;
}

/** Disables (disabledAt = now) or re-enables (null) a user. */
export async function setUserDisabled(
  sql: Sql,
  id: string,
  disabled: boolean,
  now: Date,
): Promise<UserRow | null> {
  const rows = await sql.query<UserRow>(
    `UPDATE users SET disabled_at = CASE WHEN $2::boolean THEN coalesce(disabled_at, $3) ELSE NULL END,
       updated_at = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, disabled, now],
  );
  return rows[0] ?? null;
}
