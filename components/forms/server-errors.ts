"use client";

import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

/**
 * Puts the server's field errors on the form's fields (the names are the contract's paths) and focuses the
 * first. Returns the errors no visible field shows, as "path: message" lines for the status line.
 */
export function applyServerFieldErrors<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  fieldErrors: Record<string, string> | undefined,
  formFields: readonly string[],
): string[] {
  const unplaced: string[] = [];
  let first: string | undefined;
  const known = new Set(formFields);
  for (const [name, message] of Object.entries(fieldErrors ?? {})) {
    const shown = known.has(name) && document.querySelector(`[data-field="${CSS.escape(name)}"]`) !== null;
    if (!shown) {
      unplaced.push(`${name}: ${message}`);
      continue;
    }
    form.setError(name as Path<T>, { type: "server", message });
    first ??= name;
  }
  if (first) form.setFocus(first as Path<T>);
  return unplaced;
}

/** "Check the 3 highlighted fields." */
export function highlightedFieldsText(count: number): string {
  return count === 1 ? "Check the highlighted field." : `Check the ${count} highlighted fields.`;
}

/** How many fields carry an error in react-hook-form's nested errors object. */
export function countFieldErrors(errors: object): number {
  let n = 0;
  for (const value of Object.values(errors)) {
    if (value && typeof value === "object") {
      n += typeof (value as { message?: unknown }).message === "string" ? 1 : countFieldErrors(value);
    }
  }
  return n;
}
