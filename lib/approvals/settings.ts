/** Saving the pay-out approval setting (admins; docs/guide.md, Pay-out approvals): validated, stored, audited. */
import "server-only";
import type { ActionResult } from "@/lib/actions/action-result";
import { ROLE_LABELS, USER_ADMIN_ROLES } from "@/lib/auth/roles";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import { getApprovalSettings, saveApprovalSettings } from "@/lib/database/dashboard/queries/payout-approvals";
import { fieldErrorMapFromZod } from "@/lib/orders/field-errors";
import type { Actor } from "./decide";
import { approvalSettingsSchema, describeApprovalSettings } from "./rules";

export async function savePayoutApprovalSettings(
  sql: Sql,
  actor: Actor,
  input: unknown,
): Promise<ActionResult> {
  if (!USER_ADMIN_ROLES.includes(actor.role)) {
    return { ok: false, message: `Your role (${ROLE_LABELS[actor.role]}) doesn't allow this.` };
  }
  const parsed = approvalSettingsSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      fieldErrors: fieldErrorMapFromZod(parsed.error),
      message: "Check the highlighted fields.",
    };
  }
  // Thresholds are kept only where they apply, so "every pay-out" never carries stale amounts.
  const next = {
    mode: parsed.data.mode,
    thresholds: parsed.data.mode === "threshold" ? parsed.data.thresholds : {},
  };
  const before = await getApprovalSettings(sql);
  await sql.transaction(async (tx) => {
    await saveApprovalSettings(tx, { ...next, updatedBy: actor.id });
    await writeAudit(tx, {
      userId: actor.id,
      action: "settings.payout-approvals",
      details: { from: describeApprovalSettings(before), to: describeApprovalSettings(next), ...next },
    });
  });
  return { ok: true, message: `Pay-out approvals: ${describeApprovalSettings(next)}.` };
}
