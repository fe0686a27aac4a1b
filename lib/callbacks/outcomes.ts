/**
 * What became of a callback delivery, as the dashboard names it: the order page's timeline and the
 * Callbacks page. Plain module: safe in client components.
 */
import type { CallbackOutcome } from "@/lib/database/dashboard/schema";

export const CALLBACK_OUTCOMES = [
  "applied",
  "duplicate",
  "stale",
  "rejected",
  "invalid",
  "unknown-order",
  "received",
] as const satisfies readonly CallbackOutcome[];

export const OUTCOME_TEXT: Record<CallbackOutcome, string> = {
  applied: "Applied",
  duplicate: "Duplicate — already processed",
  stale: "Stale — not applied (the order had moved on)",
  "unknown-order": "Unknown order",
  rejected: "Rejected",
  invalid: "Invalid payload",
  received: "Being processed",
};

/** The short names of the Callbacks page's outcome filter. */
export const OUTCOME_FILTER_TEXT: Record<CallbackOutcome, string> = {
  applied: "Applied",
  duplicate: "Duplicate",
  stale: "Stale",
  rejected: "Refused signature",
  invalid: "Invalid",
  "unknown-order": "Unknown order",
  received: "Being processed",
};

export function isCallbackOutcome(value: string): value is CallbackOutcome {
  return (CALLBACK_OUTCOMES as readonly string[]).includes(value);
}
