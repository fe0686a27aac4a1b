/**
 * Ending sessions (issue 17 §4). Deleting a session row is what ends it: the cookie stops working, and
 * migration 0018's trigger announces the end on "session_ended" when the transaction commits, so every
 * instance sharing the database closes that session's open event streams at once (lib/live/session-ends.ts).
 * The reason travels with the announcement (a transaction-local setting the trigger reads), so a closing
 * stream can tell its page why.
 *
 * Call these inside the transaction that makes the change (they join it): the announcement then goes out
 * only if the change commits.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import {
  deleteOtherSessionsOfUser,
  deleteSession,
  deleteSessionOfUser,
  deleteSessionsOfUser,
  notifyUserStreamsClosed,
} from "@/lib/database/dashboard/queries/sessions";

export const SESSION_END_REASONS = [
  "signed-out",
  "ended-by-user",
  "ended-by-admin",
  "disabled",
  "password-changed",
  "password-reset",
  "one-time-password-used-again",
  "factor-reset",
  "role-changed",
  "timed-out",
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

async function withReason<T>(sql: Sql, reason: SessionEndReason, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return sql.transaction(async (tx) => {
    await tx.query("SELECT set_config('dashboard.session_end_reason', $1, true)", [reason]);
    return fn(tx);
  });
}

/**
 * Signs `userId` out everywhere (but the session `except`, when given) and closes those sessions' event
 * streams on every instance; how many sessions ended. The one to call for a factor reset:
 * `endUserSessions(tx, userId, "factor-reset")`.
 */
export function endUserSessions(
  sql: Sql,
  userId: string,
  reason: SessionEndReason,
  options: { except?: string } = {},
): Promise<number> {
  return withReason(sql, reason, (tx) =>
    options.except ? deleteOtherSessionsOfUser(tx, userId, options.except) : deleteSessionsOfUser(tx, userId),
  );
}

/** Ends the session `sessionId`, whoever's it is (sign-out). */
export function endSessionById(sql: Sql, sessionId: string, reason: SessionEndReason): Promise<void> {
  return withReason(sql, reason, (tx) => deleteSession(tx, sessionId));
}

/** Ends one session of `userId`: where it was signed in from, or null (not theirs, or already gone). */
export function endUserSession(
  sql: Sql,
  userId: string,
  sessionId: string,
  reason: SessionEndReason,
): Promise<{ ip: string | null; userAgent: string | null } | null> {
  return withReason(sql, reason, (tx) => deleteSessionOfUser(tx, userId, sessionId));
}

/**
 * Closes every open event stream of `userId` on every instance, leaving the sessions signed in (a role
 * change: the page opens its stream again and is checked under the new role).
 */
export function closeUserStreams(sql: Sql, userId: string, reason: SessionEndReason): Promise<void> {
  return withReason(sql, reason, (tx) => notifyUserStreamsClosed(tx, userId, reason));
}
