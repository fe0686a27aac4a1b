/**
 * The payment service gateway (server only). The rest of the app calls `getPaymentApi()` and works with
 * the app types and typed errors exported here; raw wire shapes never leave this folder.
 */
import "server-only";
import { actingUserId } from "@/lib/auth/acting-user";
import { getDb } from "@/lib/runtime";
import { env } from "@/lib/env";
import { recordAttempt } from "./call-log";
import { createPaymentApiClient } from "./client";
import { DEFAULT_BACKOFF_MS, DEFAULT_MAX_ATTEMPTS, worstCaseCallMs } from "./retry";
import type { PaymentApi } from "./types";

let instance: PaymentApi | undefined;

/**
 * The client configured from the environment (PAYMENT_API_*), created on first use. Every attempt it
 * makes goes to the request log, as the acting user's (lib/payment-api/call-log.ts).
 */
export function getPaymentApi(): PaymentApi {
  instance ??= createPaymentApiClient(
    {
      baseUrl: env.PAYMENT_API_BASE_URL,
      clientId: env.PAYMENT_API_CLIENT_ID,
      secret: env.PAYMENT_API_SECRET,
      timeoutMs: env.PAYMENT_API_TIMEOUT_MS,
    },
    { onAttempt: (attempt) => recordAttempt(getDb, attempt, actingUserId()) },
  );
  return instance;
}

/**
 * How long a call of `getPaymentApi()` can stay in flight (PAYMENT_API_TIMEOUT_MS × attempts + backoffs).
 * An order still "Submitting" after this was being sent by a process that has died.
 */
export function paymentApiInFlightMs(): number {
  return worstCaseCallMs({
    timeoutMs: env.PAYMENT_API_TIMEOUT_MS,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    backoffMs: DEFAULT_BACKOFF_MS,
  });
}

export { flushCallLog } from "./call-log";
export { createPaymentApiClient } from "./client";
export {
  isPaymentApiError,
  PaymentApiContractError,
  PaymentApiError,
  type PaymentApiErrorJson,
  type PaymentApiErrorKind,
  PaymentApiNetworkError,
  PaymentApiProblemError,
  PaymentApiTimeoutError,
} from "./errors";
export type {
  BankInfo,
  PayinOrder,
  PaymentApi,
  PaymentApiConfig,
  PayoutOrder,
} from "./types";
