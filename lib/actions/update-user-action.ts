"use server";

import { revalidatePath } from "next/cache";
import { authorizeRequest } from "@/lib/auth/current-user";
import { USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { updateUser } from "@/lib/auth/user-admin";
import { updateUserSchema } from "@/lib/auth/user-schemas";
import { getDb } from "@/lib/db/client";

export interface UpdateUserActionResult {
  ok: boolean;
  fieldErrors?: Partial<Record<"role" | "userId", string>>;
  message?: string;
}

/** One action for the row controls of /users: `intent` is "set-role", "disable" or "enable". */
export async function updateUserAction(
  _previous: UpdateUserActionResult | null,
  formData: FormData,
): Promise<UpdateUserActionResult> {
  const auth = await authorizeRequest(USER_ADMIN_ROLES);
  if (!auth.ok) return { ok: false, message: auth.message };

  const parsed = updateUserSchema.safeParse({
    intent: formData.get("intent"),
    userId: formData.get("userId"),
    role: formData.get("role") ?? undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path[0];
    const message = issue?.message ?? "Invalid request";
    return key === "role" || key === "userId"
      ? { ok: false, fieldErrors: { [key]: message }, message }
      : { ok: false, message };
  }

  const result = await updateUser(await getDb(), auth.user, parsed.data);
  if (result.ok) revalidatePath("/users");
  return { ok: result.ok, message: result.message };
}
