import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Sql } from "@/lib/database";
import { deleteStaleRateLimits } from "@/lib/database/dashboard/queries/rate-limits";
import { endSessionById } from "./end-sessions";
import {
  deleteExpiredSessions,
  deleteSession,
  getSessionWithUser,
  insertSession,
  touchSession,
} from "@/lib/database/dashboard/queries/sessions";
import type { CurrentUser } from "./types";

/** A session ends after this long without a request… */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** What the sign-in page says to someone the idle timeout signed out. */
export const IDLE_SIGN_OUT_NOTICE = `You were signed out after ${SESSION_IDLE_TIMEOUT_MS / 60_000} minutes without activity.`;
/** …and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads don't turn every page view into a write. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The database keeps only SHA-256(token): a leaked sessions table cannot be replayed as cookies. */
export function sessionIdFromToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface NewSessionResult {
  token: string;
  expiresAt: Date;
}

export async function createSession(
  sql: Sql,
  userId: string,
  meta: { ip: string | null; userAgent: string | null },
  now: Date = new Date(),
  /**
   * `secondFactor`: signed in with one — an app or a passkey makes step-up fresh from now, a recovery code only
   * lets the session enrol a new factor (docs/security.md, Step-up); `mustEnrol`: the role needs one and has none.
   */
  factor: { secondFactor?: "totp" | "passkey" | "recovery-code"; mustEnrol?: boolean } = {},
): Promise<NewSessionResult> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS);
  await insertSession(sql, {
    id: sessionIdFromToken(token),
    userId,
    createdAt: now,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    secondFactorAt: factor.secondFactor && factor.secondFactor !== "recovery-code" ? now : null,
    recoverySignInAt: factor.secondFactor === "recovery-code" ? now : null,
    mustEnrol: factor.mustEnrol ?? false,
  });
  return { token, expiresAt };
}

export type SessionCheck =
  | { ok: true; user: CurrentUser; sessionId: string }
  | { ok: false; reason: "malformed" | "unknown" | "expired" | "idle" | "disabled" };

/**
 * Checks a cookie token: known, within absolute and idle expiry, user not disabled. Ended sessions are
 * deleted on the way; a live one has last_seen_at refreshed (at most once per touch interval).
 */
export async function validateSession(
  sql: Sql,
  token: string,
  now: Date = new Date(),
): Promise<SessionCheck> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: "malformed" };
  const id = sessionIdFromToken(token);
  const row = await getSessionWithUser(sql, id);
  if (!row) return { ok: false, reason: "unknown" };
  const t = now.getTime();
  const ended: "expired" | "idle" | "disabled" | null =
    row.expiresAt.getTime() <= t
      ? "expired"
      : row.lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS <= t
        ? "idle"
        : row.disabledAt
          ? "disabled"
          : null;
  if (ended) {
    await deleteSession(sql, id);
    return { ok: false, reason: ended };
  }
  if (t - row.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) await touchSession(sql, id, now);
  return {
    ok: true,
    sessionId: id,
    user: {
      id: row.userId,
      email: row.email,
      name: row.name,
      role: row.role,
      mustChangePassword: row.mustChangePassword,
      mustEnrolSecondFactor: row.mustEnrol,
      sessionId: id,
    },
  };
}

/** Sign-out: the session row goes, so the cookie is worthless even if someone kept a copy. */
export async function endSession(sql: Sql, token: string): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) return;
  await endSessionById(sql, sessionIdFromToken(token), "signed-out");
}

/** Housekeeping (at start and after sign-ins): ended sessions and day-old rate-limit windows go. */
export async function purgeEndedAuthState(sql: Sql, now: Date = new Date()): Promise<void> {
  await deleteExpiredSessions(sql, now, SESSION_IDLE_TIMEOUT_MS);
  await deleteStaleRateLimits(sql, new Date(now.getTime() - 24 * 60 * 60 * 1000));
}
