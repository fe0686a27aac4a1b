/**
 * Creating orders (docs/architecture.md, Security and reliability): the order is written locally first ("Submitting", card number masked), then
 * sent to the payment service (./send.ts), then the answer (or the error, ./submit-errors.ts) is stored. A
 * paymentId is one order: a double submit finds the existing order, and every retry (./retry.ts) resends
 * the same request.
 *
 * Server actions call these after checking the session and validating the form; tests call them directly
 * with a real database and a real sandbox. Never log a request: it may hold a card number.
 */
import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import {
  type Direction,
  formatMinorUnits,
  type PayinRequest,
  orderCurrency,
  type PayoutRequest,
  toMinorUnits,
} from "@/lib/contract";
import { approvalRuleForPayout, insertHeldPayout } from "@/lib/approvals/hold";
import { canonicalise } from "@/lib/contract/canonical-json";
import { maskOrderRequest } from "@/lib/contract/card-mask";
import { REFUSED, SUBMIT_FAILED } from "@/lib/database/dashboard/local-status";
import {
  claimOrderForResubmit,
  getOrderById,
  insertOrder,
  type OrderRow,
  type OrderRequestFields,
} from "@/lib/database/dashboard/queries/orders";
import type { OrderActionResult } from "./field-errors";
import { PAYIN_FORM_FIELDS, type PayinSubmission } from "./payin-form-schema";
import { PAYOUT_FORM_FIELDS, type PayoutSubmission } from "./payout-form-schema";
import { type AnyRequest, type OrderSubmitDeps, send, submitLeaseMs } from "./send";
import { storedRefusal } from "./submit-errors";

export { RESUME_NEEDS_INPUT, type RetryInput, resumeOrder, retryOrder } from "./retry";
export { type OrderSubmitDeps, SUBMIT_LEASE_MARGIN_MS, submitLeaseMs } from "./send";
export { RETRY_CARD_FIELD } from "./submit-errors";

/** The dashboard's callback receiver, sent as postbackUrl with every order. */
export function postbackUrlFor(publicBaseUrl: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/api/postback`;
}

/** A customer-page token: 256 random bits, base64url (43 characters). */
export function newPayToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Options of a create: `resendOf`, the refused order this one corrects ("Fix and resend"). */
export interface CreateOptions {
  resendOf?: string;
}

export function submitPayin(
  deps: OrderSubmitDeps,
  submission: PayinSubmission,
  opts: CreateOptions = {},
): Promise<OrderActionResult> {
  const request: PayinRequest = { ...submission, postbackUrl: postbackUrlFor(deps.publicBaseUrl) };
  return createOrder(deps, "payin", canonicalise(request), opts);
}

export function submitPayout(
  deps: OrderSubmitDeps,
  submission: PayoutSubmission,
  opts: CreateOptions = {},
): Promise<OrderActionResult> {
  const request: PayoutRequest = { ...submission, postbackUrl: postbackUrlFor(deps.publicBaseUrl) };
  return createOrder(deps, "payout", canonicalise(request), opts);
}

const FORM_FIELDS: Record<Direction, readonly string[]> = {
  payin: PAYIN_FORM_FIELDS,
  payout: PAYOUT_FORM_FIELDS,
};

/** The order columns that follow from its request (the card number masked). */
export function requestFields(direction: Direction, request: AnyRequest): OrderRequestFields {
  return {
    request: maskOrderRequest(request),
    paymentMethod: request.paymentMethod,
    amount: formatMinorUnits(toMinorUnits(request.amount)),
    currency:
      orderCurrency({ direction, paymentMethod: request.paymentMethod, country: request.country }).currency ??
      null,
    country: request.country,
    clientEmail: request.client.email,
  };
}

async function createOrder(
  deps: OrderSubmitDeps,
  direction: Direction,
  request: AnyRequest,
  opts: CreateOptions,
): Promise<OrderActionResult> {
  if (opts.resendOf !== undefined) {
    const original = await getOrderById(deps.sql, opts.resendOf);
    if (!original || original.status !== REFUSED || original.direction !== direction) {
      return {
        ok: false,
        fieldErrors: { resendOf: "Must be a refused order of the same direction" },
        message: `Only a refused ${direction === "payin" ? "pay-in" : "pay-out"} can be fixed and resent.`,
      };
    }
  }
  const fields = requestFields(direction, request);
  const input = {
    resendOf: opts.resendOf ?? null,
    ...fields,
    id: randomUUID(),
    direction,
    paymentId: request.paymentId,
    createdBy: deps.userId,
    payToken: direction === "payin" ? newPayToken() : null,
    leaseMs: submitLeaseMs(deps),
  };
  // A pay-out the approval setting holds is saved "Awaiting approval" and not sent (lib/approvals).
  const rule = direction === "payout" ? await approvalRuleForPayout(deps.sql, fields) : null;
  const { order, created } = rule
    ? await insertHeldPayout(deps.sql, input, rule)
    : await insertOrder(deps.sql, input);
  if (created && rule) return { ok: true, orderId: order.id };
  if (created)
    return send(deps, order, request, { action: "order.create", formFields: FORM_FIELDS[direction] });
  return resubmitFromForm(deps, order, request, fields);
}

/**
 * The form was submitted again with a paymentId that already has an order: a double click, or a second try
 * after the first failed. A failed order is resubmitted when the request is the same. A refused order is
 * final: its refusal is answered again (the form then moves to a new paymentId, see useOrderSubmit).
 */
async function resubmitFromForm(
  deps: OrderSubmitDeps,
  existing: OrderRow,
  request: AnyRequest,
  fields: OrderRequestFields,
): Promise<OrderActionResult> {
  if (existing.status === REFUSED) return storedRefusal(existing, FORM_FIELDS[existing.direction]);
  if (existing.status !== SUBMIT_FAILED) return { ok: true, orderId: existing.id };
  const same = JSON.stringify(canonicalise(existing.request)) === JSON.stringify(fields.request);
  if (!same) {
    return {
      ok: false,
      orderId: existing.id,
      message:
        "An earlier attempt of this order may have reached the payment service with the details it had then. " +
        "Open the order to retry it as it was, or start a new order.",
    };
  }
  const claimed = await claimOrderForResubmit(deps.sql, existing.id, { leaseMs: submitLeaseMs(deps) });
  if (!claimed) return { ok: true, orderId: existing.id };
  return send(deps, claimed, request, { action: "order.retry", formFields: FORM_FIELDS[existing.direction] });
}
