import "server-only";
import { type Kysely, sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import { prepare, typed } from "@/lib/database/kysely";
import type { DashboardDatabase, SessionRow, UserRow } from "@/lib/database/dashboard/schema";

export type NewSession = Omit<SessionRow, "lastSeenAt" | "secondFactorAt" | "mustEnrol"> &
  Partial<Pick<SessionRow, "secondFactorAt" | "mustEnrol">>;

const db = (sql: Sql) => typed<DashboardDatabase>(sql);

export async function insertSession(sql: Sql, s: NewSession): Promise<void> {
  await db(sql)
    .insertInto("sessions")
    .values({ ...s, lastSeenAt: s.createdAt })
    .execute();
}

export type SessionWithUser = Pick<
  SessionRow,
  "id" | "userId" | "createdAt" | "lastSeenAt" | "expiresAt" | "mustEnrol"
> &
  Pick<UserRow, "email" | "name" | "role" | "disabledAt" | "mustChangePassword">;

// Every signed-in request reads its session: prepared (compiled once), see prepare().
const sessionWithUser = prepare(["id"], (k: Kysely<DashboardDatabase>, a: { id: string }) =>
  k
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.userId")
    .select([
      "s.id",
      "s.userId",
      "s.createdAt",
      "s.lastSeenAt",
      "s.expiresAt",
      "s.mustEnrol",
      "u.email",
      "u.name",
      "u.role",
      "u.disabledAt",
      "u.mustChangePassword",
    ])
    .where("s.id", "=", a.id),
);

export async function getSessionWithUser(sql: Sql, id: string): Promise<SessionWithUser | null> {
  return (await sessionWithUser(sql, { id }))[0] ?? null;
}

const touch = prepare(["id", "now"], (k: Kysely<DashboardDatabase>, a: { id: string; now: Date }) =>
  k.updateTable("sessions").set({ lastSeenAt: a.now }).where("id", "=", a.id).where("lastSeenAt", "<", a.now),
);

export async function touchSession(sql: Sql, id: string, now: Date): Promise<void> {
  await touch(sql, { id, now });
}

export async function deleteSession(sql: Sql, id: string): Promise<void> {
  await db(sql).deleteFrom("sessions").where("id", "=", id).execute();
}

export async function deleteSessionsOfUser(sql: Sql, userId: string): Promise<void> {
  await db(sql).deleteFrom("sessions").where("userId", "=", userId).execute();
}

/** Signs a user out everywhere but the session `keepId` (a password change keeps the browser that made it). */
export async function deleteOtherSessionsOfUser(sql: Sql, userId: string, keepId: string): Promise<void> {
  await db(sql).deleteFrom("sessions").where("userId", "=", userId).where("id", "<>", keepId).execute();
}

/** Removes sessions past their absolute expiry or idle longer than `idleMs`. */
export async function deleteExpiredSessions(sql: Sql, now: Date, idleMs: number): Promise<void> {
  await db(sql)
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("expiresAt", "<=", now),
        eb("lastSeenAt", "<=", raw<Date>`${now}::timestamptz - make_interval(secs => ${idleMs / 1000})`),
      ]),
    )
    .execute();
}
