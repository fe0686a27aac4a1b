/** Bodies of the sandbox's QA test controls (docs/qa.md, Test controls); part of the documented API. */
import { z } from "zod";
import { anyUuid } from "./uuid";
import type { Direction } from "./methods";
import { resolvedChaosSchema } from "./sandbox-chaos";
import { FINAL_STATUSES, type FinalStatus } from "./status";
import { isoTime, TIME_CEILING, TIME_FLOOR } from "./time-filter";

/** POST /sandbox/orders/{id}/status: move an order to a final status (Expired: pay-ins only). */
export const sandboxStatusChangeSchema = z
  .object(
    {
      status: z.enum(FINAL_STATUSES, {
        error: (issue) =>
          issue.input === undefined
            ? `Required: one of ${FINAL_STATUSES.join(", ")}`
            : `Must be one of ${FINAL_STATUSES.join(", ")}`,
      }),
    },
    { error: 'Must be a JSON object: { "status": "Success" | "Failed" | "Expired" }' },
  )
  .meta({ description: "Sandbox test control: the final status to move an order to." });
export type SandboxStatusChange = z.infer<typeof sandboxStatusChangeSchema>;

/** POST /sandbox/orders/{id}/callbacks/{callbackId}/resend: no fields (the callback is sent as it was). */
export const sandboxResendSchema = z
  .object({}, { error: "Must be a JSON object: {}" })
  .meta({ description: "Sandbox test control: no fields; the callback is sent again as it was." });

/** The final statuses a QA control may move an order to: Expired is for pay-ins only. */
export function finalStatusesFor(direction: Direction): readonly FinalStatus[] {
  return direction === "payin" ? FINAL_STATUSES : FINAL_STATUSES.filter((s) => s !== "Expired");
}

/** True when an order of this direction may be moved to `status` by a QA control. */
export function canMoveTo(direction: Direction, status: string): status is FinalStatus {
  return (finalStatusesFor(direction) as readonly string[]).includes(status);
}

const sandboxAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  durationMs: z.number(),
  /** Null when no response arrived. */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  // Defaults: a sandbox from before callback chaos answers without these fields.
  chaos: z.string().nullable().default(null).meta({
    description:
      'What was done to this attempt on purpose (callback chaos), e.g. "bad-signature"; null: nothing.',
  }),
});

const sandboxCallbackSchema = z.object({
  webhookId: z.string(),
  status: z.string(),
  state: z.string(),
  url: z.string(),
  body: z.string(),
  attemptCount: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  chaos: z.array(z.string()).default([]).meta({
    description:
      'The chaos modes chosen for this callback ("stale": the older-status callback out-of-order sent after the real one).',
  }),
  attempts: z.array(sandboxAttemptSchema),
});

/**
 * GET /sandbox/orders/{id} (and the answer of a status move): an order as the sandbox stores it, with the
 * callbacks it fired and every delivery attempt. One schema: the sandbox's answer is typed by it, the
 * dashboard's client parses with it, the OpenAPI document is generated from it.
 */
export const sandboxOrderSchema = z
  .object({
    id: anyUuid(),
    paymentId: z.string(),
    type: z.enum(["payin", "payout"]),
    status: z.string().min(1),
    paymentMethod: z.string(),
    country: z.string(),
    currency: z.string().nullable(),
    amount: z.number(),
    requestedAmount: z.number(),
    expiresAt: z.string().nullable(),
    /** Always present: the payment details handed out, or null (a pay-out). */
    bankDetails: z.unknown().refine((v) => v !== undefined, "Required: the payment details or null"),
    postbackUrl: z.string().nullable(),
    request: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    updatedAt: z.string(),
    chaos: resolvedChaosSchema.nullable().default(null),
    callbacks: z.array(sandboxCallbackSchema),
  })
  .meta({
    description:
      "A sandbox order as stored, with the callbacks it fired and every delivery attempt (for QA).",
  });
/** The one type of a sandbox order wherever it crosses a boundary (the sandbox's answer, the dashboard's client, the QA kit, e2e). */
export type SandboxOrder = z.infer<typeof sandboxOrderSchema>;

/** GET /sandbox/requests: which of the account's requests to list (query parameters). */
export const sandboxRequestsQuerySchema = z.object({
  orderId: anyUuid("Must be an order id (a UUID)")
    .optional()
    .meta({ description: "Only the requests about this order." }),
  before: isoTime("2026-11-24T10:00:00Z")
    .optional()
    .meta({
      description: `Only requests answered before this time (the next page: the last entry's \`at\`); from ${TIME_FLOOR} to ${TIME_CEILING}.`,
    }),
  limit: z.coerce
    .number({ error: "Must be a whole number from 1 to 200" })
    .int("Must be a whole number from 1 to 200")
    .min(1, "Must be a whole number from 1 to 200")
    .max(200, "Must be a whole number from 1 to 200")
    .default(50)
    .meta({ description: "How many, 1 to 200 (default 50)." }),
});

/** One request the sandbox answered, as the request log lists it. */
const sandboxRequestEntrySchema = z.object({
  at: z.string().meta({ description: "When it was answered (ISO 8601, UTC)." }),
  method: z.string(),
  path: z.string().meta({ description: "Path and query as sent." }),
  clientId: z.string().nullable().meta({ description: "The X-Client-Id it named." }),
  status: z.number().int().meta({ description: "The HTTP status it got." }),
  verdict: z.string().meta({
    description:
      "`accepted`, or the problem's kind: validation, unauthorized, payment-id-conflict, rate-limited, …",
  }),
  detail: z.string().nullable().meta({ description: "For a refusal: its first field error, or its detail." }),
  latencyMs: z.number().meta({ description: "Time to answer, in ms." }),
  orderId: z.string().nullable().meta({ description: "The order it made, read or moved, if any." }),
});

export const sandboxRequestLogSchema = z
  .object({ requests: z.array(sandboxRequestEntrySchema) })
  .meta({ description: "The account's requests, newest first (kept 24 hours)." });
export type SandboxRequestLog = z.infer<typeof sandboxRequestLogSchema>;

/**
 * The furthest an account's clock may run ahead of the real time, all moves together: ten years. Further
 * on, order times leave what the databases store (a clock at 9999 made every create a 500).
 */
export const SANDBOX_CLOCK_MAX_ADVANCE_SECONDS = 10 * 365 * 24 * 3600;

/** POST /sandbox/clock: move the account's clock forwards, by a number of seconds or to a time. */
export const sandboxClockAdvanceSchema = z
  .object(
    {
      advanceSeconds: z
        .number({ error: "Must be a number of seconds, e.g. 900" })
        .positive("Must be more than 0: the clock only moves forwards")
        .max(SANDBOX_CLOCK_MAX_ADVANCE_SECONDS, "Must be at most ten years (315360000 seconds)")
        .optional()
        .meta({
          description:
            "How far to move the clock, in seconds (fractions allowed); the clock may run at most ten years ahead of the real time, all moves together.",
        }),
      to: isoTime("2026-11-24T10:15:00Z").optional().meta({
        description:
          "The time to move the clock to: not earlier than the account's time now, at most ten years past the real time.",
      }),
    },
    { error: 'Must be a JSON object: { "advanceSeconds": 900 } or { "to": "2026-11-24T10:15:00Z" }' },
  )
  .refine((v) => (v.advanceSeconds === undefined) !== (v.to === undefined), {
    message: "Give advanceSeconds or to (exactly one)",
  })
  .meta({ description: "Sandbox test control: how far forwards to move the account's clock." });
export type SandboxClockAdvance = z.infer<typeof sandboxClockAdvanceSchema>;

/** GET /sandbox/clock, and the answer of a move. */
export const sandboxClockSchema = z
  .object({
    now: z.string().meta({ description: "The account's time now (ISO 8601, UTC)." }),
    offsetMs: z
      .number()
      .meta({ description: "How far the account's clock runs ahead of the real one, in ms." }),
  })
  .meta({
    description:
      "An account's clock: order times, expiry of unpaid pay-ins and callback retries run on it. It starts at the real time and only moves forwards (at most ten years ahead), until it is reset to the real time.",
  });
export type SandboxClock = z.infer<typeof sandboxClockSchema>;
