"use server";

import { ORDER_WRITE_ROLES } from "@/lib/auth/roles";
import { closePaymentCase } from "@/lib/cases/close";
import { closeCaseInputSchema } from "@/lib/cases/close-schema";
import { getDb } from "@/lib/runtime";
import { defineAction } from "./define-action";

/** Closes an open "I have paid" case as found or not found: lib/cases/close.ts. */
export const closePaymentCaseAction = defineAction({
  access: ORDER_WRITE_ROLES,
  args: [closeCaseInputSchema],
  handler: async ({ user }, input) => closePaymentCase(await getDb(), user, input),
});
