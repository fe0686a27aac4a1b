"use server";

import { revalidatePath } from "next/cache";
import { saveApproverHold } from "@/lib/approvals/approver-hold";
import { approverHoldSchema } from "@/lib/approvals/approver-hold-schema";
import { USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/** Settings → Payout approvals: how many hours a new approver waits before approving (audited). */
export const saveApproverHoldAction = defineAction({
  access: USER_ADMIN_ROLES,
  args: [approverHoldSchema],
  handler: async ({ user }, input): Promise<ActionResult> => {
    const result = await saveApproverHold(await getDb(), user, input);
    if (result.ok) revalidatePath("/settings");
    return result;
  },
});
