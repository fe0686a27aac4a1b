"use server";

import { revalidatePath } from "next/cache";
import { ACCOUNT_PATH } from "@/lib/auth/account-path";
import { renameFactor } from "@/lib/auth/second-factor/factors";
import { renameFactorSchema } from "@/lib/auth/second-factor/schemas";
import { getDb } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/** Your account: a factor's new name. */
export const renameFactorAction = defineAction({
  access: "signed-in",
  args: [renameFactorSchema],
  invalidMessage: null,
  handler: async ({ user }, input): Promise<ActionResult> => {
    const result = await renameFactor(await getDb(), user.id, input);
    if (result.ok) revalidatePath(ACCOUNT_PATH);
    return result;
  },
});
