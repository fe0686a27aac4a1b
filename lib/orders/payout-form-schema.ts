/**
 * The pay-out form's schema: the contract's pay-out request schema (with its per-method payoutDetails rules)
 * after the form conveniences of ./form-normalise.ts. The transform builds the request from the fields the
 * chosen method uses only, so values left in fields a method switch hid are never submitted, and the server
 * fills postbackUrl (the transform never carries one). Shared by the browser form and createPayoutAction.
 */
import { z } from "zod";
import { plainTransform } from "@/lib/contract/custom-check";
import {
  PAYOUT_DETAIL_FIELDS,
  PAYOUT_METHOD_INFO,
  PAYOUT_METHODS,
  type PayoutDetailField,
  type PayoutMethod,
  payoutRequestSchema,
} from "@/lib/contract";
import { formFieldPaths } from "./form-fields";
import {
  compact,
  digitsOnly,
  expiryMonthText,
  expiryYearText,
  optionalText,
  phoneText,
} from "./form-normalise";
import {
  blankOrderFormValues,
  formText,
  orderFormValuesSchema,
  orderRequestFromForm,
} from "./order-form-base";

export const payoutSubmissionSchema = payoutRequestSchema;
export type PayoutSubmission = z.output<typeof payoutSubmissionSchema>;

const payoutFormValuesSchema = orderFormValuesSchema(
  PAYOUT_METHODS,
  { tin: formText, phone: formText },
  { payoutDetails: z.object(Object.fromEntries(PAYOUT_DETAIL_FIELDS.map((f) => [f, formText]))).optional() },
);
export type PayoutFormValues = z.input<typeof payoutFormValuesSchema>;

/** The client's Pix fields (tin, phone) belong to the PIX_OUT_* methods only. */
export function usesPixClientFields(method: PayoutMethod): boolean {
  const info = PAYOUT_METHOD_INFO[method];
  return info.requiresTin || info.requiresClientPhone;
}

/** The payoutDetails fields the method's branch of the form shows. */
export function payoutDetailFieldsOf(method: PayoutMethod): readonly PayoutDetailField[] {
  const info = PAYOUT_METHOD_INFO[method];
  return [...info.requiredDetails, ...info.optionalDetails];
}

const DETAIL_NORMALISERS: Record<PayoutDetailField, (v: string | undefined) => string | undefined> = {
  ccNo: digitsOnly,
  ccHolderName: optionalText,
  ccExpirationMonth: expiryMonthText,
  ccExpirationYear: expiryYearText,
  phoneNumber: phoneText,
  payeeName: optionalText,
  bankAccountNo: (v) => digitsOnly(v)?.toUpperCase(),
  evp: (v) => optionalText(v)?.toLowerCase(),
};

/** A recipient detail as the form will send it (typed "+7 (900) 000-00-13" is sent "+79000000013"). */
export function payoutDetailAsSent(field: PayoutDetailField, typed: string | undefined): string | undefined {
  return DETAIL_NORMALISERS[field](typed);
}

export function payoutRequestFromForm(v: z.output<typeof payoutFormValuesSchema>): Record<string, unknown> {
  const method = v.paymentMethod;
  const info = PAYOUT_METHOD_INFO[method];
  const c = v.client ?? {};
  const pix = usesPixClientFields(method);
  const details = compact(
    Object.fromEntries(
      payoutDetailFieldsOf(method).map((field) => [
        field,
        DETAIL_NORMALISERS[field](v.payoutDetails?.[field]),
      ]),
    ),
  );
  return orderRequestFromForm(
    v,
    info.usesBankId,
    { tin: pix ? optionalText(c.tin) : undefined, phone: pix ? phoneText(c.phone) : undefined },
    { payoutDetails: Object.keys(details).length > 0 ? details : undefined },
  );
}

export const payoutFormSchema = payoutFormValuesSchema
  // Not .transform(): see lib/contract/custom-check.ts.
  .pipe(plainTransform(payoutRequestFromForm))
  .pipe(payoutSubmissionSchema);

/**
 * Every field name the pay-out form shows (for placing server-side errors on fields); paymentId is a hidden
 * input, so an error about it goes to the form's message.
 */
export const PAYOUT_FORM_FIELDS = formFieldPaths(payoutFormValuesSchema, ["paymentId"]);

export function defaultPayoutFormValues(paymentMethod: PayoutMethod = "Card", paymentId = "") {
  return blankOrderFormValues(
    paymentMethod,
    paymentId,
    PAYOUT_METHOD_INFO[paymentMethod].defaultCountry,
    ["tin", "phone"],
    {
      payoutDetails: Object.fromEntries(PAYOUT_DETAIL_FIELDS.map((f) => [f, ""])) as Record<
        PayoutDetailField,
        string
      >,
    },
  ) satisfies PayoutFormValues;
}
