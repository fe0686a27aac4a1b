/**
 * The sandbox's test controls (GET /sandbox/orders/{id}, POST /sandbox/orders/{id}/status): the app's type of
 * the contract's SandboxOrder. Only a sandbox has them; a real service answers 404.
 */
import "server-only";
import type { SandboxOrderBody } from "@/lib/contract/sandbox-controls";

// The wire shape is the contract's sandboxOrderSchema (lib/contract/sandbox-controls.ts); below, the app's.

export interface SandboxCallbackAttempt {
  attempt: number;
  at: string;
  durationMs: number;
  /** HTTP status the receiver answered; undefined when no response arrived. */
  statusCode: number | undefined;
  error: string | undefined;
}

/** One status-change event and its deliveries to the order's postbackUrl. */
export interface SandboxCallback {
  /** Sent as `webhook-id`; the receiver de-duplicates on it. */
  webhookId: string;
  status: string;
  /** "pending" | "delivered" | "failed". */
  state: string;
  url: string;
  /** The raw JSON body, identical on every attempt. */
  body: string;
  nextAttemptAt: string | undefined;
  finishedAt: string | undefined;
  attempts: SandboxCallbackAttempt[];
}

/** An order as the sandbox sees it, with every callback it queued. */
export interface SandboxOrder {
  id: string;
  paymentId: string;
  direction: "payin" | "payout";
  status: string;
  paymentMethod: string;
  country: string;
  currency: string | undefined;
  /** Final amount (random cents included), two-decimal string. */
  amount: string;
  requestedAmount: string;
  expiresAt: string | undefined;
  postbackUrl: string | undefined;
  createdAt: string;
  updatedAt: string;
  callbacks: SandboxCallback[];
  /** The body as received (request with masked card number, bank details, ...). */
  raw: SandboxOrderBody;
}
