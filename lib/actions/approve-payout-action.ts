"use server";

import { approvePayout } from "@/lib/approvals/decide";
import { approvePayoutInputSchema } from "@/lib/approvals/decision-schemas";
import { APPROVE_ROLES } from "@/lib/auth/roles";
import { defineAction } from "./define-action";
import { orderDeps } from "./order-deps";

/** Approves a pay-out awaiting approval (step-up first) and sends it: lib/approvals/decide.ts. */
export const approvePayoutAction = defineAction({
  access: APPROVE_ROLES,
  span: "approvePayout",
  args: [approvePayoutInputSchema],
  handler: async ({ user }, input) => approvePayout(await orderDeps(user), user, input),
});
