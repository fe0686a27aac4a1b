import "server-only";
import type { Sql } from "@/lib/database";

export interface SignInDeviceRow {
  id: string;
  userId: string;
  email: string;
  expiresAt: Date;
}

export async function getSignInDevice(sql: Sql, id: string): Promise<SignInDeviceRow | null> {
  const rows = await sql.query<SignInDeviceRow>(
    `SELECT d.id, d.user_id AS "userId", u.email, d.expires_at AS "expiresAt"
       FROM sign_in_devices d JOIN users u ON u.id = d.user_id
      WHERE d.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function insertSignInDevice(
  sql: Sql,
  d: { id: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await sql.query(
    "INSERT INTO sign_in_devices (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
    [d.id, d.userId, d.createdAt, d.expiresAt],
  );
}

export async function deleteSignInDevice(sql: Sql, id: string): Promise<void> {
  await sql.query("DELETE FROM sign_in_devices WHERE id = $1", [id]);
}

export async function deleteExpiredSignInDevices(sql: Sql, now: Date): Promise<void> {
  await sql.query("DELETE FROM sign_in_devices WHERE expires_at <= $1", [now]);
}
