"use client";

import { AmountCountryFields, ClientBaseFields } from "@/components/forms/order-fields";
import { methodOptions, OrderFormFrame } from "@/components/forms/order-form-frame";
import { type OrderFormKind, type OrderFormProps, useOrderForm } from "@/components/forms/use-order-form";
import { createPayoutAction } from "@/lib/actions/create-payout-action";
import { PAYOUT_METHOD_INFO, PAYOUT_METHODS, type PayoutMethod } from "@/lib/contract";
import {
  defaultPayoutFormValues,
  PAYOUT_FORM_FIELDS,
  payoutFormSchema,
} from "@/lib/orders/payout-form-schema";
import { PAYOUT_METHOD_FIELDS, PAYOUT_METHOD_HINTS } from "./method-fields";

const METHOD_OPTIONS = methodOptions(PAYOUT_METHODS, PAYOUT_METHOD_INFO);

const PAYOUT_FORM = {
  schema: payoutFormSchema,
  emptyValues: (method: PayoutMethod) => defaultPayoutFormValues(method),
  action: createPayoutAction,
  formFields: PAYOUT_FORM_FIELDS,
  methodInfo: PAYOUT_METHOD_INFO,
  methodDependentFields: ["bankId", "payoutDetails", "client.tin", "client.phone"],
} satisfies OrderFormKind<typeof payoutFormSchema, PayoutMethod>;

/** /payouts/new: the pay-out order form. The payment method decides which recipient details show. */
export function PayoutForm({
  initialMethod = "Card",
  ...props
}: Partial<OrderFormProps<typeof payoutFormSchema, PayoutMethod>>) {
  const order = useOrderForm(PAYOUT_FORM, { initialMethod, ...props });
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
