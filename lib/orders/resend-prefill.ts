/**
 * "Fix and resend": the create form's values rebuilt from a refused order's stored request, so only what the
 * service refused needs changing. There is no paymentId (the form makes a new one) and never a card number:
 * only its mask was stored, and a mask is not sent to the browser as a value — the card is typed again.
 * Pure: the server page builds these and hands them to the form.
 */
import {
  isPayinMethod,
  isRecord,
  isPayoutMethod,
  PAYOUT_DETAIL_FIELDS,
  type PayinMethod,
  type PayoutDetailField,
  type PayoutMethod,
} from "@/lib/contract";
import { defaultPayinFormValues } from "./payin-form-schema";
import { defaultPayoutFormValues } from "./payout-form-schema";

type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return isRecord(value) ? value : {};
}

/** A stored scalar as the text a form field holds ("" when absent). */
function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/**
 * The pay-in form's values for resending `request`. `amount`: the order's two-decimal amount ("5.00"), not
 * the JSON number, so the form shows what was asked for exactly.
 */
export function payinValuesFromRequest(request: Json, amount: string) {
  const method = text(request.paymentMethod);
  const base = defaultPayinFormValues(isPayinMethod(method) ? (method as PayinMethod) : undefined);
  const client = record(request.client);
  return {
    ...base,
    client: Object.fromEntries(Object.keys(base.client).map((k) => [k, text(client[k])])),
    amount,
    country: text(request.country) || base.country,
    trafficType: text(request.trafficType) || base.trafficType,
    bankId: text(request.bankId),
    addRandomCents: request.addRandomCents === true,
  };
}

/** The pay-out form's values for resending `request`; the card number is left empty, to be typed again. */
export function payoutValuesFromRequest(request: Json, amount: string) {
  const method = text(request.paymentMethod);
  const base = defaultPayoutFormValues(isPayoutMethod(method) ? (method as PayoutMethod) : undefined);
  const client = record(request.client);
  const details = record(request.payoutDetails);
  return {
    ...base,
    client: {
      id: text(client.id),
      ip: text(client.ip),
      email: text(client.email),
      tin: text(client.tin),
      phone: text(client.phone),
    },
    amount,
    country: text(request.country) || base.country,
    trafficType: text(request.trafficType) || base.trafficType,
    bankId: text(request.bankId),
    payoutDetails: Object.fromEntries(
      PAYOUT_DETAIL_FIELDS.map((f) => [f, f === "ccNo" ? "" : text(details[f])]),
    ) as Record<PayoutDetailField, string>,
  };
}

/** The masked card number of a stored card pay-out request ("411111******1111"), or null. */
export function storedCardMask(request: Json): string | null {
  const ccNo = record(request.payoutDetails).ccNo;
  return typeof ccNo === "string" ? ccNo : null;
}
