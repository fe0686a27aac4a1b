/**
 * App types of the payment service gateway: what the rest of the app works with. Raw wire shapes stay in
 * ./provider-types.ts; ./transform.ts maps one to the other.
 */
import "server-only";
import type {
  BankDetails,
  FinalStatus,
  PayinMethod,
  PayinRequest,
  PayoutMethod,
  PayoutRequest,
  SandboxOrder,
} from "@/lib/contract";
import type { BankInfo } from "./bank-info";
import type { RawPayinResponse, RawPayoutResponse } from "./provider-types";

export interface PaymentApiConfig {
  /** e.g. "http://127.0.0.1:4010"; a path prefix is kept ("https://psp.example/gw" → ".../gw/api/v1/..."). */
  baseUrl: string;
  clientId: string;
  secret: string;
  /** Per attempt, including reading the body. */
  timeoutMs: number;
  /** Total attempts for network errors, timeouts and 5xx (default 3; 1 = no retries). 4xx never retry. */
  maxAttempts?: number;
  /** First retry waits about this long (exponential with jitter after that; default 200). */
  backoffMs?: number;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** A created pay-in order, as the app uses it. */
export interface PayinOrder {
  /** The service's order id. */
  id: string;
  /** Our id for the order, as sent (echoed from the request). */
  paymentId: string;
  paymentMethod: PayinMethod;
  status: string;
  /** ISO 8601 UTC: when the payment details stop being valid. */
  expiresAt: string;
  /**
   * The exact amount the customer must transfer, as a two-decimal string ("1500.37"): the service's final
   * amount when it returned one (random cents), else the requested amount.
   */
  amount: string;
  /** True when the service's final amount differs from the requested one. */
  amountChanged: boolean;
  bankDetails: BankDetails;
  /** The validated response body as received, for storing. */
  raw: RawPayinResponse;
  /** HTTP attempts it took (more than 1 after a retried timeout or 5xx). */
  attempts: number;
}

/** A created pay-out order, as the app uses it. */
export interface PayoutOrder {
  id: string;
  paymentId: string;
  paymentMethod: PayoutMethod;
  status: string;
  raw: RawPayoutResponse;
  attempts: number;
}

export interface PaymentApi {
  createPayin(req: PayinRequest): Promise<PayinOrder>;
  createPayout(req: PayoutRequest): Promise<PayoutOrder>;
  listBanks(country: string): Promise<BankInfo[]>;
  /**
   * Sandbox test control: the order with its callback attempts, as the contract types it (sandboxOrderSchema).
   * Not available on a real service (404).
   */
  getSandboxOrder(id: string): Promise<SandboxOrder>;
  /**
   * Sandbox test control: moves the order to a final status and fires its callback. Sent once (no retries):
   * an order that is final already answers 409.
   */
  setSandboxOrderStatus(id: string, status: FinalStatus): Promise<SandboxOrder>;
  /**
   * Sandbox test control: sends the order's callback `callbackId` (its webhook-id) again, signed afresh.
   * 404 for a callback the order never had, 409 while that callback is being delivered.
   */
  resendSandboxCallback(id: string, callbackId: string): Promise<SandboxOrder>;
}

export type { BankInfo };
