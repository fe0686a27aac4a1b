"use server";

import { APPROVE_ROLES } from "@/lib/auth/roles";
import { approveBatch } from "@/lib/batches/batches";
import { approveBatchInputSchema } from "@/lib/batches/schemas";
import { getDb, runtime } from "@/lib/runtime";
import { defineAction } from "./define-action";

/** Approves a batch awaiting approval (step-up first, never its uploader) and wakes the batch sender. */
export const approveBatchAction = defineAction({
  access: APPROVE_ROLES,
  span: "approveBatch",
  args: [approveBatchInputSchema],
  handler: async ({ user }, input) => {
    const result = await approveBatch(await getDb(), user, input);
    if (result.ok) runtime().startBatchSender().kick();
    return result;
  },
});
