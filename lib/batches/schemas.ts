/** Inputs of the batch actions (plain module: the "use server" files and the batch pages import it). */
import { z } from "zod";
import {
  approvePayoutInputSchema,
  cancelPayoutInputSchema,
  rejectPayoutInputSchema,
} from "@/lib/approvals/decision-schemas";

/** The upload: a FormData with the file under "file" (the browser posts it as it is; no JSON copy). */
export const batchUploadSchema = z
  .instanceof(FormData, { error: "Must be a form with a file" })
  .transform((form) => ({ file: form.get("file") }))
  .pipe(
    z.object({
      file: z
        .instanceof(File, { error: "Choose a CSV file" })
        .refine((f) => f.size > 0, "The file is empty: choose a CSV file with a header and rows"),
    }),
  );

const batchId = z.uuid({ error: "Must be a batch id" });

// A batch is decided as a single pay-out is: the same step-up password and the same reasons.
export const approveBatchInputSchema = z.object({
  batchId,
  password: approvePayoutInputSchema.shape.password,
  code: approvePayoutInputSchema.shape.code,
});
export const rejectBatchInputSchema = z.object({ batchId, reason: rejectPayoutInputSchema.shape.reason });
export const cancelBatchInputSchema = z.object({ batchId, reason: cancelPayoutInputSchema.shape.reason });

/** Errors a preview sends to the browser at most (the count says how many there were). */
export const PREVIEW_ERRORS_SHOWN = 1_000;
