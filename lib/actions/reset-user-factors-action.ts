"use server";

import { revalidatePath } from "next/cache";
import { USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { resetUserSecondFactors } from "@/lib/auth/second-factor/admin";
import { resetFactorsSchema } from "@/lib/auth/second-factor/schemas";
import { getDb } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/** /users row control: removes another user's second factors and recovery codes, signs them out (audited). */
export const resetUserFactorsAction = defineAction({
  access: USER_ADMIN_ROLES,
  args: [resetFactorsSchema],
  handler: async ({ user }, { userId }): Promise<ActionResult> => {
    const result = await resetUserSecondFactors(await getDb(), user, userId);
    if (result.ok) revalidatePath("/users");
    return result;
  },
});
