"use server";

import { revalidatePath } from "next/cache";
import { USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { resetUserSecondFactors } from "@/lib/auth/second-factor/admin";
import { resetFactorsSchema } from "@/lib/auth/second-factor/schemas";
import { getDb } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineFormAction } from "./define-action";

/** /users row control: removes another user's second factors and recovery codes, signs them out (audited). */
export const resetUserFactorsAction = defineFormAction({
  access: USER_ADMIN_ROLES,
  schema: resetFactorsSchema,
  fromForm: (form) => ({ userId: form.get("userId") }),
  invalidMessage: (fieldErrors) => Object.values(fieldErrors)[0] ?? "",
  handler: async ({ user }, { userId }): Promise<ActionResult> => {
    const result = await resetUserSecondFactors(await getDb(), user, userId);
    if (result.ok) revalidatePath("/users");
    return result;
  },
});
