"use client";

import { useEffect } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

/**
 * Judges the country as soon as it is a whole code, and again whenever the method changes, so a country
 * the method does not serve (SBP with BR) is named at the field at once rather than on submit.
 */
export function useLiveCountryCheck<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  method: string,
  country: unknown,
): void {
  const { trigger } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new method is a new rule for the same country
  useEffect(() => {
    const code = String(country ?? "").trim();
    // A code still being typed is judged on submit (or once it has an error, on every change).
    if (code.length === 2) void trigger("country" as Path<T>);
  }, [method, country, trigger]);
}
