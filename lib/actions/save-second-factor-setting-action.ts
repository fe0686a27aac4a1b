"use server";

import { revalidatePath } from "next/cache";
import { USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { saveSecondFactorSetting } from "@/lib/auth/second-factor/admin";
import { secondFactorSettingSchema } from "@/lib/auth/second-factor/schemas";
import { getDb } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/** Settings → Second factor: the one switch for admins and approvers (audited). */
export const saveSecondFactorSettingAction = defineAction({
  access: USER_ADMIN_ROLES,
  args: [secondFactorSettingSchema],
  handler: async ({ user }, { required }): Promise<ActionResult> => {
    const result = await saveSecondFactorSetting(await getDb(), user, required);
    if (result.ok) revalidatePath("/settings");
    return result;
  },
});
