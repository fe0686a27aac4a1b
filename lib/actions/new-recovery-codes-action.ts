"use server";

import { revalidatePath } from "next/cache";
import { ACCOUNT_PATH } from "@/lib/auth/account-path";
import { regenerateRecoveryCodes } from "@/lib/auth/second-factor/factors";
import { stepUpOnlySchema } from "@/lib/auth/second-factor/schemas";
import { runtime } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/** Your account: ten new recovery codes, after the step-up, shown once; the old ones stop working. */
export const newRecoveryCodesAction = defineAction({
  access: "signed-in",
  args: [stepUpOnlySchema],
  handler: async ({ user }, { password, code }): Promise<ActionResult<{ recoveryCodes?: string[] }>> => {
    const result = await regenerateRecoveryCodes(await runtime().secondFactorDeps(), user.id, new Date(), {
      password,
      code,
      sessionId: user.sessionId,
    });
    if (result.ok) revalidatePath(ACCOUNT_PATH);
    return result;
  },
});
