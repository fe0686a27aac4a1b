/**
 * A failed send, classified and put into words: what is stored on the order (last_error, and "Refused" or
 * "Submit failed" by lib/orders/refusal.ts) and what the form or the order page says about it. Never quote
 * a request: it may hold a card number.
 */
import "server-only";
import type { FieldError } from "@/lib/contract";
import type { OrderRow } from "@/lib/database/dashboard/queries/orders";
import { REFUSED, SUBMIT_FAILED } from "@/lib/database/dashboard/local-status";
import { PaymentApiContractError, PaymentApiError, PaymentApiProblemError } from "@/lib/payment-api";
import { type OrderActionResult, placeFieldErrors } from "./field-errors";
import { isRefusal } from "./refusal";

/** Field name of the retry form's card number input. */
export const RETRY_CARD_FIELD = "cardNumber";

/** What a failed send stores on its order. */
export interface StoredFailure {
  lastError: Record<string, unknown> & { kind: string };
  attempts: number;
  /** "Refused" (final) when the service refused the order itself, else "Submit failed" (retryable). */
  status: typeof REFUSED | typeof SUBMIT_FAILED;
}

export function storedFailure(error: unknown): StoredFailure {
  const lastError =
    error instanceof PaymentApiError
      ? { ...error.toJSON() }
      : { kind: "internal", message: "Unexpected error while submitting", retryable: true, attempts: 0 };
  return {
    lastError,
    attempts: error instanceof PaymentApiError ? error.attempts : 0,
    status: isRefusal(lastError) ? REFUSED : SUBMIT_FAILED,
  };
}

/** What to do after a refusal, said on the form. */
const REFUSED_NEXT = `The order is saved as “${REFUSED}”, which is final. Correct the fields and submit again: that sends a new order (a new paymentId), linked to the refused one.`;

/** The refusal stored on a refused order, answered again to a form that resubmits its paymentId. */
export function storedRefusal(order: OrderRow, formFields: readonly string[]): OrderActionResult {
  const problem = order.lastError?.problem as
    | { errors?: FieldError[]; detail?: string; title?: string }
    | undefined;
  const { fieldErrors, unplaced } = placeFieldErrors(problem?.errors ?? [], formFields);
  const why = problem?.detail ?? problem?.title ?? "see the order";
  const rest = unplaced.length > 0 ? ` ${unplaced.join("; ")}.` : "";
  return {
    ok: false,
    orderId: order.id,
    refused: true,
    ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
    message: `The payment service refused the order: ${why}.${rest} ${REFUSED_NEXT}`,
  };
}

/**
 * The answer to a failed send. `formFields`: the fields of the order form that sent it; undefined when it
 * was sent from the order's page (retry, resume), whose only field is the retry form's card number.
 */
export function failureResult(
  error: unknown,
  orderId: string,
  formFields: readonly string[] | undefined,
): OrderActionResult {
  const saved = `The order is saved as “${SUBMIT_FAILED}”.`;
  if (error instanceof PaymentApiProblemError && !error.retryable) {
    const alias: Record<string, string> =
      formFields === undefined ? { "payoutDetails.ccNo": RETRY_CARD_FIELD } : {};
    const { fieldErrors, unplaced } = placeFieldErrors(
      error.fieldErrors,
      [...(formFields ?? []), ...Object.values(alias)],
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
    const refused = isRefusal(error);
    return {
      ok: false,
      orderId,
      ...(refused ? { refused: true } : {}),
      ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
      message: `${head}${rest}${refused && formFields !== undefined ? ` ${REFUSED_NEXT}` : ""}`,
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
