"use server";

import { revalidatePath } from "next/cache";
import { ACCOUNT_PATH } from "@/lib/auth/account-path";
import { removeFactor } from "@/lib/auth/second-factor/factors";
import { removeFactorSchema } from "@/lib/auth/second-factor/schemas";
import { runtime } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/** Your account: removes one of the user's own factors, after the step-up (audited). */
export const removeFactorAction = defineAction({
  access: "signed-in",
  args: [removeFactorSchema],
  handler: async ({ user }, { factorId, password, code }): Promise<ActionResult> => {
    const result = await removeFactor(await runtime().secondFactorDeps(), user.id, factorId, new Date(), {
      password,
      code,
      sessionId: user.sessionId,
    });
    if (result.ok) revalidatePath(ACCOUNT_PATH);
    return result;
  },
});
