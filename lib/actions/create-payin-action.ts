"use server";

import { authorizeRequest, ORDER_WRITE_ROLES } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { type OrderActionResult, fieldErrorsFromZod } from "@/lib/orders/field-errors";
import { payinFormSchema } from "@/lib/orders/payin-form-schema";
import { submitPayin } from "@/lib/orders/submit";
import { getPaymentApi } from "@/lib/payment-api";

/** Creates a pay-in from the form's values (parsed with the same schema the form validated with). */
export async function createPayinAction(values: unknown): Promise<OrderActionResult> {
  const auth = await authorizeRequest(ORDER_WRITE_ROLES);
  if (!auth.ok) return { ok: false, message: auth.message };
  const parsed = payinFormSchema.safeParse(values);
  if (!parsed.success) {
    return {
      ok: false,
      fieldErrors: fieldErrorsFromZod(parsed.error),
      message: "Check the highlighted fields.",
    };
  }
  return submitPayin(
    { sql: await getDb(), api: getPaymentApi(), publicBaseUrl: env.PUBLIC_BASE_URL, userId: auth.user.id },
    parsed.data,
  );
}
