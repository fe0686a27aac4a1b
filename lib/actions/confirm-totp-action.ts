"use server";

import { revalidatePath } from "next/cache";
import { ACCOUNT_PATH } from "@/lib/auth/account-path";
import { confirmTotpEnrolment } from "@/lib/auth/second-factor/factors";
import { confirmTotpSchema } from "@/lib/auth/second-factor/schemas";
import { runtime } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/**
 * Your account: the code that proves the authenticator app holds the seed, and the step-up (the password
 * when it is the first factor); the first factor brings recovery codes.
 */
export const confirmTotpAction = defineAction({
  access: "signed-in",
  args: [confirmTotpSchema],
  invalidMessage: null,
  handler: async ({ user }, { code, password }): Promise<ActionResult<{ recoveryCodes?: string[] }>> => {
    const result = await confirmTotpEnrolment(await runtime().secondFactorDeps(), user, code, new Date(), {
      password,
      sessionId: user.sessionId,
    });
    if (result.ok) revalidatePath(ACCOUNT_PATH);
    return result;
  },
});
