/**
 * The sessions lists (issue 17 §4): your own under Your account, everyone's for admins under Users, and
 * ending them. Ending deletes the rows (lib/auth/end-sessions.ts), which closes their event streams at once
 * on every instance; each end is in the activity log. The session making the request is never ended from
 * these lists: that one signs out with Sign out.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import { listSessions } from "@/lib/database/dashboard/queries/sessions";
import { getUserById } from "@/lib/database/dashboard/queries/users";
import { browserName } from "./browser-name";
import { endUserSession, endUserSessions } from "./end-sessions";
import { SESSION_IDLE_TIMEOUT_MS } from "./session";
import type { EndOwnSessionsInput, EndUserSessionsInput, SessionView } from "./session-schemas";
import type { CurrentUser } from "./types";

export type SessionsResult = { ok: boolean; message: string };

export const THIS_SESSION_MESSAGE = "This is the session you are using: to end it, use Sign out.";

/** The live sessions of `userId`, or of every user (null); `currentSessionId` is marked. */
export async function sessionViews(
  sql: Sql,
  userId: string | null,
  currentSessionId: string,
  now: Date = new Date(),
): Promise<SessionView[]> {
  const rows = await listSessions(sql, userId, now, SESSION_IDLE_TIMEOUT_MS);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    email: r.email,
    browser: browserName(r.userAgent),
    ip: r.ip,
    signedInAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.id === currentSessionId,
  }));
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** Your account: sign out one of your other sessions, or all of them. */
export async function endOwnSessions(
  sql: Sql,
  actor: CurrentUser,
  currentSessionId: string,
  input: EndOwnSessionsInput,
): Promise<SessionsResult> {
  if (input.intent === "one") {
    if (input.sessionId === currentSessionId) return { ok: false, message: THIS_SESSION_MESSAGE };
    return sql.transaction(async (tx) => {
      const ended = await endUserSession(tx, actor.id, input.sessionId, "ended-by-user");
      if (!ended) return { ok: false, message: "That session has already ended." };
      const browser = browserName(ended.userAgent);
      await writeAudit(tx, {
        userId: actor.id,
        action: "auth.session-end",
        target: actor.id,
        details: { browser, ip: ended.ip },
      });
      return { ok: true, message: `Signed out ${browser}${ended.ip ? ` (${ended.ip})` : ""}.` };
    });
  }
  return sql.transaction(async (tx) => {
    const count = await endUserSessions(tx, actor.id, "ended-by-user", { except: currentSessionId });
    if (count === 0) return { ok: true, message: "No other sessions to sign out." };
    await writeAudit(tx, {
      userId: actor.id,
      action: "auth.sessions-end-others",
      target: actor.id,
      details: { count },
    });
    return { ok: true, message: `Signed out ${plural(count, "other session")}.` };
  });
}

/** Admins: end one session of a user, or all of them (their own current session excepted). */
export async function endSessionsOfUser(
  sql: Sql,
  actor: CurrentUser,
  currentSessionId: string,
  input: EndUserSessionsInput,
): Promise<SessionsResult> {
  if (input.intent === "one" && input.sessionId === currentSessionId)
    return { ok: false, message: THIS_SESSION_MESSAGE };
  return sql.transaction(async (tx) => {
    const user = await getUserById(tx, input.userId);
    if (!user) return { ok: false, message: "That user no longer exists." };
    if (input.intent === "one") {
      const ended = await endUserSession(tx, user.id, input.sessionId, "ended-by-admin");
      if (!ended) return { ok: false, message: "That session has already ended." };
      const browser = browserName(ended.userAgent);
      await writeAudit(tx, {
        userId: actor.id,
        action: "user.session-end",
        target: user.id,
        details: { email: user.email, browser, ip: ended.ip },
      });
      return { ok: true, message: `Ended ${user.email}'s session on ${browser}.` };
    }
    const except = user.id === actor.id ? { except: currentSessionId } : {};
    const count = await endUserSessions(tx, user.id, "ended-by-admin", except);
    if (count === 0) return { ok: true, message: `${user.email} has no sessions to end.` };
    await writeAudit(tx, {
      userId: actor.id,
      action: "user.sessions-end",
      target: user.id,
      details: { email: user.email, count },
    });
    return { ok: true, message: `Ended ${plural(count, "session")} of ${user.email}.` };
  });
}
