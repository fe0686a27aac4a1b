import "server-only";
import type { Sql } from "@/lib/database";
import type { UserRole } from "./users";

export interface NewSession {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(sql: Sql, s: NewSession): Promise<void> {
  await sql.query(
    `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $3, $4, $5, $6)`,
    [s.id, s.userId, s.createdAt, s.expiresAt, s.ip, s.userAgent],
  );
}

export interface SessionWithUser {
  id: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  email: string;
  name: string;
  role: UserRole;
  disabledAt: Date | null;
}

export async function getSessionWithUser(sql: Sql, id: string): Promise<SessionWithUser | null> {
  const rows = await sql.query<SessionWithUser>(
    `SELECT s.id, s.user_id AS "userId", s.created_at AS "createdAt", s.last_seen_at AS "lastSeenAt",
            s.expires_at AS "expiresAt", u.email, u.name, u.role, u.disabled_at AS "disabledAt"
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function touchSession(sql: Sql, id: string, now: Date): Promise<void> {
  await sql.query("UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2", [id, now]);
}

export async function deleteSession(sql: Sql, id: string): Promise<void> {
  await sql.query("DELETE FROM sessions WHERE id = $1", [id]);
}

export async function deleteSessionsOfUser(sql: Sql, userId: string): Promise<void> {
  await sql.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
}

/** Removes sessions past their absolute expiry or idle longer than `idleMs`. */
export async function deleteExpiredSessions(sql: Sql, now: Date, idleMs: number): Promise<void> {
  await sql.query(
    "DELETE FROM sessions WHERE expires_at <= $1 OR last_seen_at <= $1::timestamptz - make_interval(secs => $2)",
    [now, idleMs / 1000],
  );
}
