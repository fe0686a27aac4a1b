"use server";

import { rejectPayout } from "@/lib/approvals/decide";
import { rejectPayoutInputSchema } from "@/lib/approvals/decision-schemas";
import { APPROVE_ROLES } from "@/lib/auth/roles";
import { defineAction } from "./define-action";
import { orderDeps } from "./order-deps";

/** Rejects a pay-out awaiting approval, with a reason; final, never sent: lib/approvals/decide.ts. */
export const rejectPayoutAction = defineAction({
  access: APPROVE_ROLES,
  args: [rejectPayoutInputSchema],
  handler: async ({ user }, input) => rejectPayout(await orderDeps(user), user, input),
});
