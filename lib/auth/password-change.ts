import "server-only";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import {
  getUserById,
  getUserByIdWithPassword,
  setUserPassword,
} from "@/lib/database/dashboard/queries/users";
import { endUserSessions } from "./end-sessions";
import { generatePassword, hashPassword, verifyPassword } from "./password";
import { minutesToWait, type RateLimitRule, reserveAttempt, resetRateLimit } from "./rate-limit";
import type { CurrentUser } from "./types";
import type { ChangePasswordInput } from "./user-schemas";

/** Wrong current passwords per user: a stolen session must not become a way to guess the password. */
export const PASSWORD_CHANGE_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60 * 1000 };

export function passwordChangeKey(userId: string): string {
  return `password-change:user:${userId}`;
}

export type ChangePasswordResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: Partial<Record<keyof ChangePasswordInput, string>> };

/**
 * The signed-in user replaces their own password (the current one proves it is them). Every other session
 * of theirs is signed out; the one that made the change (`sessionId`) stays. Clears a reset's
 * must-change flag. Change, sign-outs and audit entry are one transaction.
 */
export async function changeOwnPassword(
  sql: Sql,
  actor: CurrentUser,
  sessionId: string,
  input: ChangePasswordInput,
  now: Date = new Date(),
): Promise<ChangePasswordResult> {
  const key = passwordChangeKey(actor.id);
  const attempt = await reserveAttempt(sql, key, PASSWORD_CHANGE_RULE, now);
  if (!attempt.allowed) {
    const minutes = minutesToWait(attempt.retryAfterMs);
    return {
      ok: false,
      message: `Too many wrong current passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    };
  }
  const user = await getUserByIdWithPassword(sql, actor.id);
  if (!user || user.disabledAt) return { ok: false, message: "This account can no longer be changed." };
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    const message = "The current password is not right";
    return { ok: false, message, fieldErrors: { currentPassword: message } };
  }
  const passwordHash = await hashPassword(input.newPassword);
  await sql.transaction(async (tx) => {
    await setUserPassword(tx, user.id, passwordHash, null, now);
    await endUserSessions(tx, user.id, "password-changed", { except: sessionId });
    await writeAudit(tx, {
      userId: user.id,
      action: "user.password-change",
      target: user.id,
      details: { email: user.email, afterReset: user.mustChangePassword },
    });
  });
  await resetRateLimit(sql, key);
  return { ok: true, message: "Password changed. Your other sessions are signed out." };
}

/** An admin's one-time password works until its user chooses their own, within this long after the reset. */
export const ONE_TIME_PASSWORD_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type ResetPasswordResult =
  | { ok: true; email: string; oneTimePassword: string; message: string }
  | { ok: false; message: string };

/**
 * An admin gives another user a one-time password: returned here once (only its hash is stored), it
 * signs them out everywhere (their event streams close at once) and lets them do nothing but choose a new
 * password at their next sign-in. It works until they have chosen one, within 24 hours (lib/auth/sign-in.ts).
 */
export async function resetUserPassword(
  sql: Sql,
  actor: CurrentUser,
  userId: string,
  now: Date = new Date(),
): Promise<ResetPasswordResult> {
  if (userId === actor.id)
    return {
      ok: false,
      message: "To change your own password, use Your account (it asks for the current one).",
    };
  const oneTimePassword = generatePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  return sql.transaction(async (tx) => {
    const before = await getUserById(tx, userId);
    if (!before) return { ok: false, message: "That user no longer exists." };
    await setUserPassword(
      tx,
      before.id,
      passwordHash,
      new Date(now.getTime() + ONE_TIME_PASSWORD_LIFETIME_MS),
      now,
    );
    await endUserSessions(tx, before.id, "password-reset");
    await writeAudit(tx, {
      userId: actor.id,
      action: "user.password-reset",
      target: before.id,
      details: { email: before.email },
    });
    return {
      ok: true,
      email: before.email,
      oneTimePassword,
      message: `${before.email} is signed out and must choose a new password after signing in with this one-time password (it works once, within 24 hours).`,
    };
  });
}
