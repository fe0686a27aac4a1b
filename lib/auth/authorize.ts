import "server-only";
import type { Sql } from "@/lib/database";
import { ROLE_LABELS, type Role } from "./roles";
import { validateSession } from "./session";
import type { AuthorizeResult, CurrentUser } from "./types";

export const SIGNED_OUT_MESSAGE = "You are signed out. Sign in again to continue.";
export const MUST_CHANGE_PASSWORD_MESSAGE =
  "Your password was reset by an admin. Set a new password under Your account before doing anything else.";
export const MUST_ENROL_MESSAGE =
  "Your role requires a second factor. Set one up under Your account before doing anything else.";

/** The role decision, apart from where the user came from (cookie, test). */
export function authorizeUser(user: CurrentUser | null, roles: readonly Role[]): AuthorizeResult {
  if (!user) return { ok: false, status: 401, message: SIGNED_OUT_MESSAGE };
  if (user.mustChangePassword) return { ok: false, status: 403, message: MUST_CHANGE_PASSWORD_MESSAGE };
  if (user.mustEnrolSecondFactor) return { ok: false, status: 403, message: MUST_ENROL_MESSAGE };
  if (!roles.includes(user.role))
    return {
      ok: false,
      status: 403,
      message: `Your role (${ROLE_LABELS[user.role]}) doesn't allow this. Ask an admin if you need access.`,
    };
  return { ok: true, user };
}

/** authorizeRequest over an explicit token and clock: what the request-bound version does, testable. */
export async function authorizeToken(
  sql: Sql,
  token: string | undefined,
  roles: readonly Role[],
  now: Date = new Date(),
): Promise<AuthorizeResult> {
  if (!token) return authorizeUser(null, roles);
  const check = await validateSession(sql, token, now);
  return authorizeUser(check.ok ? check.user : null, roles);
}
