"use server";

import { authorizeRequest, ORDER_WRITE_ROLES } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { type OrderActionResult, fieldErrorsFromZod } from "@/lib/orders/field-errors";
import { payoutFormSchema } from "@/lib/orders/payout-form-schema";
import { submitPayout } from "@/lib/orders/submit";
import { getPaymentApi } from "@/lib/payment-api";

/** Creates a pay-out from the form's values (parsed with the same schema the form validated with). */
export async function createPayoutAction(values: unknown): Promise<OrderActionResult> {
  const auth = await authorizeRequest(ORDER_WRITE_ROLES);
  if (!auth.ok) return { ok: false, message: auth.message };
  const parsed = payoutFormSchema.safeParse(values);
  if (!parsed.success) {
    return {
      ok: false,
      fieldErrors: fieldErrorsFromZod(parsed.error),
      message: "Check the highlighted fields.",
    };
  }
  return submitPayout(
    { sql: await getDb(), api: getPaymentApi(), publicBaseUrl: env.PUBLIC_BASE_URL, userId: auth.user.id },
    parsed.data,
  );
}
