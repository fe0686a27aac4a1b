"use server";

import { revalidatePath } from "next/cache";
import { USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { createUser } from "@/lib/auth/user-admin";
import { createUserSchema } from "@/lib/auth/user-schemas";
import { getDb } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineFormAction } from "./define-action";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export const createUserAction = defineFormAction({
  access: USER_ADMIN_ROLES,
  schema: createUserSchema,
  fromForm: (form) => ({
    email: text(form, "email"),
    name: text(form, "name"),
    role: text(form, "role"),
    password: text(form, "password"),
  }),
  echo: (form) => ({ email: text(form, "email"), name: text(form, "name"), role: text(form, "role") }),
  handler: async ({ user }, input): Promise<ActionResult> => {
    const result = await createUser(await getDb(), user, input);
    if (!result.ok) return { ok: false, fieldErrors: result.fieldErrors, message: result.message };
    revalidatePath("/users");
    return { ok: true, message: result.message };
  },
});
