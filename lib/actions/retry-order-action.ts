"use server";

import { authorizeRequest, ORDER_WRITE_ROLES } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { type OrderActionResult, fieldErrorsFromZod } from "@/lib/orders/field-errors";
import { retryOrderInputSchema } from "@/lib/orders/retry-schema";
import { retryOrder } from "@/lib/orders/submit";
import { getPaymentApi } from "@/lib/payment-api";

/**
 * Resubmits a "Submit failed" order, or one a crash left "Submitting" once its in-flight window has passed,
 * with its own paymentId (the order page's retry button). Never concurrently with the automatic resume:
 * both claim the order with the same row-locked lease (lib/db/queries/orders.ts).
 */
export async function retryOrderAction(input: unknown): Promise<OrderActionResult> {
  const auth = await authorizeRequest(ORDER_WRITE_ROLES);
  if (!auth.ok) return { ok: false, message: auth.message };
  const parsed = retryOrderInputSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, fieldErrors: fieldErrorsFromZod(parsed.error), message: "Invalid retry." };
  return retryOrder(
    { sql: await getDb(), api: getPaymentApi(), publicBaseUrl: env.PUBLIC_BASE_URL, userId: auth.user.id },
    parsed.data,
  );
}
