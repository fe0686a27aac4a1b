/**
 * What admins decide about second factors: the one switch "require a second factor for admins and approvers"
 * (Settings), and resetting another user's factors (Users) when they lost their phone and codes. Both
 * audited; a reset also signs the user out everywhere.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import {
  deleteAllSecondFactors,
  getSecondFactorRequired,
  saveSecondFactorRequired,
} from "@/lib/database/dashboard/queries/second-factors";
import { getUserById } from "@/lib/database/dashboard/queries/users";
import { ROLE_LABELS, type Role, USER_ADMIN_ROLES } from "../roles";
import { endUserSessions } from "../end-sessions";

/** The roles the switch covers. */
export const FACTOR_REQUIRED_ROLES: readonly Role[] = ["admin", "approver"];

interface Admin {
  id: string;
  role: Role;
}
type Answer = { ok: true; message: string } | { ok: false; message: string };

function refusedRole(actor: Admin): Answer | null {
  return USER_ADMIN_ROLES.includes(actor.role)
    ? null
    : { ok: false, message: `Your role (${ROLE_LABELS[actor.role]}) doesn't allow this.` };
}

/** Whether someone of `role` must have a second factor to sign in. */
export async function secondFactorRequiredFor(sql: Sql, role: Role): Promise<boolean> {
  return FACTOR_REQUIRED_ROLES.includes(role) && (await getSecondFactorRequired(sql));
}

export async function saveSecondFactorSetting(sql: Sql, actor: Admin, required: boolean): Promise<Answer> {
  const refused = refusedRole(actor);
  if (refused) return refused;
  await sql.transaction(async (tx) => {
    await saveSecondFactorRequired(tx, required, actor.id);
    await writeAudit(tx, { userId: actor.id, action: "settings.second-factor", details: { required } });
  });
  return {
    ok: true,
    message: required
      ? "Second factor required for admins and approvers: those without one set it up at their next sign-in."
      : "Second factor optional for everyone.",
  };
}

export async function resetUserSecondFactors(sql: Sql, actor: Admin, userId: string): Promise<Answer> {
  const refused = refusedRole(actor);
  if (refused) return refused;
  if (userId === actor.id) {
    return { ok: false, message: "To change your own second factor, use Your account." };
  }
  return sql.transaction(async (tx) => {
    const user = await getUserById(tx, userId);
    if (!user) return { ok: false, message: "That user no longer exists." };
    const removed = await deleteAllSecondFactors(tx, user.id);
    await endUserSessions(tx, user.id, "factor-reset");
    await writeAudit(tx, {
      userId: actor.id,
      action: "user.second-factor-reset",
      target: user.id,
      details: { email: user.email, removed },
    });
    return {
      ok: true,
      message: `${user.email}'s second factors and recovery codes are removed and they are signed out; they sign in with their password and set up a new one.`,
    };
  });
}
