"use client";

import { FormProvider, useWatch } from "react-hook-form";
import { CheckboxField, SelectField, TextField } from "@/components/forms/field";
import { FormStatus, SubmitButton } from "@/components/forms/form-status";
import formStyles from "@/components/forms/forms.module.css";
import {
  AmountCountryFields,
  ClientBaseFields,
  ClientPhoneField,
  PaymentIdNote,
} from "@/components/forms/order-fields";
import { useLiveCountryCheck } from "@/components/forms/use-live-country-check";
import { useMethodSwitch } from "@/components/forms/use-method-switch";
import { useOrderSubmit } from "@/components/forms/use-order-submit";
import { usePaymentIdOnce } from "@/components/forms/use-payment-id";
import { useResend } from "@/components/forms/use-resend";
import { useZodForm } from "@/components/forms/use-zod-form";
import { createPayinAction } from "@/lib/actions/create-payin-action";
import { PAYIN_METHOD_INFO, PAYIN_METHODS, type PayinMethod } from "@/lib/contract";
import { defaultPayinFormValues, PAYIN_FORM_FIELDS, payinFormSchema } from "@/lib/orders/payin-form-schema";
import { PAYIN_METHOD_FIELDS, PAYIN_METHOD_HINTS } from "./method-fields";

const METHOD_OPTIONS = PAYIN_METHODS.map((m) => ({
  value: m,
  label: PAYIN_METHOD_INFO[m].label === m ? m : `${PAYIN_METHOD_INFO[m].label} (${m})`,
}));

/** Fields whose errors a method switch clears. */
const METHOD_DEPENDENT_FIELDS = ["bankId"] as const;

/** /payins/new: the pay-in order form. The payment method decides which fields show. */
export function PayinForm({
  initialMethod = "SBP",
  defaultValues,
  resendOf,
}: {
  initialMethod?: PayinMethod;
  /** "Fix and resend": the refused order's values (lib/orders/resend-prefill.ts) and its id. */
  defaultValues?: ReturnType<typeof defaultPayinFormValues>;
  resendOf?: string;
}) {
  const form = useZodForm(payinFormSchema, {
    defaultValues: defaultValues ?? defaultPayinFormValues(initialMethod),
  });
  const { send, onRefused } = useResend(form, createPayinAction, resendOf);
  usePaymentIdOnce(form);
  const method = useWatch({ control: form.control, name: "paymentMethod" });
  const paymentId = useWatch({ control: form.control, name: "paymentId" });
  const country = useWatch({ control: form.control, name: "country" });
  const { onSubmit, status, setStatus, pending } = useOrderSubmit(form, send, PAYIN_FORM_FIELDS, onRefused);
  useMethodSwitch(form, method, PAYIN_METHOD_INFO[method].defaultCountry, METHOD_DEPENDENT_FIELDS, () =>
    setStatus(null),
  );
  useLiveCountryCheck(form, method, country);
  const MethodFields = PAYIN_METHOD_FIELDS[method];

  return (
    <FormProvider {...form}>
      <form
        className={`form ${formStyles.orderForm}`}
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-label="New pay-in order"
      >
        <input type="hidden" {...form.register("paymentId")} />
        <fieldset>
          <legend>Payment</legend>
          <SelectField
            name="paymentMethod"
            label="Payment method"
            options={METHOD_OPTIONS}
            hint={PAYIN_METHOD_HINTS[method]}
          />
        </fieldset>
        <fieldset>
          <legend>Amount</legend>
          <AmountCountryFields direction="payin" method={method} />
          <CheckboxField
            name="addRandomCents"
            label="Add random cents"
            hint="The service adds 0.01–0.99 so the payment can be matched; the customer pays the final amount."
          />
        </fieldset>
        <fieldset data-method={method}>
          <legend>{PAYIN_METHOD_INFO[method].label}</legend>
          <MethodFields method={method} />
        </fieldset>
        <fieldset>
          <legend>Client</legend>
          <ClientBaseFields />
          <ClientPhoneField optional />
          <TextField name="client.firstName" label="First name" autoComplete="off" optional />
          <TextField name="client.lastName" label="Last name" autoComplete="off" optional />
        </fieldset>
        <div className={formStyles.actions}>
          <SubmitButton pending={pending} ready={Boolean(paymentId)}>
            Create pay-in
          </SubmitButton>
          <FormStatus status={status} />
        </div>
        <PaymentIdNote paymentId={paymentId} />
      </form>
    </FormProvider>
  );
}
