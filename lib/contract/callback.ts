/** The callback (webhook) the service POSTs to `postbackUrl` on every status change (docs/architecture.md, Callbacks). */
import { z } from "zod";
import { anyUuid } from "./uuid";
import { FINAL_STATUSES, IN_PROGRESS } from "./status";

export const callbackPayloadSchema = z
  .object({
    id: anyUuid(),
    paymentId: z.string().min(1),
    type: z.enum(["payin", "payout"]),
    // Any status string is accepted and shown as-is (docs/architecture.md, Statuses).
    status: z.string().min(1),
    amount: z.number(),
    paymentMethod: z.string().min(1),
    country: z.string(),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({
    description:
      "Sent on every status change to the order's postbackUrl. Statuses: " +
      `\`${IN_PROGRESS}\`, then one final of ${FINAL_STATUSES.map((s) => `\`${s}\``).join(", ")}` +
      " (Expired: pay-ins only); receivers show any other status string as-is.",
  });
export type CallbackPayload = z.infer<typeof callbackPayloadSchema>;

/** Header names: the contract's style and the Standard Webhooks style; both are sent. */
export const CALLBACK_HEADERS = {
  clientId: "x-client-id",
  signature: "x-signature",
  webhookId: "webhook-id",
  webhookTimestamp: "webhook-timestamp",
  webhookSignature: "webhook-signature",
} as const;
