/**
 * Errors → the form's fields. Zod issues and the service's problem details both name fields by the
 * contract's paths ("payoutDetails.ccNo"), which are the form's field names; paths no field shows go to the
 * general message. Pure: used by the server actions and by the forms.
 */
import type { z } from "zod";
import type { FieldError } from "@/lib/contract";

/** The result every order action returns. `orderId` on failure: the order was saved (as "Submit failed"). */
export type OrderActionResult =
  | { ok: true; orderId: string }
  | { ok: false; fieldErrors?: Record<string, string>; message?: string; orderId?: string };

/** First message per path, `{ "client.email": "Required: an email address" }`. */
export function fieldErrorsFromZod(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || "(form)";
    out[path] ??= issue.message;
  }
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
