/**
 * The payment service gateway (server only). The rest of the app calls `getPaymentApi()` (lib/runtime.ts:
 * the process's client, made here) and works with the app types and typed errors exported here; raw wire shapes never leave this folder.
 */
import "server-only";
import { actingUserId } from "@/lib/auth/acting-user";
import type { Sql } from "@/lib/database";
import { recordAttempt } from "./call-log";
import { observeAttempt } from "./call-metrics";
import { createPaymentApiClient } from "./client";
import { DEFAULT_BACKOFF_MS, DEFAULT_MAX_ATTEMPTS, worstCaseCallMs } from "./retry";
import type { PaymentApi } from "./types";

/** What the dashboard's client is configured with (PAYMENT_API_* in lib/env.ts). */
export interface DashboardPaymentApiSettings {
  baseUrl: string;
  clientId: string;
  secret: string;
  timeoutMs: number;
}

/**
 * The dashboard's client of the payment service (one per process, made by lib/runtime.ts): every attempt
 * it makes goes to the request log in `db`, as the acting user's (lib/payment-api/call-log.ts), and to the
 * process's metrics (call-metrics.ts).
 */
export function createDashboardPaymentApi(
  settings: DashboardPaymentApiSettings,
  db: () => Promise<Sql>,
): PaymentApi {
  return createPaymentApiClient(settings, {
    onAttempt: (attempt) => {
      observeAttempt(attempt);
      return recordAttempt(db, attempt, actingUserId());
    },
  });
}

/**
 * How long a call of a client with this per-attempt timeout can stay in flight (timeout × attempts +
 * backoffs). An order still "Submitting" after this was being sent by a process that has died.
 */
export function paymentApiInFlightMs(timeoutMs: number): number {
  return worstCaseCallMs({ timeoutMs, maxAttempts: DEFAULT_MAX_ATTEMPTS, backoffMs: DEFAULT_BACKOFF_MS });
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
