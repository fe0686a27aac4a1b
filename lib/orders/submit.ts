/**
 * Creating and retrying orders (DESIGN §5): the order is written locally first ("Submitting", card number
 * masked), then sent to the payment service, then the answer (or the error) is stored. A paymentId is one
 * order: a double submit finds the existing order, and every retry resends the same request.
 *
 * Every send holds a lease on the "Submitting" order for as long as the call can take (submitLeaseMs); an
 * order still "Submitting" past its lease was orphaned by a crash and is resent by lib/orders/resume.ts.
 *
 * Server actions call these after checking the session and validating the form; tests call them directly
 * with a real database and a real sandbox. Never log a request: it may hold a card number.
 */
import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import {
  cardNumber as cardNumberSchema,
  currencyForCountry,
  type Direction,
  formatMinorUnits,
  type PayinRequest,
  type PayoutRequest,
  payinRequestSchema,
  payoutRequestSchema,
  toMinorUnits,
} from "@/lib/contract";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/db/queries/audit";
import {
  claimOrderForResubmit,
  getOrderById,
  insertOrder,
  type Order,
  type OrderRequestFields,
  recordSubmitFailure,
  recordSubmitSuccess,
} from "@/lib/db/queries/orders";
import {
  PaymentApiContractError,
  type PaymentApi,
  PaymentApiError,
  PaymentApiProblemError,
  paymentApiInFlightMs,
} from "@/lib/payment-api";
import { type OrderActionResult, placeFieldErrors } from "./field-errors";
import { digitsOnly } from "./form-normalise";
import { SUBMIT_FAILED, SUBMITTING } from "./local-status";
import { canonicalise, maskOrderRequest, matchesMaskedCard } from "./mask";
import { PAYIN_FORM_FIELDS, type PayinSubmission } from "./payin-form-schema";
import { PAYOUT_FORM_FIELDS, type PayoutSubmission } from "./payout-form-schema";

export interface OrderSubmitDeps {
  sql: Sql;
  api: Pick<PaymentApi, "createPayin" | "createPayout">;
  /** Where the payment service reaches this dashboard (env.PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** The signed-in staff member acting (created_by, audit log); null for the automatic resume. */
  userId: string | null;
  /**
   * How long a call of `api` can stay in flight (timeout × attempts + backoffs). Default: that of the
   * configured client, `paymentApiInFlightMs()`. Tests with a client of their own pass its window.
   */
  inFlightMs?: number;
}

/** Headroom past the client's own window for the database writes around the call. */
export const SUBMIT_LEASE_MARGIN_MS = 2_000;

/** The lease a send holds on its "Submitting" order: after it, the order counts as orphaned. */
export function submitLeaseMs(deps: Pick<OrderSubmitDeps, "inFlightMs">): number {
  return (deps.inFlightMs ?? paymentApiInFlightMs()) + SUBMIT_LEASE_MARGIN_MS;
}

/** The dashboard's callback receiver, sent as postbackUrl with every order. */
export function postbackUrlFor(publicBaseUrl: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/api/postback`;
}

/** A customer-page token: 256 random bits, base64url (43 characters). */
export function newPayToken(): string {
  return randomBytes(32).toString("base64url");
}

export function submitPayin(deps: OrderSubmitDeps, submission: PayinSubmission): Promise<OrderActionResult> {
  const request: PayinRequest = { ...submission, postbackUrl: postbackUrlFor(deps.publicBaseUrl) };
  return createOrder(deps, "payin", canonicalise(request));
}

export function submitPayout(
  deps: OrderSubmitDeps,
  submission: PayoutSubmission,
): Promise<OrderActionResult> {
  const request: PayoutRequest = { ...submission, postbackUrl: postbackUrlFor(deps.publicBaseUrl) };
  return createOrder(deps, "payout", canonicalise(request));
}

type AnyRequest = PayinRequest | PayoutRequest;

const FORM_FIELDS: Record<Direction, readonly string[]> = {
  payin: PAYIN_FORM_FIELDS,
  payout: PAYOUT_FORM_FIELDS,
};

function requestFields(request: AnyRequest): OrderRequestFields {
  return {
    request: maskOrderRequest(request),
    paymentMethod: request.paymentMethod,
    amount: formatMinorUnits(toMinorUnits(request.amount)),
    currency: currencyForCountry(request.country) ?? null,
    country: request.country,
    clientEmail: request.client.email,
  };
}

async function createOrder(
  deps: OrderSubmitDeps,
  direction: Direction,
  request: AnyRequest,
): Promise<OrderActionResult> {
  const fields = requestFields(request);
  const { order, created } = await insertOrder(deps.sql, {
    ...fields,
    id: randomUUID(),
    direction,
    paymentId: request.paymentId,
    createdBy: deps.userId,
    payToken: direction === "payin" ? newPayToken() : null,
    leaseMs: submitLeaseMs(deps),
  });
  if (created)
    return send(deps, order, request, { action: "order.create", formFields: FORM_FIELDS[direction] });
  return resubmitFromForm(deps, order, request, fields);
}

/**
 * The form was submitted again with a paymentId that already has an order: a double click, or a second try
 * after the first failed. A failed order is resubmitted when the request is the same, or when the service
 * refused the earlier one outright (it created nothing, so corrected fields may go with the same paymentId).
 */
async function resubmitFromForm(
  deps: OrderSubmitDeps,
  existing: Order,
  request: AnyRequest,
  fields: OrderRequestFields,
): Promise<OrderActionResult> {
  if (existing.status !== SUBMIT_FAILED) return { ok: true, orderId: existing.id };
  const same = JSON.stringify(canonicalise(existing.request)) === JSON.stringify(fields.request);
  // A 4xx problem: the service refused and created nothing. (A contract error is not retryable either, but
  // the service did create the order there, so it must be resent as it was.)
  const refused = existing.lastError?.kind === "problem" && existing.lastError.retryable === false;
  if (!same && !refused) {
    return {
      ok: false,
      orderId: existing.id,
      message:
        "An earlier attempt of this order may have reached the payment service with the details it had then. " +
        "Open the order to retry it as it was, or start a new order.",
    };
  }
  const claimed = await claimOrderForResubmit(deps.sql, existing.id, {
    leaseMs: submitLeaseMs(deps),
    ...(same ? {} : { replace: fields }),
  });
  if (!claimed) return { ok: true, orderId: existing.id };
  return send(deps, claimed, request, { action: "order.retry", formFields: FORM_FIELDS[existing.direction] });
}

export interface RetryInput {
  orderId: string;
  /** Card pay-outs only: the card number typed again (the stored request holds it masked). */
  cardNumber?: string;
}

/** Field name of the retry form's card number input. */
export const RETRY_CARD_FIELD = "cardNumber";

/**
 * Resubmits a "Submit failed" order, or one orphaned in "Submitting" (its lease ran out: the process sending
 * it died), with its own paymentId and request. The claim is the same row-locked one the automatic resume
 * takes, so a human and the resume never send one order at the same time.
 */
export async function retryOrder(deps: OrderSubmitDeps, input: RetryInput): Promise<OrderActionResult> {
  const order = await getOrderById(deps.sql, input.orderId);
  if (!order) return { ok: false, message: "No such order." };
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
  return send(deps, claimed, rebuilt.request, { action: "order.retry", formFields: [] });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Rebuilt =
  | { ok: true; request: AnyRequest }
  | { ok: false; error: { fieldErrors?: Record<string, string>; message?: string } };

/** The stored request, made sendable again: the card number put back (checked against its mask). */
function rebuildRequest(order: Order, typedCard: string | undefined): Rebuilt {
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

/** The lastError of an orphaned order the resume could not resend by itself (a card pay-out). */
export const RESUME_NEEDS_INPUT = "resume-needs-input";

/**
 * Resends an orphaned order that lib/orders/resume.ts has claimed (claimStaleSubmissions), exactly as it was
 * stored. A card pay-out cannot be: only its masked card was stored (DESIGN §4), so it is moved to
 * "Submit failed" with an error asking for the card number, and a human retries it from its page.
 */
export async function resumeOrder(deps: OrderSubmitDeps, claimed: Order): Promise<OrderActionResult> {
  const rebuilt = rebuildRequest(claimed, undefined);
  if (rebuilt.ok) return send(deps, claimed, rebuilt.request, { action: "order.resume", formFields: [] });
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

async function send(
  deps: OrderSubmitDeps,
  order: Order,
  request: AnyRequest,
  ctx: { action: "order.create" | "order.retry" | "order.resume"; formFields: readonly string[] },
): Promise<OrderActionResult> {
  let result: OrderActionResult;
  let outcome: string;
  try {
    if (order.direction === "payin") {
      const res = await deps.api.createPayin(request as PayinRequest);
      await recordSubmitSuccess(deps.sql, order.id, {
        providerOrderId: res.id,
        status: res.status,
        response: res.raw,
        bankDetails: res.bankDetails,
        expiresAt: new Date(res.expiresAt),
        finalAmount: res.amount,
        attempts: res.attempts,
      });
      outcome = res.status;
    } else {
      const res = await deps.api.createPayout(request as PayoutRequest);
      await recordSubmitSuccess(deps.sql, order.id, {
        providerOrderId: res.id,
        status: res.status,
        response: res.raw,
        bankDetails: null,
        expiresAt: null,
        finalAmount: null,
        attempts: res.attempts,
      });
      outcome = res.status;
    }
    result = { ok: true, orderId: order.id };
  } catch (error) {
    const lastError =
      error instanceof PaymentApiError
        ? { ...error.toJSON() }
        : { kind: "internal", message: "Unexpected error while submitting", retryable: true, attempts: 0 };
    if (!(error instanceof PaymentApiError)) {
      // Only the message: the error could quote its input, and the input may hold a card number.
      console.error(`order ${order.id}: submit failed unexpectedly: ${String((error as Error)?.message)}`);
    }
    await recordSubmitFailure(deps.sql, order.id, {
      lastError,
      attempts: error instanceof PaymentApiError ? error.attempts : 0,
    });
    outcome = `${SUBMIT_FAILED}: ${lastError.kind}`;
    result = failureResult(error, order.id, ctx.formFields);
  }
  await writeAudit(deps.sql, {
    userId: deps.userId,
    action: ctx.action,
    target: order.id,
    details: {
      direction: order.direction,
      paymentMethod: order.paymentMethod,
      paymentId: order.paymentId,
      amount: order.amount,
      outcome,
    },
  });
  return result;
}

function failureResult(error: unknown, orderId: string, formFields: readonly string[]): OrderActionResult {
  const saved = `The order is saved as “${SUBMIT_FAILED}”.`;
  if (error instanceof PaymentApiProblemError && !error.retryable) {
    const alias: Record<string, string> =
      formFields.length === 0 ? { "payoutDetails.ccNo": RETRY_CARD_FIELD } : {};
    const { fieldErrors, unplaced } = placeFieldErrors(
      error.fieldErrors,
      [...formFields, ...Object.values(alias)],
      alias,
    );
    const head =
      error.status === 409
        ? "The payment service already has an order with this paymentId and different details."
        : error.status === 401 || error.status === 403
          ? "The payment service refused the dashboard's credentials (PAYMENT_API_CLIENT_ID / PAYMENT_API_SECRET)."
          : error.status === 429
            ? "The payment service is rate limiting requests. Try again in a moment."
            : `The payment service refused the order: ${error.problem.detail ?? error.problem.title}.`;
    const rest = unplaced.length > 0 ? ` ${unplaced.join("; ")}.` : "";
    return {
      ok: false,
      orderId,
      ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
      message: `${head}${rest}`,
    };
  }
  if (error instanceof PaymentApiContractError) {
    return {
      ok: false,
      orderId,
      message: `The payment service answered with a response that breaks the contract. ${saved} Retry it from its page.`,
    };
  }
  if (error instanceof PaymentApiError) {
    return {
      ok: false,
      orderId,
      message: `${error.message}. ${saved} Nothing was lost: retry it from its page (same paymentId, so it cannot be created twice).`,
    };
  }
  return {
    ok: false,
    orderId,
    message: `Something went wrong while submitting. ${saved} Retry it from its page.`,
  };
}
