/** Input of retryOrderAction (plain module: the "use server" file only imports it). */
import { z } from "zod";
import { anyUuid } from "@/lib/contract/uuid";

export const retryOrderInputSchema = z.object({
  orderId: anyUuid({ error: "orderId: must be an order id (a UUID)" }),
  /** Card pay-outs: the card number typed again (spaces allowed); checked against the stored mask. */
  cardNumber: z.string().max(40, "Must be at most 40 characters").optional(),
});
export type RetryOrderInput = z.input<typeof retryOrderInputSchema>;
