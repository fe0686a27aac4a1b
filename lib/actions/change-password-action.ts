"use server";

import { redirect } from "next/navigation";
import { SIGNED_OUT_MESSAGE } from "@/lib/auth/authorize";
import { readSessionToken } from "@/lib/auth/current-user";
import { changeOwnPassword } from "@/lib/auth/password-change";
import { sessionIdFromToken } from "@/lib/auth/session";
import { changePasswordSchema } from "@/lib/auth/user-schemas";
import { getDb } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineFormAction } from "./define-action";

const NOT_CHANGED = "Not changed: check the highlighted fields.";

/**
 * "Your account" → Change password, for every role. "signed-in", not a role list: a user signed in with an
 * admin's one-time password is refused everywhere else, but must be let in here. After such a forced
 * change the dashboard opens; otherwise the form says it is done.
 */
export const changePasswordAction = defineFormAction({
  access: "signed-in",
  schema: changePasswordSchema,
  fromForm: (form) => ({
    currentPassword: form.get("currentPassword") ?? "",
    newPassword: form.get("newPassword") ?? "",
    confirmPassword: form.get("confirmPassword") ?? "",
  }),
  invalidMessage: NOT_CHANGED,
  handler: async ({ user }, input): Promise<ActionResult> => {
    // The wrapper found the user by this cookie; it is only missing if the session ended in between.
    const token = await readSessionToken();
    if (!token) return { ok: false, message: SIGNED_OUT_MESSAGE };
    const result = await changeOwnPassword(await getDb(), user, sessionIdFromToken(token), input);
    if (!result.ok)
      return {
        ok: false,
        fieldErrors: result.fieldErrors,
        message: result.fieldErrors ? NOT_CHANGED : result.message,
      };
    if (user.mustChangePassword) redirect("/");
    return { ok: true, message: result.message };
  },
});
