"use server";

import { ORDER_WRITE_ROLES } from "@/lib/auth/roles";
import { createBatch } from "@/lib/batches/batches";
import { parseBatchFile } from "@/lib/batches/file";
import { batchUploadSchema } from "@/lib/batches/schemas";
import { getDb, runtime } from "@/lib/runtime";
import { defineAction } from "./define-action";

/**
 * Submits a checked bulk pay-out file: checked again here (the browser's preview is not trusted), stored as
 * a batch with every row, then held for approval or handed to the batch sender (lib/batches).
 */
export const submitBatchAction = defineAction({
  access: ORDER_WRITE_ROLES,
  args: [batchUploadSchema],
  handler: async ({ user }, { file }) => {
    const parsed = await parseBatchFile(file.name, file.stream());
    const result = await createBatch(await getDb(), user, parsed);
    if (result.ok) runtime().startBatchSender().kick();
    return result;
  },
});
