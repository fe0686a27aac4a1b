"use client";

import { useCallback, useState } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import type { OrderActionResult } from "@/lib/orders/field-errors";
import type { CreateOptionsInput } from "@/lib/orders/resend-schema";

/**
 * "Fix and resend" in a create form. The form starts from a refused order (`initialResendOf`) or meets a
 * refusal on submit; either way the next submit is a new order: a new paymentId, linked to the refused one
 * (a refused order is final, its paymentId is never sent again).
 */
export function useResend<T extends FieldValues & { paymentId?: string }, C, O>(
  form: UseFormReturn<T, C, O>,
  action: (values: unknown, options?: CreateOptionsInput) => Promise<OrderActionResult>,
  initialResendOf: string | undefined,
) {
  const [resendOf, setResendOf] = useState(initialResendOf);
  const { setValue } = form;
  const send = useCallback(
    (values: unknown) => action(values, resendOf ? { resendOf } : {}),
    [action, resendOf],
  );
  const onRefused = useCallback(
    (orderId: string) => {
      setValue("paymentId" as Path<T>, crypto.randomUUID() as PathValue<T, Path<T>>);
      setResendOf(orderId);
    },
    [setValue],
  );
  return { send, onRefused };
}
