"use client";

import { AmountCountryFields, ClientBaseFields } from "@/components/forms/order-fields";
import { methodOptions, OrderFormFrame } from "@/components/forms/order-form-frame";
import { useOrderForm } from "@/components/forms/use-order-form";
import { createPayoutAction } from "@/lib/actions/create-payout-action";
import { PAYOUT_METHOD_INFO, PAYOUT_METHODS, type PayoutMethod } from "@/lib/contract";
import {
  defaultPayoutFormValues,
  PAYOUT_FORM_FIELDS,
  payoutFormSchema,
} from "@/lib/orders/payout-form-schema";
import { PAYOUT_METHOD_FIELDS, PAYOUT_METHOD_HINTS } from "./method-fields";

const METHOD_OPTIONS = methodOptions(PAYOUT_METHODS, PAYOUT_METHOD_INFO);

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
  const order = useOrderForm({
    schema: payoutFormSchema,
    defaultValues: defaultValues ?? defaultPayoutFormValues(initialMethod),
    action: createPayoutAction,
    formFields: PAYOUT_FORM_FIELDS,
    methodInfo: PAYOUT_METHOD_INFO,
    methodDependentFields: METHOD_DEPENDENT_FIELDS,
    resendOf,
  });
  const { method } = order;
  const MethodFields = PAYOUT_METHOD_FIELDS[method];

  return (
    <OrderFormFrame
      order={order}
      label="New pay-out order"
      methods={METHOD_OPTIONS}
      methodHint={PAYOUT_METHOD_HINTS[method]}
      submitText="Create pay-out"
    >
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
    </OrderFormFrame>
  );
}
