/** Inputs of the batch actions (plain module: the "use server" files and the batch pages import it). */
import { z } from "zod";
import { REASON_MAX_LENGTH } from "@/lib/approvals/decision-schemas";
import { PASSWORD_MAX } from "@/lib/auth/user-schemas";

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

export const approveBatchInputSchema = z.object({
  batchId,
  password: z.string().max(PASSWORD_MAX, `Must be at most ${PASSWORD_MAX} characters`).optional(),
});

export const rejectBatchInputSchema = z.object({
  batchId,
  reason: z
    .string({ error: "Required: why it is rejected" })
    .trim()
    .min(1, "Required: why it is rejected")
    .max(REASON_MAX_LENGTH, `Must be at most ${REASON_MAX_LENGTH} characters`),
});

export const cancelBatchInputSchema = z.object({
  batchId,
  reason: z
    .string()
    .trim()
    .max(REASON_MAX_LENGTH, `Must be at most ${REASON_MAX_LENGTH} characters`)
    .optional(),
});

/** Errors a preview sends to the browser at most (the count says how many there were). */
export const PREVIEW_ERRORS_SHOWN = 1_000;
