/**
 * Sending a stored order again, with its own paymentId and request: by hand from its page (retryOrder) or by
 * the automatic resume (resumeOrder, lib/orders/resume.ts). The stored request has the card number masked,
 * so a card pay-out needs it typed again, checked against the mask.
 */
import "server-only";
import { cardNumber as cardNumberSchema, payinRequestSchema, payoutRequestSchema } from "@/lib/contract";
import { canonicalise } from "@/lib/contract/canonical-json";
import { isRecord } from "@/lib/contract/is-record";
import { matchesMaskedCard } from "@/lib/contract/card-mask";
import { REFUSED, SUBMIT_FAILED, SUBMITTING } from "@/lib/database/dashboard/local-status";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import {
  claimOrderForResubmit,
  getOrderById,
  type OrderRow,
  recordSubmitFailure,
} from "@/lib/database/dashboard/queries/orders";
import type { OrderActionResult } from "./field-errors";
import { digitsOnly } from "./form-normalise";
import { type AnyRequest, type OrderSubmitDeps, send, submitLeaseMs } from "./send";
import { RETRY_CARD_FIELD } from "./submit-errors";

export interface RetryInput {
  orderId: string;
  /** Card pay-outs only: the card number typed again (the stored request holds it masked). */
  cardNumber?: string;
}

/**
 * Resubmits a "Submit failed" order, or one orphaned in "Submitting" (its lease ran out: the process sending
 * it died), with its own paymentId and request. The claim is the same row-locked one the automatic resume
 * takes, so a human and the resume never send one order at the same time.
 */
export async function retryOrder(deps: OrderSubmitDeps, input: RetryInput): Promise<OrderActionResult> {
  const order = await getOrderById(deps.sql, input.orderId);
  if (!order) return { ok: false, message: "No such order." };
  if (order.status === REFUSED) {
    return {
      ok: false,
      orderId: order.id,
      refused: true,
      message:
        "The payment service refused this order, and that is final: sending it again would get the same answer. " +
        "Use “Fix and resend” to create a corrected order.",
    };
  }
  if (order.status !== SUBMIT_FAILED && order.status !== SUBMITTING) {
    return {
      ok: false,
      orderId: order.id,
      message: `Only an order whose submission failed can be retried; this one is “${order.status}”.`,
    };
  }
  const rebuilt = rebuildRequest(order, input.cardNumber);
  if (!rebuilt.ok) return { ok: false, orderId: order.id, ...rebuilt.error };
  const claimed = await claimOrderForResubmit(deps.sql, order.id, { leaseMs: submitLeaseMs(deps) });
  if (!claimed) {
    return {
      ok: false,
      orderId: order.id,
      message: "This order is being submitted right now. Refresh the page in a moment.",
    };
  }
  return send(deps, claimed, rebuilt.request, { action: "order.retry" });
}

/** The lastError of an orphaned order the resume could not resend by itself (a card pay-out). */
export const RESUME_NEEDS_INPUT = "resume-needs-input";

/**
 * Resends an orphaned order that lib/orders/resume.ts has claimed (claimStaleSubmissions), exactly as it was
 * stored. A card pay-out cannot be: only its masked card was stored (docs/architecture.md, Card pay-outs), so it is moved to
 * "Submit failed" with an error asking for the card number, and a human retries it from its page.
 */
export async function resumeOrder(deps: OrderSubmitDeps, claimed: OrderRow): Promise<OrderActionResult> {
  const rebuilt = rebuildRequest(claimed, undefined);
  if (rebuilt.ok) return send(deps, claimed, rebuilt.request, { action: "order.resume" });
  const cardMessage = rebuilt.error.fieldErrors?.[RETRY_CARD_FIELD];
  const message = cardMessage
    ? "Sending this card pay-out was interrupted before the payment service answered, and it cannot be resent " +
      `automatically: ${cardMessage} Retrying uses the same paymentId, so it cannot be paid twice.`
    : (rebuilt.error.message ?? "This order can no longer be sent as it was.");
  await recordSubmitFailure(deps.sql, claimed.id, {
    lastError: { kind: RESUME_NEEDS_INPUT, message, retryable: true, attempts: 0 },
    attempts: 0,
  });
  await writeAudit(deps.sql, {
    userId: deps.userId,
    action: "order.resume",
    target: claimed.id,
    details: {
      direction: claimed.direction,
      paymentMethod: claimed.paymentMethod,
      paymentId: claimed.paymentId,
      amount: claimed.amount,
      outcome: `${SUBMIT_FAILED}: ${cardMessage ? "card number needed" : "cannot be resent"}`,
    },
  });
  return { ok: false, orderId: claimed.id, message };
}

type Rebuilt =
  | { ok: true; request: AnyRequest }
  | { ok: false; error: { fieldErrors?: Record<string, string>; message?: string } };

/** The stored request, made sendable again: the card number put back (checked against its mask). */
export function rebuildRequest(order: OrderRow, typedCard: string | undefined): Rebuilt {
  const stored = canonicalise(order.request);
  let candidate: Record<string, unknown> = stored;
  const details = isRecord(stored.payoutDetails) ? stored.payoutDetails : undefined;
  const maskedCard = order.direction === "payout" && details !== undefined ? details.ccNo : undefined;
  if (typeof maskedCard === "string") {
    const pan = digitsOnly(typedCard);
    const cardError = (message: string): Rebuilt => ({
      ok: false,
      error: { fieldErrors: { [RETRY_CARD_FIELD]: message } },
    });
    if (pan === undefined) {
      return cardError(`Enter the card number again: only ${maskedCard} was stored, never the full number.`);
    }
    const valid = cardNumberSchema.safeParse(pan);
    if (!valid.success) return cardError(valid.error.issues[0]?.message ?? "Is not a valid card number");
    if (!matchesMaskedCard(pan, maskedCard)) {
      return cardError(`Does not match the card of this order (${maskedCard}).`);
    }
    candidate = { ...stored, payoutDetails: { ...details, ccNo: pan } };
  }
  const schema = order.direction === "payin" ? payinRequestSchema : payoutRequestSchema;
  const parsed = schema.safeParse(candidate);
  if (!parsed.success) {
    // E.g. the card has expired since the first attempt: the stored request can no longer be sent.
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    return {
      ok: false,
      error: {
        message: `This order can no longer be sent as it was: ${lines.join("; ")}. Create a new one.`,
      },
    };
  }
  // Send exactly what was stored (canonical key order), not zod's re-serialisation of it.
  return { ok: true, request: canonicalise(candidate) as AnyRequest };
}
