"use server";

import { ORDER_WRITE_ROLES } from "@/lib/auth/roles";
import { retryOrderInputSchema } from "@/lib/orders/retry-schema";
import { retryOrder } from "@/lib/orders/submit";
import { defineAction } from "./define-action";
import { orderDeps } from "./order-deps";

/**
 * Resubmits a "Submit failed" order, or one a crash left "Submitting" once its in-flight window has passed,
 * with its own paymentId (the order page's retry button). Never concurrently with the automatic resume:
 * both claim the order with the same row-locked lease (lib/database/dashboard/queries/orders.ts).
 */
export const retryOrderAction = defineAction({
  access: ORDER_WRITE_ROLES,
  span: "retryOrder",
  args: [retryOrderInputSchema],
  invalidMessage: "Invalid retry.",
  handler: async ({ user }, input) => retryOrder(await orderDeps(user), input),
});
