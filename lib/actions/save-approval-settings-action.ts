"use server";

import { approvalSettingsSchema } from "@/lib/approvals/rules";
import { savePayoutApprovalSettings } from "@/lib/approvals/settings";
import { USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/runtime";
import { defineAction } from "./define-action";

/** Settings → Payout approvals (admins): off, every pay-out, or from an amount per currency. */
export const saveApprovalSettingsAction = defineAction({
  access: USER_ADMIN_ROLES,
  args: [approvalSettingsSchema],
  handler: async ({ user }, input) => savePayoutApprovalSettings(await getDb(), user, input),
});
