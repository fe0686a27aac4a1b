"use server";

import { revalidatePath } from "next/cache";
import { resetUserPassword } from "@/lib/auth/password-change";
import { USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { resetPasswordSchema } from "@/lib/auth/user-schemas";
import { getDb } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineFormAction } from "./define-action";

/** `oneTimePassword` is shown to the admin once, in this answer only; the database keeps its hash. */
export type ResetUserPasswordResult = ActionResult<{ oneTimePassword: string; email: string }>;

/** /users row control: a one-time password for another user, who must replace it at the next sign-in. */
export const resetUserPasswordAction = defineFormAction({
  access: USER_ADMIN_ROLES,
  schema: resetPasswordSchema,
  fromForm: (form) => ({ userId: form.get("userId") }),
  invalidMessage: (fieldErrors) => Object.entries(fieldErrors).map(([k, v]) => `${k}: ${v}`)[0] ?? "",
  handler: async ({ user }, { userId }): Promise<ResetUserPasswordResult> => {
    const result = await resetUserPassword(await getDb(), user, userId);
    if (!result.ok) return { ok: false, message: result.message };
    revalidatePath("/users");
    return {
      ok: true,
      message: result.message,
      oneTimePassword: result.oneTimePassword,
      email: result.email,
    };
  },
});
