"use server";

import { APPROVE_ROLES } from "@/lib/auth/roles";
import { rejectBatch } from "@/lib/batches/batches";
import { rejectBatchInputSchema } from "@/lib/batches/schemas";
import { getDb } from "@/lib/runtime";
import { defineAction } from "./define-action";

/** Rejects a batch awaiting approval, with a reason; final, nothing of it sent. */
export const rejectBatchAction = defineAction({
  access: APPROVE_ROLES,
  args: [rejectBatchInputSchema],
  handler: async ({ user }, input) => rejectBatch(await getDb(), user, input),
});
