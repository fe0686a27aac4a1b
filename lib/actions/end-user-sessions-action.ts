"use server";

import { revalidatePath } from "next/cache";
import { SIGNED_OUT_MESSAGE } from "@/lib/auth/authorize";
import { getCurrentSession } from "@/lib/auth/current-user";
import { endSessionsOfUser } from "@/lib/auth/manage-sessions";
import { USER_ADMIN_ROLES } from "@/lib/auth/roles";
import { endUserSessionsSchema } from "@/lib/auth/session-schemas";
import { getDb } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineFormAction } from "./define-action";

/** Users → Signed-in sessions (admins): end one session of a user (`intent` "one"), or all ("all"). */
export const endUserSessionsAction = defineFormAction({
  access: USER_ADMIN_ROLES,
  schema: endUserSessionsSchema,
  fromForm: (form) => ({
    intent: form.get("intent"),
    userId: form.get("userId"),
    sessionId: form.get("sessionId") ?? undefined,
  }),
  invalidMessage: (fieldErrors) => Object.values(fieldErrors)[0] ?? "Invalid request",
  handler: async (_context, input): Promise<ActionResult> => {
    const session = await getCurrentSession();
    if (!session) return { ok: false, message: SIGNED_OUT_MESSAGE };
    const result = await endSessionsOfUser(await getDb(), session.user, session.sessionId, input);
    revalidatePath("/users");
    return result;
  },
});
