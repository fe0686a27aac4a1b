import "server-only";
import type { CurrentUser } from "@/lib/auth/types";
import { getDb } from "@/lib/runtime";
import { env } from "@/lib/env";
import { getPaymentApi } from "@/lib/payment-api";

/** What the order actions hand to lib/orders/submit: this dashboard's database and service, and who asks. */
export async function orderDeps(user: CurrentUser) {
  return { sql: await getDb(), api: getPaymentApi(), publicBaseUrl: env.PUBLIC_BASE_URL, userId: user.id };
}
