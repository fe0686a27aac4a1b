/** Closing an "I have paid" case (plain module: the "use server" file and the card import it). */
import { z } from "zod";

export const STAFF_NOTE_MAX_LENGTH = 500;

export const closeCaseInputSchema = z.object({
  caseId: z.uuid("Not a case id"),
  outcome: z.enum(["found", "not_found"], { error: "Must be found or not_found" }),
  note: z
    .string()
    .trim()
    .max(STAFF_NOTE_MAX_LENGTH, `Must be at most ${STAFF_NOTE_MAX_LENGTH} characters`)
    .optional(),
});
export type CloseCaseInput = z.input<typeof closeCaseInputSchema>;
