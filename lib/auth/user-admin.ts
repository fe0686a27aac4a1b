import "server-only";
import { randomUUID } from "node:crypto";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import {
  getUserById,
  insertUser,
  setUserDisabled,
  setUserRole,
  type User,
} from "@/lib/database/dashboard/queries/users";
import { unlockAccount } from "./account-locks";
import { closeUserStreams, endUserSessions } from "./end-sessions";
import { hashPassword } from "./password";
import { ONE_TIME_PASSWORD_LIFETIME_MS } from "./password-change";
import type { CurrentUser } from "./types";
import type { CreateUserInput, UpdateUserInput } from "./user-schemas";

/**
 * User administration as plain functions over the database (the server actions validate input, check that
 * the actor is an admin, and call these). Each change and its audit entry are written in one transaction.
 */
export type UserAdminResult =
  | { ok: true; user: User; message: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * A new user with the password the admin typed as a one-time password, as after a reset: it works for one
 * sign-in within 24 hours, which opens only the page where they choose their own; so the admin who added
 * them never knows the password they go on using.
 */
export async function createUser(
  sql: Sql,
  actor: CurrentUser,
  input: CreateUserInput,
  now: Date = new Date(),
): Promise<UserAdminResult> {
  const passwordHash = await hashPassword(input.password);
  return sql.transaction(async (tx) => {
    const user = await insertUser(tx, {
      id: randomUUID(),
      email: input.email,
      name: input.name,
      role: input.role,
      passwordHash,
      oneTimePasswordExpiresAt: new Date(now.getTime() + ONE_TIME_PASSWORD_LIFETIME_MS),
      roleGrantedAt: now,
      roleGrantedBy: actor.id,
    });
    if (!user) {
      const message = "A user with this email already exists";
      return { ok: false, message, fieldErrors: { email: message } };
    }
    await writeAudit(tx, {
      userId: actor.id,
      action: "user.create",
      target: user.id,
      details: { email: user.email, role: user.role },
    });
    return {
      ok: true,
      user,
      message: `Added ${user.email} as ${user.role}. Their initial password works for 24 hours, until they sign in with it and choose their own.`,
    };
  });
}

export async function updateUser(
  sql: Sql,
  actor: CurrentUser,
  input: UpdateUserInput,
  now: Date = new Date(),
): Promise<UserAdminResult> {
  if (input.userId === actor.id) {
    if (input.intent === "disable")
      return { ok: false, message: "You can't disable your own account. Ask another admin to do it." };
    if (input.intent === "set-role" && input.role !== "admin")
      return { ok: false, message: "You can't remove your own admin role. Ask another admin to do it." };
  }
  return sql.transaction(async (tx) => {
    const before = await getUserById(tx, input.userId);
    if (!before) return { ok: false, message: "That user no longer exists." };
    let user: User | null;
    let message: string;
    if (input.intent === "set-role") {
      if (before.role === input.role) return { ok: true, user: before, message: "Role unchanged." };
      user = await setUserRole(tx, before.id, input.role, now, actor.id);
      // Open event streams close and open again, checked under the new role; the sessions stay.
      await closeUserStreams(tx, before.id, "role-changed");
      message = `${before.email} is now ${input.role}.`;
      await writeAudit(tx, {
        userId: actor.id,
        action: "user.role",
        target: before.id,
        details: { email: before.email, from: before.role, to: input.role },
      });
    } else if (input.intent === "unlock") {
      // Ends the lockout strangers' failed sign-ins put on the account; the owner gets five fresh tries.
      if (!(await unlockAccount(tx, before.email, now)))
        return { ok: true, user: before, message: `${before.email} is not locked.` };
      await writeAudit(tx, {
        userId: actor.id,
        action: "user.unlock",
        target: before.id,
        details: { email: before.email },
      });
      return { ok: true, user: before, message: `${before.email} is unlocked.` };
    } else {
      const disable = input.intent === "disable";
      user = await setUserDisabled(tx, before.id, disable, now);
      // Disabling ends every open session and event stream at once, not just at the next check.
      if (disable) await endUserSessions(tx, before.id, "disabled");
      message = disable ? `${before.email} is disabled and signed out.` : `${before.email} is enabled again.`;
      await writeAudit(tx, {
        userId: actor.id,
        action: disable ? "user.disable" : "user.enable",
        target: before.id,
        details: { email: before.email },
      });
    }
    if (!user) return { ok: false, message: "That user no longer exists." };
    return { ok: true, user, message };
  });
}
