"use server";

import { ORDER_WRITE_ROLES } from "@/lib/auth/roles";
import { cancelBatch } from "@/lib/batches/batches";
import { cancelBatchInputSchema } from "@/lib/batches/schemas";
import { getDb } from "@/lib/runtime";
import { defineAction } from "./define-action";

/** Its uploader (or an admin) cancels a waiting batch, or the rows of a sending one not yet sent. */
export const cancelBatchAction = defineAction({
  access: ORDER_WRITE_ROLES,
  args: [cancelBatchInputSchema],
  handler: async ({ user }, input) => cancelBatch(await getDb(), user, input),
});
