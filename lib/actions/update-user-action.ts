"use server";

import { revalidatePath } from "next/cache";
import { USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { updateUser } from "@/lib/auth/user-admin";
import { updateUserSchema } from "@/lib/auth/user-schemas";
import { getDb } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineFormAction } from "./define-action";

/** One action for the row controls of /users: `intent` is "set-role", "disable", "enable" or "unlock". */
export const updateUserAction = defineFormAction({
  access: USER_ADMIN_ROLES,
  schema: updateUserSchema,
  fromForm: (form) => ({
    intent: form.get("intent"),
    userId: form.get("userId"),
    role: form.get("role") ?? undefined,
  }),
  // A row shows one message line: the first refusal.
  invalidMessage: (fieldErrors) => Object.values(fieldErrors)[0] ?? "Invalid request",
  handler: async ({ user }, input): Promise<ActionResult> => {
    const result = await updateUser(await getDb(), user, input);
    if (result.ok) revalidatePath("/users");
    return { ok: result.ok, message: result.message };
  },
});
