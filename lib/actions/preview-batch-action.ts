"use server";

import { ORDER_WRITE_ROLES } from "@/lib/auth/roles";
import { type BatchPreview, parseBatchFile } from "@/lib/batches/file";
import { batchUploadSchema, PREVIEW_ERRORS_SHOWN } from "@/lib/batches/schemas";
import { withUsedPaymentIdsRefused } from "@/lib/batches/used-payment-ids";
import { getDb } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

export type BatchPreviewResult = ActionResult<{ preview: BatchPreview; errorCount: number }>;

/** Checks a bulk pay-out file and says what is in it and what is wrong; stores nothing (lib/batches/file.ts). */
export const previewBatchAction = defineAction({
  access: ORDER_WRITE_ROLES,
  args: [batchUploadSchema],
  handler: async (_context, { file }): Promise<BatchPreviewResult> => {
    const parsed = await parseBatchFile(file.name, file.stream());
    const { requests: _, ...preview } = await withUsedPaymentIdsRefused(await getDb(), parsed);
    return {
      ok: true,
      errorCount: preview.errors.length,
      preview: { ...preview, errors: preview.errors.slice(0, PREVIEW_ERRORS_SHOWN) },
    };
  },
});
