/** Bodies of the sandbox's QA test controls (README "Sandbox test controls"); part of the documented API. */
import { z } from "zod";
import { FINAL_STATUSES } from "./status";

/** POST /sandbox/orders/{id}/status: move an order to a final status (Expired: pay-ins only). */
export const sandboxStatusChangeSchema = z.object(
  {
    status: z.enum(FINAL_STATUSES, {
      error: (issue) =>
        issue.input === undefined
          ? `Required: one of ${FINAL_STATUSES.join(", ")}`
          : `Must be one of ${FINAL_STATUSES.join(", ")}`,
    }),
  },
  { error: 'Must be a JSON object: { "status": "Success" | "Failed" | "Expired" }' },
);
export type SandboxStatusChange = z.infer<typeof sandboxStatusChangeSchema>;
