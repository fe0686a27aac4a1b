"use client";

import { useCallback } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useWatch,
} from "react-hook-form";
import type { z } from "zod";
import type { OrderActionResult } from "@/lib/orders/field-errors";
import type { CreateOptionsInput } from "@/lib/orders/resend-schema";
import type { FormStatusValue } from "./form-status";
import { useLiveCountryCheck } from "./use-live-country-check";
import { useMethodSwitch } from "./use-method-switch";
import { useOrderSubmit } from "./use-order-submit";
import { usePaymentIdOnce } from "./use-payment-id";
import { useResend } from "./use-resend";
import { useZodForm } from "./use-zod-form";

/** The fields every order form has, under these names. */
export type OrderFormFields = FieldValues & { paymentMethod: string; paymentId?: string; country?: string };
/** An order form's schema: its input is the fields' values, its output the request the action gets. */
export type OrderFormSchema = z.ZodType<unknown, OrderFormFields>;

/** What makes an order form a pay-in or a pay-out form. */
export interface OrderFormKind<S extends OrderFormSchema, M extends string> {
  schema: S;
  /** An empty form for a method (its paymentId still to be generated). */
  emptyValues: (method: M) => DefaultValues<z.input<S>>;
  /** The create action (a server action), called with the request and the "Fix and resend" options. */
  action: (values: unknown, options?: CreateOptionsInput) => Promise<OrderActionResult>;
  /** Every field name the form shows, for putting the server's field errors on them. */
  formFields: readonly string[];
  /** Each method's usual country, which the country follows on a method switch. */
  methodInfo: Record<M, { defaultCountry: string }>;
  /** Fields whose errors a method switch clears. */
  methodDependentFields: readonly string[];
}

/** The props of an order form (what its page gives it). */
export interface OrderFormProps<S extends OrderFormSchema, M extends string> {
  /** The method an empty form starts with (`?method=`). */
  initialMethod: M;
  /** "Fix and resend": the refused order's values (lib/orders/resend-prefill.ts) and its id. */
  defaultValues?: DefaultValues<z.input<S>>;
  resendOf?: string;
}

export interface OrderForm<S extends OrderFormSchema, M extends string> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  /** The chosen payment method (the discriminator of the method's own fields). */
  method: M;
  /** The form's idempotency key; empty until generated in the browser. */
  paymentId: string;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  status: FormStatusValue | null;
  pending: boolean;
}

/**
 * What the pay-in and pay-out forms share: the zod form, its paymentId (once per mount, renewed after a
 * refusal for "Fix and resend"), the submit through the server action with its errors put on the fields,
 * the method switch (country follows, stale errors and status cleared) and the live country check.
 */
export function useOrderForm<S extends OrderFormSchema, M extends string>(
  { schema, emptyValues, action, formFields, methodInfo, methodDependentFields }: OrderFormKind<S, M>,
  { initialMethod, defaultValues, resendOf }: OrderFormProps<S, M>,
): OrderForm<S, M> {
  const form = useZodForm(schema, { defaultValues: defaultValues ?? emptyValues(initialMethod) });
  const { send, onRefused } = useResend(form, action, resendOf);
  usePaymentIdOnce(form);
  const { control } = form;
  const method = useWatch({ control, name: "paymentMethod" as Path<z.input<S>> }) as M;
  const paymentId = String(useWatch({ control, name: "paymentId" as Path<z.input<S>> }) ?? "");
  const country: unknown = useWatch({ control, name: "country" as Path<z.input<S>> });
  const { onSubmit, status, setStatus, pending } = useOrderSubmit(form, send, formFields, onRefused);
  const clearStatus = useCallback(() => setStatus(null), [setStatus]);
  useMethodSwitch(form, method, methodInfo[method].defaultCountry, methodDependentFields, clearStatus);
  useLiveCountryCheck(form, method, country);
  return { form, method, paymentId, onSubmit, status, pending };
}
