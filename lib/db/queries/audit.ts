import "server-only";
import { randomUUID } from "node:crypto";
import type { Sql } from "@/lib/database";

export interface AuditEntry {
  /** Who acted; null for the system (first-admin bootstrap) or an unknown account (failed sign-in). */
  userId: string | null;
  /** Dotted verb: "auth.sign-in", "auth.sign-in-failed", "user.create", "order.create", ... */
  action: string;
  /** What it acted on (a user id, an order id, an email). */
  target?: string | null;
  details?: Record<string, unknown>;
}

export interface AuditRow {
  id: string;
  at: Date;
  userId: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
}

export async function writeAudit(sql: Sql, entry: AuditEntry): Promise<void> {
  await sql.query(
    "INSERT INTO audit_log (id, user_id, action, target, details) VALUES ($1, $2, $3, $4, $5::jsonb)",
    [randomUUID(), entry.userId, entry.action, entry.target ?? null, JSON.stringify(entry.details ?? {})],
  );
}

export async function listAudit(
  sql: Sql,
  filter: { action?: string; target?: string; limit?: number } = {},
): Promise<AuditRow[]> {
  return sql.query<AuditRow>(
    `SELECT id, at, user_id AS "userId", action, target, details FROM audit_log
      WHERE ($1::text IS NULL OR action = $1) AND ($2::text IS NULL OR target = $2)
      ORDER BY at DESC, id LIMIT $3`,
    [filter.action ?? null, filter.target ?? null, filter.limit ?? 100],
  );
}

export interface AuditActivityRow extends AuditRow {
  actorEmail: string | null;
  targetEmail: string | null;
}

/** The latest entries with the actor's email and, when the target is a user, theirs (for /users). */
export async function listRecentActivity(sql: Sql, limit = 20): Promise<AuditActivityRow[]> {
  return sql.query<AuditActivityRow>(
    `SELECT a.id, a.at, a.user_id AS "userId", a.action, a.target, a.details,
            actor.email AS "actorEmail", tu.email AS "targetEmail"
       FROM audit_log a
       LEFT JOIN users actor ON actor.id = a.user_id
       LEFT JOIN users tu ON tu.id::text = a.target
      ORDER BY a.at DESC, a.id
      LIMIT $1`,
    [limit],
  );
}
