import "server-only";
import type { Env } from "@/lib/env";

/** Whom the customer pays, as the pay page's header shows it (MERCHANT_DISPLAY_NAME, MERCHANT_LOGO_URL). */
export function payPageMerchant(env: Pick<Env, "MERCHANT_DISPLAY_NAME" | "MERCHANT_LOGO_URL">): {
  name: string | undefined;
  logoUrl: string | undefined;
} {
  return { name: env.MERCHANT_DISPLAY_NAME, logoUrl: env.MERCHANT_LOGO_URL };
}
