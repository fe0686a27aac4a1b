"use server";

import { revalidatePath } from "next/cache";
import { authorizeRequest } from "@/lib/auth/current-user";
import { USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { createUser } from "@/lib/auth/user-admin";
import { createUserSchema } from "@/lib/auth/user-schemas";
import { getDb } from "@/lib/db/client";

type CreateUserField = "email" | "name" | "role" | "password";

export interface CreateUserActionResult {
  ok: boolean;
  fieldErrors?: Partial<Record<CreateUserField, string>>;
  message?: string;
  /** Echoed back on failure so the form keeps what was typed (never the password). */
  values?: { email: string; name: string; role: string };
}

export async function createUserAction(
  _previous: CreateUserActionResult | null,
  formData: FormData,
): Promise<CreateUserActionResult> {
  const auth = await authorizeRequest(USER_ADMIN_ROLES);
  if (!auth.ok) return { ok: false, message: auth.message };

  const raw = {
    email: String(formData.get("email") ?? ""),
    name: String(formData.get("name") ?? ""),
    role: String(formData.get("role") ?? ""),
    password: String(formData.get("password") ?? ""),
  };
  const values = { email: raw.email, name: raw.name, role: raw.role };
  const parsed = createUserSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: CreateUserActionResult["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as CreateUserField;
      fieldErrors[key] ??= issue.message;
    }
    return { ok: false, fieldErrors, message: "Check the highlighted fields.", values };
  }

  const result = await createUser(await getDb(), auth.user, parsed.data);
  if (!result.ok) return { ok: false, fieldErrors: result.fieldErrors, message: result.message, values };
  revalidatePath("/users");
  return { ok: true, message: result.message };
}
