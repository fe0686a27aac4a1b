/** Turns a failed call to the payment service into what the /banks page tells staff. Pure. */
import {
  PaymentApiContractError,
  type PaymentApiError,
  PaymentApiNetworkError,
  PaymentApiProblemError,
  PaymentApiTimeoutError,
} from "@/lib/payment-api/errors";

export interface ErrorView {
  title: string;
  detail: string;
  /** Field-level messages (validation problems, contract mismatches), "path: message". */
  items: string[];
}

const MAX_ITEMS = 5;

export function describeError(error: PaymentApiError): ErrorView {
  if (error instanceof PaymentApiTimeoutError) {
    return {
      title: "The payment service did not answer in time",
      detail: `No answer within ${Math.round(error.timeoutMs / 100) / 10} s, ${tries(error.attempts)}. Try again in a moment.`,
      items: [],
    };
  }
  if (error instanceof PaymentApiNetworkError) {
    return {
      title: "The payment service cannot be reached",
      detail: `${error.reason}, ${tries(error.attempts)}. Check that it is running and that PAYMENT_API_BASE_URL points at it.`,
      items: [],
    };
  }
  if (error instanceof PaymentApiContractError) {
    return {
      title: "The payment service sent an answer that breaks the contract",
      detail: "Its response did not have the documented shape, so it was not shown.",
      items: error.issues.slice(0, MAX_ITEMS).map((i) => `${i.path}: ${i.message}`),
    };
  }
  if (error instanceof PaymentApiProblemError) {
    const { problem, status } = error;
    const items = error.fieldErrors.slice(0, MAX_ITEMS).map((e) => `${e.path}: ${e.message}`);
    const detail = sentence(problem.detail ?? "");
    if (status === 401 || status === 403) {
      return {
        title: `The payment service refused our credentials (${status})`,
        detail: `${detail} Check PAYMENT_API_CLIENT_ID and PAYMENT_API_SECRET.`.trim(),
        items,
      };
    }
    if (status === 429) {
      return {
        title: "Too many requests to the payment service (429)",
        detail: `${detail} Wait a minute and try again.`.trim(),
        items,
      };
    }
    if (status >= 500) {
      return {
        title: `The payment service failed (${status} ${problem.title})`,
        detail: `${detail} ${tries(error.attempts)}; try again later.`.trim(),
        items,
      };
    }
    return { title: `The payment service rejected the request (${status} ${problem.title})`, detail, items };
  }
  return { title: "The payment service call failed", detail: error.message, items: [] };
}

/** The service's detail as a sentence, so that our own advice can follow it. */
function sentence(text: string): string {
  const t = text.trim();
  return t === "" || /[.!?]$/.test(t) ? t : `${t}.`;
}

function tries(attempts: number): string {
  return attempts === 1 ? "after 1 attempt" : `after ${attempts} attempts`;
}
