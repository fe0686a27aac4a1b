/**
 * The pay-out form's schema: the contract's pay-out request schema (with its per-method payoutDetails rules)
 * after the form conveniences of ./form-normalise.ts. The transform builds the request from the fields the
 * chosen method uses only, so values left in fields a method switch hid are never submitted, and the server
 * fills postbackUrl (the transform never carries one). Shared by the browser form and createPayoutAction.
 */
import { z } from "zod";
import {
  acceptedText,
  PAYOUT_DETAIL_FIELDS,
  PAYOUT_METHOD_INFO,
  PAYOUT_METHODS,
  type PayoutDetailField,
  type PayoutMethod,
  payoutRequestSchema,
} from "@/lib/contract";
import {
  amountNumber,
  amountTextSchema,
  bankIdNumber,
  compact,
  countryText,
  digitsOnly,
  expiryMonthText,
  expiryYearText,
  optionalText,
  phoneText,
} from "./form-normalise";
import { formFieldPaths } from "./form-fields";

export const payoutSubmissionSchema = payoutRequestSchema;
export type PayoutSubmission = z.output<typeof payoutSubmissionSchema>;

/** Typed text; NUL and unpaired surrogates are refused here, naming the field (lib/contract/text.ts). */
const text = z.string().check(acceptedText()).optional();

const payoutFormValuesSchema = z.object({
  paymentId: text,
  paymentMethod: z.enum(PAYOUT_METHODS, "Choose a payment method"),
  client: z.object({ id: text, ip: text, email: text, tin: text, phone: text }).optional(),
  // Text only, judged on its digits (amountNumber): a number sent to the action has already lost them.
  amount: amountTextSchema,
  country: text,
  trafficType: text,
  bankId: z.union([z.string(), z.number()]).optional(),
  payoutDetails: z.object(Object.fromEntries(PAYOUT_DETAIL_FIELDS.map((f) => [f, text]))).optional(),
});
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
  return compact({
    paymentId: optionalText(v.paymentId),
    client: compact({
      id: optionalText(c.id),
      ip: optionalText(c.ip),
      email: optionalText(c.email),
      tin: pix ? optionalText(c.tin) : undefined,
      phone: pix ? phoneText(c.phone) : undefined,
    }),
    amount: amountNumber(v.amount),
    country: countryText(v.country),
    paymentMethod: method,
    trafficType: optionalText(v.trafficType),
    bankId: info.usesBankId ? bankIdNumber(v.bankId) : undefined,
    payoutDetails: Object.keys(details).length > 0 ? details : undefined,
  });
}

export const payoutFormSchema = payoutFormValuesSchema
  .transform(payoutRequestFromForm)
  .pipe(payoutSubmissionSchema);

/**
 * Every field name the pay-out form shows (for placing server-side errors on fields); paymentId is a hidden
 * input, so an error about it goes to the form's message.
 */
export const PAYOUT_FORM_FIELDS = formFieldPaths(payoutFormValuesSchema, ["paymentId"]);

export function defaultPayoutFormValues(paymentMethod: PayoutMethod = "Card", paymentId = "") {
  return {
    paymentId,
    paymentMethod,
    client: { id: "", ip: "", email: "", tin: "", phone: "" },
    amount: "",
    country: PAYOUT_METHOD_INFO[paymentMethod].defaultCountry,
    trafficType: "ALL",
    bankId: "",
    payoutDetails: Object.fromEntries(PAYOUT_DETAIL_FIELDS.map((f) => [f, ""])) as Record<
      PayoutDetailField,
      string
    >,
  } satisfies PayoutFormValues;
}
