"use client";

import { CheckboxField, TextField } from "@/components/forms/field";
import { AmountCountryFields, ClientBaseFields, ClientPhoneField } from "@/components/forms/order-fields";
import { methodOptions, OrderFormFrame } from "@/components/forms/order-form-frame";
import { type OrderFormKind, type OrderFormProps, useOrderForm } from "@/components/forms/use-order-form";
import { createPayinAction } from "@/lib/actions/create-payin-action";
import { PAYIN_METHOD_INFO, PAYIN_METHODS, type PayinMethod } from "@/lib/contract";
import { defaultPayinFormValues, PAYIN_FORM_FIELDS, payinFormSchema } from "@/lib/orders/payin-form-schema";
import { PAYIN_METHOD_FIELDS, PAYIN_METHOD_HINTS } from "./method-fields";

const METHOD_OPTIONS = methodOptions(PAYIN_METHODS, PAYIN_METHOD_INFO);

const PAYIN_FORM = {
  schema: payinFormSchema,
  emptyValues: (method: PayinMethod) => defaultPayinFormValues(method),
  action: createPayinAction,
  formFields: PAYIN_FORM_FIELDS,
  methodInfo: PAYIN_METHOD_INFO,
  methodDependentFields: ["bankId"],
} satisfies OrderFormKind<typeof payinFormSchema, PayinMethod>;

/** /payins/new: the pay-in order form. The payment method decides which fields show. */
export function PayinForm({
  initialMethod = "SBP",
  ...props
}: Partial<OrderFormProps<typeof payinFormSchema, PayinMethod>>) {
  const order = useOrderForm(PAYIN_FORM, { initialMethod, ...props });
  const { method } = order;
  const MethodFields = PAYIN_METHOD_FIELDS[method];

  return (
    <OrderFormFrame
      order={order}
      label="New pay-in order"
      methods={METHOD_OPTIONS}
      methodHint={PAYIN_METHOD_HINTS[method]}
      submitText="Create pay-in"
    >
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
    </OrderFormFrame>
  );
}
