"use client";

import { CheckboxField, TextField } from "@/components/forms/field";
import { ClientBaseFields, ClientPhoneField } from "@/components/forms/order-fields";
import { methodOptions, OrderFormFrame, type OrderFormLook } from "@/components/forms/order-form-frame";
import { type OrderFormKind, type OrderFormProps, useOrderForm } from "@/components/forms/use-order-form";
import { createPayinAction } from "@/lib/actions/create-payin-action";
import { PAYIN_METHOD_INFO, PAYIN_METHODS, type PayinMethod } from "@/lib/contract";
import { defaultPayinFormValues, PAYIN_FORM_FIELDS, payinFormSchema } from "@/lib/orders/payin-form-schema";
import { PAYIN_METHOD_FIELDS, PAYIN_METHOD_HINTS } from "./method-fields";

const PAYIN_FORM = {
  schema: payinFormSchema,
  emptyValues: (method: PayinMethod) => defaultPayinFormValues(method),
  action: createPayinAction,
  formFields: PAYIN_FORM_FIELDS,
  methodInfo: PAYIN_METHOD_INFO,
  methodDependentFields: ["bankId"],
} satisfies OrderFormKind<typeof payinFormSchema, PayinMethod>;

const PAYIN_LOOK: OrderFormLook<PayinMethod> = {
  label: "New pay-in order",
  submitText: "Create pay-in",
  direction: "payin",
  methods: methodOptions(PAYIN_METHODS, PAYIN_METHOD_INFO),
  methodHints: PAYIN_METHOD_HINTS,
  methodFields: PAYIN_METHOD_FIELDS,
  methodLegend: (method) => PAYIN_METHOD_INFO[method].label,
};

/** /payins/new: the pay-in order form. The payment method decides which fields show. */
export function PayinForm({
  initialMethod = "SBP",
  sandbox = false,
  ...props
}: { sandbox?: boolean } & Partial<OrderFormProps<typeof payinFormSchema, PayinMethod>>) {
  const order = useOrderForm(PAYIN_FORM, { initialMethod, ...props });
  return (
    <OrderFormFrame
      order={order}
      look={PAYIN_LOOK}
      sandbox={sandbox}
      amountExtra={
        <CheckboxField
          name="addRandomCents"
          label="Add random cents"
          hint="The service adds 0.01–0.99 so the payment can be matched; the customer pays the final amount."
        />
      }
    >
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
