"use client";

import { useEffect } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";

/**
 * Gives the form its paymentId once per mount (crypto.randomUUID, in the browser after hydration, so the
 * server HTML and the client agree). Every submit and retry of this form then reuses it: a double click or
 * a resubmit after an error can never make two orders.
 */
export function usePaymentIdOnce<T extends FieldValues & { paymentId?: string }, C, O>(
  form: UseFormReturn<T, C, O>,
): void {
  const { getValues, setValue } = form;
  useEffect(() => {
    const name = "paymentId" as Path<T>;
    if (!getValues(name)) setValue(name, crypto.randomUUID() as PathValue<T, Path<T>>);
  }, [getValues, setValue]);
}
