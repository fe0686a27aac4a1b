/** Inputs of the approve, reject and cancel actions (plain module: the "use server" files only import it). */
import { z } from "zod";
import { stepUpCodeSchema } from "@/lib/auth/second-factor/schemas";
import { PASSWORD_MAX } from "@/lib/auth/user-schemas";
import { retryOrderInputSchema } from "@/lib/orders/retry-schema";

/** A rejection's or cancellation's reason: what the creator reads on the order's page. */
export const REASON_MAX_LENGTH = 500;

const orderId = retryOrderInputSchema.shape.orderId;

/** Approving: the step-up password (no second factor) or code, and a card pay-out's number again. */
export const approvePayoutInputSchema = z.object({
  orderId,
  password: z.string().max(PASSWORD_MAX, `Must be at most ${PASSWORD_MAX} characters`).optional(),
  /** The step-up code (an approver with a second factor). */
  code: stepUpCodeSchema.optional(),
  cardNumber: retryOrderInputSchema.shape.cardNumber,
});
export type ApprovePayoutInput = z.input<typeof approvePayoutInputSchema>;

export const rejectPayoutInputSchema = z.object({
  orderId,
  reason: z
    .string({ error: "Required: why it is rejected" })
    .trim()
    .min(1, "Required: why it is rejected")
    .max(REASON_MAX_LENGTH, `Must be at most ${REASON_MAX_LENGTH} characters`),
});
export type RejectPayoutInput = z.input<typeof rejectPayoutInputSchema>;

export const cancelPayoutInputSchema = z.object({
  orderId,
  reason: z
    .string()
    .trim()
    .max(REASON_MAX_LENGTH, `Must be at most ${REASON_MAX_LENGTH} characters`)
    .optional()
    .transform((r) => (r ? r : undefined)),
});
export type CancelPayoutInput = z.input<typeof cancelPayoutInputSchema>;
