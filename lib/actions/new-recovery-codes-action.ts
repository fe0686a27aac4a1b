"use server";

import { revalidatePath } from "next/cache";
import { ACCOUNT_PATH } from "@/lib/auth/account-path";
import { regenerateRecoveryCodes } from "@/lib/auth/second-factor/factors";
import { getDb } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/** Your account: ten new recovery codes, shown once; the old ones stop working. */
export const newRecoveryCodesAction = defineAction({
  access: "signed-in",
  args: [],
  handler: async ({ user }): Promise<ActionResult<{ recoveryCodes?: string[] }>> => {
    const result = await regenerateRecoveryCodes(await getDb(), user.id);
    if (result.ok) revalidatePath(ACCOUNT_PATH);
    return result;
  },
});
