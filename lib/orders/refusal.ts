/**
 * Which failed submissions are final refusals (status "Refused") and which stay retryable ("Submit failed").
 * The service answered 4xx to the request itself: sending the same body again gets the same answer, so the
 * order is final and can only be fixed and resent as a new order (a new paymentId). Everything else stays
 * retryable: timeouts, network errors and 5xx are transient, and 401/403 (our credentials), 404 (our base
 * URL), 408, 425 and 429 are about the dashboard or the moment, not the order.
 * Pure: shared by submit, the order page and migration 0006 (which repeats this list in SQL; a test checks
 * that the two agree).
 */
import { isRecord } from "@/lib/contract/is-record";

/** HTTP statuses whose problem answer refuses the order itself. */
export const REFUSAL_STATUSES = [400, 409, 410, 413, 415, 422] as const;

/** A failure as stored in orders.last_error (PaymentApiErrorJson) or as thrown (PaymentApiProblemError). */
export interface FailureLike {
  kind?: unknown;
  status?: unknown;
}

export function isRefusal(failure: FailureLike | null | undefined): boolean {
  return (
    failure?.kind === "problem" &&
    typeof failure.status === "number" &&
    (REFUSAL_STATUSES as readonly number[]).includes(failure.status)
  );
}

export interface RefusalReasons {
  /** The service's own sentence (problem detail, else title). */
  summary: string;
  /** Its field errors, each under the label of the form field it concerns. */
  fields: { path: string; label: string; message: string }[];
}

/** What the service said when it refused, from the stored last error (its problem details). */
export function refusalReasons(
  lastError: Record<string, unknown> | null,
  labelOf: (path: string) => string,
): RefusalReasons {
  const problem = lastError?.problem;
  const p = isRecord(problem) ? problem : {};
  const summary =
    typeof p.detail === "string" && p.detail
      ? p.detail
      : typeof p.title === "string" && p.title
        ? p.title
        : typeof lastError?.message === "string"
          ? lastError.message
          : "The payment service gave no reason.";
  const errors = Array.isArray(p.errors) ? p.errors : [];
  const fields = errors.flatMap((e: unknown) => {
    const { path, message } = isRecord(e) ? e : {};
    return typeof path === "string" && typeof message === "string"
      ? [{ path, label: labelOf(path), message }]
      : [];
  });
  return { summary, fields };
}

/**
 * A failure in a few words, for the order's submissions and the activity log: the service's field errors
 * ("amount must be between 10.00 and 500000.00 for Card pay-ins"), else its detail or title, else the error's
 * own message ("The payment service did not answer within 10000 ms…").
 */
export function failureInWords(lastError: Record<string, unknown> | null): string {
  const { summary, fields } = refusalReasons(lastError, (path) => path);
  const words =
    fields.length > 0
      ? fields.map((f) => `${f.path} ${f.message.charAt(0).toLowerCase()}${f.message.slice(1)}`).join("; ")
      : summary;
  return words.length > 300 ? `${words.slice(0, 299)}…` : words;
}
