"use client";

import type { ComponentType, ReactNode } from "react";
import { FormProvider, type Path } from "react-hook-form";
import type { z } from "zod";
import type { Direction } from "@/lib/contract";
import { SelectField } from "./field";
import { FormStatus, SubmitButton } from "./form-status";
import styles from "./forms.module.css";
import { AmountCountryFields, PaymentIdNote } from "./order-fields";
import { SandboxTriggersHelp } from "./sandbox-triggers";
import { useAmountAsSent } from "./use-amount-as-sent";
import type { OrderForm, OrderFormSchema } from "./use-order-form";

/** The method select's options: the method's label with its contract name, or the name alone. */
export function methodOptions<M extends string>(
  methods: readonly M[],
  info: Record<M, { label: string }>,
): { value: M; label: string }[] {
  return methods.map((m) => ({ value: m, label: info[m].label === m ? m : `${info[m].label} (${m})` }));
}

/** A method's own fields: `sandbox` when the dashboard runs on the sandbox (test recipients say what they do). */
export interface MethodFieldsProps<M extends string> {
  method: M;
  sandbox: boolean;
}

/** What tells the pay-in form from the pay-out form on screen. */
export interface OrderFormLook<M extends string> {
  /** The form's accessible name ("New pay-in order"). */
  label: string;
  submitText: string;
  direction: Direction;
  methods: readonly { value: M; label: string }[];
  /** What each method does, under the select. */
  methodHints: Record<M, string>;
  /** Each method's own fields (the discriminator picks one). */
  methodFields: Record<M, ComponentType<MethodFieldsProps<M>>>;
  /** The legend of the chosen method's fieldset. */
  methodLegend: (method: M) => string;
}

/**
 * An order form: the hidden paymentId, the payment method first, the amount (with `amountExtra`), the chosen
 * method's own fields, then the form's own fieldsets (`children`), the submit button with the status line,
 * and the paymentId note. On the sandbox (`sandbox`), the amount says which test trigger its cents set off,
 * and a disclosure lists them.
 */
export function OrderFormFrame<S extends OrderFormSchema, M extends string>({
  order,
  look,
  amountExtra,
  sandbox = false,
  children,
}: {
  order: OrderForm<S, M>;
  look: OrderFormLook<M>;
  amountExtra?: ReactNode;
  sandbox?: boolean;
  children: ReactNode;
}) {
  const { form, onSubmit, pending, paymentId, status, method } = order;
  const MethodFields: ComponentType<MethodFieldsProps<M>> = look.methodFields[method];
  return (
    <FormProvider {...form}>
      <form
        className={`form ${styles.orderForm}`}
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-label={look.label}
      >
        <input type="hidden" {...form.register("paymentId" as Path<z.input<S>>)} />
        <fieldset>
          <legend>Payment</legend>
          <SelectField
            name="paymentMethod"
            label="Payment method"
            options={look.methods}
            hint={look.methodHints[method]}
          />
        </fieldset>
        <fieldset>
          <legend>Amount</legend>
          <AmountCountryFields direction={look.direction} method={method} sandbox={sandbox} />
          {amountExtra}
          {sandbox && <SandboxTriggersHelp direction={look.direction} />}
        </fieldset>
        <fieldset data-method={method}>
          <legend>{look.methodLegend(method)}</legend>
          <MethodFields method={method} sandbox={sandbox} />
        </fieldset>
        {children}
        <div className={styles.actions}>
          <OrderSubmitButton look={look} method={method} pending={pending} ready={paymentId !== ""} />
          <FormStatus status={status} />
        </div>
        <PaymentIdNote paymentId={paymentId} />
      </form>
    </FormProvider>
  );
}

/** The create button, saying the amount as it will be sent ("Create pay-out of 49 999,00 ₽") once it reads. */
function OrderSubmitButton<M extends string>(p: {
  look: OrderFormLook<M>;
  method: M;
  pending: boolean;
  ready: boolean;
}) {
  const asSent = useAmountAsSent(p.look.direction, p.method);
  return (
    <SubmitButton pending={p.pending} ready={p.ready}>
      {asSent ? `${p.look.submitText} of ${asSent}` : p.look.submitText}
    </SubmitButton>
  );
}
