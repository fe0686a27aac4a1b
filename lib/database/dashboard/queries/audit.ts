import "server-only";
import { randomUUID } from "node:crypto";
import type { AuditAction } from "@/lib/database/dashboard/audit-actions";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { AuditLogRow, DashboardDatabase } from "@/lib/database/dashboard/schema";

export interface AuditEntry {
  /** Who acted; null for the system (first-admin bootstrap) or an unknown account (failed sign-in). */
  userId: string | null;
  /** Dotted verb, one of ../audit-actions.ts (each has a sentence in the activity log). */
  action: AuditAction;
  /** What it acted on (a user id, an order id, an email). */
  target?: string | null;
  details?: Record<string, unknown>;
}

export type AuditRow = AuditLogRow;

const db = (sql: Sql) => typed<DashboardDatabase>(sql);

export async function writeAudit(sql: Sql, entry: AuditEntry): Promise<void> {
  await db(sql)
    .insertInto("auditLog")
    .values({
      id: randomUUID(),
      userId: entry.userId,
      action: entry.action,
      target: entry.target ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

export async function listAudit(
  sql: Sql,
  filter: { action?: string; target?: string; limit?: number } = {},
): Promise<AuditRow[]> {
  const { action, target } = filter;
  return db(sql)
    .selectFrom("auditLog")
    .selectAll()
    .$if(action !== undefined, (q) => q.where("action", "=", action as string))
    .$if(target !== undefined, (q) => q.where("target", "=", target as string))
    .orderBy("at", "desc")
    .orderBy("id")
    .limit(filter.limit ?? 100)
    .execute();
}

export type AuditActivityRow = AuditRow & { actorEmail: string | null; targetEmail: string | null };

/** The latest entries with the actor's email and, when the target is a user, theirs (for /users). */
export async function listRecentActivity(sql: Sql, limit = 20): Promise<AuditActivityRow[]> {
  return db(sql)
    .selectFrom("auditLog as a")
    .leftJoin("users as actor", "actor.id", "a.userId")
    .leftJoin("users as tu", (join) => join.on((eb) => eb(eb.cast("tu.id", "text"), "=", eb.ref("a.target"))))
    .selectAll("a")
    .select(["actor.email as actorEmail", "tu.email as targetEmail"])
    .orderBy("a.at", "desc")
    .orderBy("a.id")
    .limit(limit)
    .execute();
}
