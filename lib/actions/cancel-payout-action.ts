"use server";

import { cancelPayout } from "@/lib/approvals/decide";
import { cancelPayoutInputSchema } from "@/lib/approvals/decision-schemas";
import { CANCEL_OWN_ROLES } from "@/lib/auth/roles";
import { defineAction } from "./define-action";
import { orderDeps } from "./order-deps";

/** Its creator cancels a pay-out awaiting approval; final, never sent: lib/approvals/decide.ts. */
export const cancelPayoutAction = defineAction({
  access: CANCEL_OWN_ROLES,
  args: [cancelPayoutInputSchema],
  handler: async ({ user }, input) => cancelPayout(await orderDeps(user), user, input),
});
