/**
 * The new-approver hold (docs/security.md, Roles): an admin can add an approver and approve their own
 * pay-outs through it, so a team may have a new approver (or admin) wait N hours after being added or given
 * the role before approving anything: time for the others to see it in Settings and the activity log.
 * Enforced here, on the server, for single pay-outs and files alike.
 */
import "server-only";
import type { ActionResult } from "@/lib/actions/action-result";
import { ROLE_LABELS, USER_ADMIN_ROLES } from "@/lib/auth/roles";
import type { Sql } from "@/lib/database";
import {
  getApproverHoldHours,
  getRoleGrantedAt,
  saveApproverHoldHours,
} from "@/lib/database/dashboard/queries/approver-hold";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import { fieldErrorMapFromZod } from "@/lib/orders/field-errors";
import { approverHoldSchema } from "./approver-hold-schema";
import type { Actor } from "./decide";

const HOUR = 3_600_000;

/** "2026-12-02 10:15 UTC" */
const utcMinute = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Why `actor` may not approve yet, or null when they may. */
export async function approverHoldRefusal(
  sql: Sql,
  actor: Actor,
  now: Date = new Date(),
): Promise<string | null> {
  const hours = await getApproverHoldHours(sql);
  if (hours === 0) return null;
  const grantedAt = await getRoleGrantedAt(sql, actor.id);
  if (!grantedAt) return null;
  const opens = new Date(grantedAt.getTime() + hours * HOUR);
  if (now.getTime() >= opens.getTime()) return null;
  return `You were made ${ROLE_LABELS[actor.role].toLowerCase()} at ${utcMinute(grantedAt)}; new approvers approve nothing for ${hours} h (Settings → Payout approvals), so from ${utcMinute(opens)}.`;
}

export async function saveApproverHold(sql: Sql, actor: Actor, input: unknown): Promise<ActionResult> {
  if (!USER_ADMIN_ROLES.includes(actor.role)) {
    return { ok: false, message: `Your role (${ROLE_LABELS[actor.role]}) doesn't allow this.` };
  }
  const parsed = approverHoldSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      fieldErrors: fieldErrorMapFromZod(parsed.error),
      message: "Check the highlighted field.",
    };
  }
  const { hours } = parsed.data;
  const before = await getApproverHoldHours(sql);
  if (before === hours) return { ok: true, message: "Nothing changed." };
  await sql.transaction(async (tx) => {
    await saveApproverHoldHours(tx, hours, actor.id);
    await writeAudit(tx, {
      userId: actor.id,
      action: "settings.approver-hold",
      details: { from: before, to: hours },
    });
  });
  return {
    ok: true,
    message:
      hours === 0 ? "New approvers may approve at once." : `New approvers wait ${hours} h before approving.`,
  };
}
