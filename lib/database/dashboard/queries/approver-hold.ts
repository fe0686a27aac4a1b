/** The new-approver hold (migration 0030): its setting, and when users got the role they approve with. */
import "server-only";
import { sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { DashboardDatabase, UserRole } from "@/lib/database/dashboard/schema";

const db = (sql: Sql) => typed<DashboardDatabase>(sql);

/** Hours a new approver waits before approving; 0 (off) when no admin has saved one. */
export async function getApproverHoldHours(sql: Sql): Promise<number> {
  const row = await db(sql).selectFrom("approverHoldSettings").select("hours").executeTakeFirst();
  return row?.hours ?? 0;
}

export async function saveApproverHoldHours(sql: Sql, hours: number, updatedBy: string): Promise<void> {
  await db(sql)
    .insertInto("approverHoldSettings")
    .values({ id: true, hours, updatedBy })
    .onConflict((oc) => oc.column("id").doUpdateSet({ hours, updatedBy, updatedAt: raw`now()` }))
    .execute();
}

export async function getRoleGrantedAt(sql: Sql, userId: string): Promise<Date | null> {
  const row = await db(sql)
    .selectFrom("users")
    .select("roleGrantedAt")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.roleGrantedAt ?? null;
}

export interface ApproverGrant {
  userId: string;
  email: string;
  role: UserRole;
  grantedAt: Date;
  grantedByEmail: string;
}

/** Enabled users of `roles` whose role an admin gave (added them with it, or changed them to it), newest first. */
export async function listApproverGrants(sql: Sql, roles: readonly UserRole[]): Promise<ApproverGrant[]> {
  return db(sql)
    .selectFrom("users as u")
    .innerJoin("users as g", "g.id", "u.roleGrantedBy")
    .select([
      "u.id as userId",
      "u.email",
      "u.role",
      "u.roleGrantedAt as grantedAt",
      "g.email as grantedByEmail",
    ])
    .where("u.role", "in", [...roles])
    .where("u.disabledAt", "is", null)
    .orderBy("u.roleGrantedAt", "desc")
    .execute();
}
