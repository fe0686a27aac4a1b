/**
 * Errors → the form's fields. Zod issues and the service's problem details both name fields by the
 * contract's paths ("payoutDetails.ccNo"), which are the form's field names; paths no field shows go to the
 * general message. Pure: used by the server actions and by the forms.
 */
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/action-result";
import { type FieldError, fieldErrorsFromZod } from "@/lib/contract/problem";

/**
 * The result every order action returns (the one ActionResult shape). `orderId` on failure: the order was
 * saved (as "Submit failed", or as "Refused" when `refused`: final, the service refused the order itself).
 */
export type OrderActionResult = ActionResult<{ orderId: string }, { orderId: string; refused: boolean }>;

/** First message per path, `{ "client.email": "Required: an email address" }`; the whole form's: "(form)". */
export function fieldErrorMapFromZod(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, message } of fieldErrorsFromZod(error, "(form)")) out[path] ??= message;
  return out;
}

/**
 * Splits field errors into those a form field shows and the rest (as "path: message" lines). `alias` renames
 * a path to the field that shows it (the retry form's "cardNumber" for "payoutDetails.ccNo").
 */
export function placeFieldErrors(
  errors: readonly FieldError[] | Record<string, string>,
  formFields: readonly string[],
  alias: Record<string, string> = {},
): { fieldErrors: Record<string, string>; unplaced: string[] } {
  const list: FieldError[] = Array.isArray(errors)
    ? [...errors]
    : Object.entries(errors).map(([path, message]) => ({ path, message }));
  const known = new Set(formFields);
  const fieldErrors: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const { path: raw, message } of list) {
    const path = alias[raw] ?? raw;
    if (known.has(path)) fieldErrors[path] ??= message;
    else unplaced.push(`${path}: ${message}`);
  }
  return { fieldErrors, unplaced };
}
