import "server-only";
import { type Kysely, sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import { prepare, typed } from "@/lib/database/kysely";
import type { DashboardDatabase, SessionRow, UserRow } from "@/lib/database/dashboard/schema";

export type NewSession = Omit<
  SessionRow,
  "lastSeenAt" | "secondFactorAt" | "recoverySignInAt" | "mustEnrol"
> &
  Partial<Pick<SessionRow, "secondFactorAt" | "recoverySignInAt" | "mustEnrol">>;

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

// Deleting a row is what ends a session: migration 0018's trigger announces it ("session_ended").
export async function deleteSession(sql: Sql, id: string): Promise<void> {
  await db(sql).deleteFrom("sessions").where("id", "=", id).execute();
}

/** Ends the session `id` if it is `userId`'s: where it was signed in from, or null when it was not there. */
export async function deleteSessionOfUser(
  sql: Sql,
  userId: string,
  id: string,
): Promise<Pick<SessionRow, "ip" | "userAgent"> | null> {
  const row = await db(sql)
    .deleteFrom("sessions")
    .where("id", "=", id)
    .where("userId", "=", userId)
    .returning(["ip", "userAgent"])
    .executeTakeFirst();
  return row ?? null;
}

/** Ends every session of a user; how many there were. */
export async function deleteSessionsOfUser(sql: Sql, userId: string): Promise<number> {
  const rows = await db(sql).deleteFrom("sessions").where("userId", "=", userId).returning("id").execute();
  return rows.length;
}

/**
 * Signs a user out everywhere but the session `keepId` (a password change keeps the browser that made it);
 * how many ended.
 */
export async function deleteOtherSessionsOfUser(sql: Sql, userId: string, keepId: string): Promise<number> {
  const rows = await db(sql)
    .deleteFrom("sessions")
    .where("userId", "=", userId)
    .where("id", "<>", keepId)
    .returning("id")
    .execute();
  return rows.length;
}

/**
 * A signed-in session as the lists show it, with its user's email (the id is SHA-256 of the cookie, never
 * the cookie itself).
 */
export type SessionListRow = Pick<
  SessionRow,
  "id" | "userId" | "createdAt" | "lastSeenAt" | "expiresAt" | "ip" | "userAgent"
> &
  Pick<UserRow, "email">;

/**
 * The live sessions of `userId`, or of everyone (null): by user email, then most recently seen first.
 * Past their idle (`idleMs`) or absolute timeout they are not listed (the next purge deletes them).
 */
export async function listSessions(
  sql: Sql,
  userId: string | null,
  now: Date,
  idleMs: number,
): Promise<SessionListRow[]> {
  let q = db(sql)
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.userId")
    .select([
      "s.id",
      "s.userId",
      "s.createdAt",
      "s.lastSeenAt",
      "s.expiresAt",
      "s.ip",
      "s.userAgent",
      "u.email",
    ])
    .where("s.expiresAt", ">", now)
    .where("s.lastSeenAt", ">", new Date(now.getTime() - idleMs))
    .orderBy("u.email")
    .orderBy("s.lastSeenAt", "desc")
    .orderBy("s.id");
  if (userId !== null) q = q.where("s.userId", "=", userId);
  return q.execute();
}

/** Which of `ids` are still live sessions of enabled users (the event streams' re-check). */
export async function liveSessionIds(sql: Sql, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db(sql)
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.userId")
    .select("s.id")
    .where("s.id", "in", [...ids])
    .where("u.disabledAt", "is", null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The channel of migration 0018: a session ended, or (no sessionId) a user's streams must close. */
export const SESSION_ENDED_CHANNEL = "session_ended";

/** Closes every open event stream of `userId` (on commit, on every instance) without ending a session. */
export async function notifyUserStreamsClosed(sql: Sql, userId: string, reason: string): Promise<void> {
  await sql.query("SELECT pg_notify($1, $2)", [SESSION_ENDED_CHANNEL, JSON.stringify({ userId, reason })]);
}

/**
 * Removes sessions past their absolute expiry or idle longer than `idleMs` (each end is announced); the ids of
 * those it removed.
 */
export async function deleteExpiredSessions(sql: Sql, now: Date, idleMs: number): Promise<Set<string>> {
  const rows = await db(sql)
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("expiresAt", "<=", now),
        eb("lastSeenAt", "<=", raw<Date>`${now}::timestamptz - make_interval(secs => ${idleMs / 1000})`),
      ]),
    )
    .returning("id")
    .execute();
  return new Set(rows.map((r) => r.id));
}
