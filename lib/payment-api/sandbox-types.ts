/**
 * The sandbox's test controls (GET /sandbox/orders/{id}, POST /sandbox/orders/{id}/status): raw shape and
 * app type. Only a sandbox has them; a real service answers 404.
 */
import "server-only";
import { z } from "zod";

const rawAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  durationMs: z.number(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
});

const rawCallbackSchema = z.object({
  webhookId: z.string(),
  status: z.string(),
  state: z.string(),
  url: z.string(),
  body: z.string(),
  attemptCount: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  attempts: z.array(rawAttemptSchema),
});

export const rawSandboxOrderSchema = z.object({
  id: z.uuid(),
  paymentId: z.string(),
  type: z.enum(["payin", "payout"]),
  status: z.string().min(1),
  paymentMethod: z.string(),
  country: z.string(),
  currency: z.string().nullable(),
  amount: z.number(),
  requestedAmount: z.number(),
  expiresAt: z.string().nullable(),
  bankDetails: z.unknown(),
  postbackUrl: z.string().nullable(),
  request: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
  callbacks: z.array(rawCallbackSchema),
});
export type RawSandboxOrder = z.infer<typeof rawSandboxOrderSchema>;

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
  raw: RawSandboxOrder;
}
