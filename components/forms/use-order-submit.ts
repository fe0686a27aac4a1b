"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { OrderActionResult } from "@/lib/orders/field-errors";
import { actionValues } from "@/lib/orders/form-normalise";
import type { FormStatusValue } from "./form-status";
import { applyServerFieldErrors, countFieldErrors, highlightedFieldsText } from "./server-errors";

/**
 * The submit flow of an order form: validate in the browser, send the result to the server action (which
 * validates it again with the same schema), then open the order, or put the errors on the fields.
 * The values stay in the form whatever happens.
 */
export function useOrderSubmit<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  action: (values: unknown) => Promise<OrderActionResult>,
  formFields: readonly string[],
  /** The service refused the order (final): the form moves on to a new order (see useResend). */
  onRefused?: (orderId: string) => void,
) {
  const router = useRouter();
  const [status, setStatus] = useState<FormStatusValue | null>(null);
  const [leaving, setLeaving] = useState(false);

  const onSubmit = form.handleSubmit(
    // What is sent is the schema's output: the request built from the fields the chosen method uses only,
    // so values left in fields a method switch hid never leave the browser; the amount goes as text.
    async (request) => {
      setStatus({ tone: "info", text: "Submitting the order to the payment service…" });
      let result: OrderActionResult;
      try {
        result = await action(actionValues(request));
      } catch {
        setStatus({
          tone: "error",
          text: "Could not reach the dashboard. Your input is kept: submit again (it cannot create a second order).",
        });
        return;
      }
      if (result.ok) {
        setLeaving(true);
        setStatus({ tone: "success", text: "Order created. Opening it…" });
        router.push(`/orders/${result.orderId}`);
        return;
      }
      if (result.refused && result.orderId) onRefused?.(result.orderId);
      const unplaced = applyServerFieldErrors(form, result.fieldErrors, formFields);
      const text = [result.message, ...unplaced].filter(Boolean).join(" ");
      setStatus({ tone: "error", text: text || "The order was not created.", orderId: result.orderId });
    },
    (errors) => setStatus({ tone: "error", text: highlightedFieldsText(countFieldErrors(errors)) }),
  );

  return { onSubmit, status, setStatus, pending: form.formState.isSubmitting || leaving };
}
