"use client";

import { ClientBaseFields } from "@/components/forms/order-fields";
import { methodOptions, OrderFormFrame, type OrderFormLook } from "@/components/forms/order-form-frame";
import { type OrderFormKind, type OrderFormProps, useOrderForm } from "@/components/forms/use-order-form";
import { createPayoutAction } from "@/lib/actions/create-payout-action";
import { PAYOUT_METHOD_INFO, PAYOUT_METHODS, type PayoutMethod } from "@/lib/contract";
import {
  defaultPayoutFormValues,
  PAYOUT_FORM_FIELDS,
  payoutFormSchema,
} from "@/lib/orders/payout-form-schema";
import { PAYOUT_METHOD_FIELDS, PAYOUT_METHOD_HINTS } from "./method-fields";

const PAYOUT_FORM = {
  schema: payoutFormSchema,
  emptyValues: (method: PayoutMethod) => defaultPayoutFormValues(method),
  action: createPayoutAction,
  formFields: PAYOUT_FORM_FIELDS,
  methodInfo: PAYOUT_METHOD_INFO,
  methodDependentFields: ["bankId", "payoutDetails", "client.tin", "client.phone"],
} satisfies OrderFormKind<typeof payoutFormSchema, PayoutMethod>;

const PAYOUT_LOOK: OrderFormLook<PayoutMethod> = {
  label: "New pay-out order",
  submitText: "Create pay-out",
  direction: "payout",
  methods: methodOptions(PAYOUT_METHODS, PAYOUT_METHOD_INFO),
  methodHints: PAYOUT_METHOD_HINTS,
  methodFields: PAYOUT_METHOD_FIELDS,
  methodLegend: (method) => `Recipient · ${PAYOUT_METHOD_INFO[method].label}`,
};

/** /payouts/new: the pay-out order form. The payment method decides which recipient details show. */
export function PayoutForm({
  initialMethod = "Card",
  sandbox = false,
  ...props
}: { sandbox?: boolean } & Partial<OrderFormProps<typeof payoutFormSchema, PayoutMethod>>) {
  const order = useOrderForm(PAYOUT_FORM, { initialMethod, ...props });
  return (
    <OrderFormFrame order={order} look={PAYOUT_LOOK} sandbox={sandbox}>
      <fieldset>
        <legend>Client</legend>
        <ClientBaseFields />
      </fieldset>
    </OrderFormFrame>
  );
}
