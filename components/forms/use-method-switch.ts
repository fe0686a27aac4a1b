"use client";

import { useEffect, useRef } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";

/**
 * What a change of the payment method does to the rest of the form:
 * - errors of the fields that depend on the method are cleared (they may not even be shown any more);
 * - the country follows to the new method's usual one, unless the user chose a country other than the
 *   previous method's usual one.
 */
export function useMethodSwitch<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  method: string,
  defaultCountry: string,
  methodFields: readonly string[],
  onSwitch?: () => void,
): void {
  const previous = useRef({ method, defaultCountry });
  const { getValues, setValue, clearErrors } = form;
  useEffect(() => {
    const before = previous.current;
    if (before.method === method) return;
    previous.current = { method, defaultCountry };
    clearErrors(methodFields as Path<T>[]);
    const name = "country" as Path<T>;
    const current = String(getValues(name) ?? "")
      .trim()
      .toUpperCase();
    if (before.defaultCountry !== defaultCountry && (current === "" || current === before.defaultCountry)) {
      setValue(name, defaultCountry as PathValue<T, Path<T>>);
    }
    onSwitch?.();
  }, [method, defaultCountry, methodFields, getValues, setValue, clearErrors, onSwitch]);
}
