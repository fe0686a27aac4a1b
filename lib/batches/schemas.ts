/** Inputs of the batch actions (plain module: the "use server" files and the batch pages import it). */
import { z } from "zod";
import {
  approvePayoutInputSchema,
  cancelPayoutInputSchema,
  rejectPayoutInputSchema,
} from "@/lib/approvals/decision-schemas";

/** What one file may hold (the server action's body limit in next.config.ts leaves room for the bytes). */
export const BATCH_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 10_000 } as const;

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toLocaleString("en", { maximumFractionDigits: 1 });

/** A file over the size limit, in words: the browser says it before sending, the server before reading. */
export function fileTooLargeMessage(maxBytes: number, bytes?: number): string {
  const size = bytes === undefined ? "larger than" : `${megabytes(bytes)} MB, more than`;
  return `The file is ${size} the limit of ${megabytes(maxBytes)} MB: split it into smaller files.`;
}

/** The upload: a FormData with the file under "file" (the browser posts it as it is; no JSON copy). */
export const batchUploadSchema = z
  .instanceof(FormData, { error: "Must be a form with a file" })
  .transform((form) => ({ file: form.get("file") }))
  .pipe(
    z.object({
      file: z
        .instanceof(File, { error: "Choose a CSV file" })
        .refine((f) => f.size > 0, "The file is empty: choose a CSV file with a header and rows")
        // By the size the form declares, before a byte of it is read.
        .superRefine((f, ctx) => {
          if (f.size > BATCH_LIMITS.maxBytes)
            ctx.addIssue({ code: "custom", message: fileTooLargeMessage(BATCH_LIMITS.maxBytes, f.size) });
        }),
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
