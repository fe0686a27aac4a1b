"use client";

import type { ReactNode } from "react";
import { FormProvider, type Path } from "react-hook-form";
import type { z } from "zod";
import { SelectField } from "./field";
import { FormStatus, SubmitButton } from "./form-status";
import styles from "./forms.module.css";
import { PaymentIdNote } from "./order-fields";
import type { OrderForm, OrderFormSchema } from "./use-order-form";

/** The method select's options: the method's label with its contract name, or the name alone. */
export function methodOptions<M extends string>(
  methods: readonly M[],
  info: Record<M, { label: string }>,
): { value: M; label: string }[] {
  return methods.map((m) => ({ value: m, label: info[m].label === m ? m : `${info[m].label} (${m})` }));
}

/**
 * An order form around its own fieldsets (`children`): the hidden paymentId, the payment method first, the
 * submit button with the status line, and the paymentId note.
 */
export function OrderFormFrame<S extends OrderFormSchema, M extends string>({
  order,
  label,
  methods,
  methodHint,
  submitText,
  children,
}: {
  order: OrderForm<S, M>;
  /** The form's accessible name ("New pay-in order"). */
  label: string;
  methods: readonly { value: M; label: string }[];
  /** What the chosen method does, under the select. */
  methodHint: string;
  submitText: string;
  children: ReactNode;
}) {
  const { form, onSubmit, pending, paymentId, status } = order;
  return (
    <FormProvider {...form}>
      <form
        className={`form ${styles.orderForm}`}
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-label={label}
      >
        <input type="hidden" {...form.register("paymentId" as Path<z.input<S>>)} />
        <fieldset>
          <legend>Payment</legend>
          <SelectField name="paymentMethod" label="Payment method" options={methods} hint={methodHint} />
        </fieldset>
        {children}
        <div className={styles.actions}>
          <SubmitButton pending={pending} ready={paymentId !== ""}>
            {submitText}
          </SubmitButton>
          <FormStatus status={status} />
        </div>
        <PaymentIdNote paymentId={paymentId} />
      </form>
    </FormProvider>
  );
}
