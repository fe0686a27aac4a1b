"use server";

import { ORDER_WRITE_ROLES } from "@/lib/auth/roles";
import { payinFormSchema } from "@/lib/orders/payin-form-schema";
import { createOptionsSchema } from "@/lib/orders/resend-schema";
import { submitPayin } from "@/lib/orders/submit";
import { defineAction } from "./define-action";
import { orderDeps } from "./order-deps";

/** Creates a pay-in from the form's values (parsed with the same schema the form validated with). */
export const createPayinAction = defineAction({
  access: ORDER_WRITE_ROLES,
  span: "createPayin",
  args: [payinFormSchema, createOptionsSchema.default({})],
  handler: async ({ user }, values, options) => submitPayin(await orderDeps(user), values, options),
});
