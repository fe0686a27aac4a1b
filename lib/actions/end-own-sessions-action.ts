"use server";

import { revalidatePath } from "next/cache";
import { SIGNED_OUT_MESSAGE } from "@/lib/auth/authorize";
import { getCurrentSession } from "@/lib/auth/current-user";
import { endOwnSessions } from "@/lib/auth/manage-sessions";
import { ANY_ROLE } from "@/lib/auth/roles";
import { endOwnSessionsSchema } from "@/lib/auth/session-schemas";
import { getDb } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineFormAction } from "./define-action";

/** Your account → Sessions: sign out one of your other sessions (`intent` "one"), or all others ("others"). */
export const endOwnSessionsAction = defineFormAction({
  access: ANY_ROLE,
  schema: endOwnSessionsSchema,
  fromForm: (form) => ({ intent: form.get("intent"), sessionId: form.get("sessionId") ?? undefined }),
  invalidMessage: (fieldErrors) => Object.values(fieldErrors)[0] ?? "Invalid request",
  handler: async (_context, input): Promise<ActionResult> => {
    // The wrapper found the user by this session; it is only missing if it ended in between.
    const session = await getCurrentSession();
    if (!session) return { ok: false, message: SIGNED_OUT_MESSAGE };
    const result = await endOwnSessions(await getDb(), session.user, session.sessionId, input);
    revalidatePath("/account");
    return result;
  },
});
