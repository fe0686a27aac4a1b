"use client";

import { FormProvider, useWatch } from "react-hook-form";
import { SelectField } from "@/components/forms/field";
import { FormStatus, SubmitButton } from "@/components/forms/form-status";
import formStyles from "@/components/forms/forms.module.css";
import { AmountCountryFields, ClientBaseFields, PaymentIdNote } from "@/components/forms/order-fields";
import { useLiveCountryCheck } from "@/components/forms/use-live-country-check";
import { useMethodSwitch } from "@/components/forms/use-method-switch";
import { useOrderSubmit } from "@/components/forms/use-order-submit";
import { usePaymentIdOnce } from "@/components/forms/use-payment-id";
import { useResend } from "@/components/forms/use-resend";
import { useZodForm } from "@/components/forms/use-zod-form";
import { createPayoutAction } from "@/lib/actions/create-payout-action";
import { PAYOUT_METHOD_INFO, PAYOUT_METHODS, type PayoutMethod } from "@/lib/contract";
import {
  defaultPayoutFormValues,
  PAYOUT_FORM_FIELDS,
  payoutFormSchema,
} from "@/lib/orders/payout-form-schema";
import { PAYOUT_METHOD_FIELDS, PAYOUT_METHOD_HINTS } from "./method-fields";

const METHOD_OPTIONS = PAYOUT_METHODS.map((m) => ({
  value: m,
  label: PAYOUT_METHOD_INFO[m].label === m ? m : `${PAYOUT_METHOD_INFO[m].label} (${m})`,
}));

/** Fields whose errors a method switch clears. */
const METHOD_DEPENDENT_FIELDS = ["bankId", "payoutDetails", "client.tin", "client.phone"] as const;

/** /payouts/new: the pay-out order form. The payment method decides which recipient details show. */
export function PayoutForm({
  initialMethod = "Card",
  defaultValues,
  resendOf,
}: {
  initialMethod?: PayoutMethod;
  /** "Fix and resend": the refused order's values (lib/orders/resend-prefill.ts) and its id. */
  defaultValues?: ReturnType<typeof defaultPayoutFormValues>;
  resendOf?: string;
}) {
  const form = useZodForm(payoutFormSchema, {
    defaultValues: defaultValues ?? defaultPayoutFormValues(initialMethod),
  });
  const { send, onRefused } = useResend(form, createPayoutAction, resendOf);
  usePaymentIdOnce(form);
  const method = useWatch({ control: form.control, name: "paymentMethod" });
  const paymentId = useWatch({ control: form.control, name: "paymentId" });
  const country = useWatch({ control: form.control, name: "country" });
  const { onSubmit, status, setStatus, pending } = useOrderSubmit(form, send, PAYOUT_FORM_FIELDS, onRefused);
  useMethodSwitch(form, method, PAYOUT_METHOD_INFO[method].defaultCountry, METHOD_DEPENDENT_FIELDS, () =>
    setStatus(null),
  );
  useLiveCountryCheck(form, method, country);
  const MethodFields = PAYOUT_METHOD_FIELDS[method];

  return (
    <FormProvider {...form}>
      <form
        className={`form ${formStyles.orderForm}`}
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-label="New pay-out order"
      >
        <input type="hidden" {...form.register("paymentId")} />
        <fieldset>
          <legend>Payment</legend>
          <SelectField
            name="paymentMethod"
            label="Payment method"
            options={METHOD_OPTIONS}
            hint={PAYOUT_METHOD_HINTS[method]}
          />
        </fieldset>
        <fieldset>
          <legend>Amount</legend>
          <AmountCountryFields direction="payout" method={method} />
        </fieldset>
        <fieldset data-method={method}>
          <legend>Recipient · {PAYOUT_METHOD_INFO[method].label}</legend>
          <MethodFields method={method} />
        </fieldset>
        <fieldset>
          <legend>Client</legend>
          <ClientBaseFields />
        </fieldset>
        <div className={formStyles.actions}>
          <SubmitButton pending={pending} ready={Boolean(paymentId)}>
            Create pay-out
          </SubmitButton>
          <FormStatus status={status} />
        </div>
        <PaymentIdNote paymentId={paymentId} />
      </form>
    </FormProvider>
  );
}
