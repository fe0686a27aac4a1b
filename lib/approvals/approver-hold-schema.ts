/** Settings → Payout approvals: the new-approver hold, as submitted (plain module: the form uses it too). */
import { z } from "zod";

/** At most a month: longer, and a team waits more for its new approver than it guards anything. */
export const MAX_APPROVER_HOLD_HOURS = 720;

export const approverHoldSchema = z.object({
  hours: z.coerce
    .number({ error: "Enter a number of hours" })
    .int("Enter whole hours")
    .min(0, "Enter 0 (off) or more")
    .max(MAX_APPROVER_HOLD_HOURS, `At most ${MAX_APPROVER_HOLD_HOURS} hours (30 days)`),
});
