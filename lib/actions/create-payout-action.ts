"use server";

import { ORDER_WRITE_ROLES } from "@/lib/auth/roles";
import { payoutFormSchema } from "@/lib/orders/payout-form-schema";
import { createOptionsSchema } from "@/lib/orders/resend-schema";
import { submitPayout } from "@/lib/orders/submit";
import { defineAction } from "./define-action";
import { orderDeps } from "./order-deps";

/** Creates a pay-out from the form's values (parsed with the same schema the form validated with). */
export const createPayoutAction = defineAction({
  access: ORDER_WRITE_ROLES,
  span: "createPayout",
  args: [payoutFormSchema, createOptionsSchema.default({})],
  handler: async ({ user }, values, options) => submitPayout(await orderDeps(user), values, options),
});
