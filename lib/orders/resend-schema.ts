/** The create actions' options beside the form's values (plain module: "use server" files only import it). */
import { z } from "zod";
import { anyUuid } from "@/lib/contract/uuid";

export const createOptionsSchema = z
  .object({
    /** "Fix and resend": the refused order the new one corrects. */
    resendOf: anyUuid({ error: "Must be the id of a refused order (a UUID)" }).optional(),
  })
  .strict();
export type CreateOptionsInput = z.input<typeof createOptionsSchema>;
