/**
 * The pay-in form's schema: the contract's pay-in request schema, minus what the server fills (postbackUrl),
 * after the form conveniences of ./form-normalise.ts. The browser form (resolver) and the server action
 * (createPayinAction) parse with this same schema; field names are the contract's paths ("client.email").
 */
import { z } from "zod";
import {
  acceptedText,
  PAYIN_METHOD_INFO,
  PAYIN_METHODS,
  type PayinMethod,
  payinRequestObject,
  withPayinRules,
} from "@/lib/contract";
import {
  amountNumber,
  amountTextSchema,
  bankIdNumber,
  compact,
  countryText,
  optionalText,
  phoneText,
} from "./form-normalise";
import { formFieldPaths } from "./form-fields";

/** Everything the server fills in itself (postbackUrl) left out; the contract's rules across fields kept. */
export const payinSubmissionSchema = withPayinRules(payinRequestObject.omit({ postbackUrl: true }));
export type PayinSubmission = z.output<typeof payinSubmissionSchema>;

/** Typed text; NUL and unpaired surrogates are refused here, naming the field (lib/contract/text.ts). */
const text = z.string().check(acceptedText()).optional();

/** The form's raw values: text as typed (the method select and checkbox aside). */
const payinFormValuesSchema = z.object({
  paymentId: text,
  paymentMethod: z.enum(PAYIN_METHODS, "Choose a payment method"),
  client: z
    .object({ id: text, ip: text, email: text, phone: text, firstName: text, lastName: text })
    .optional(),
  // Text only, judged on its digits (amountNumber): a number sent to the action has already lost them.
  amount: amountTextSchema,
  country: text,
  trafficType: text,
  bankId: z.union([z.string(), z.number()]).optional(),
  addRandomCents: z.boolean().optional(),
});
export type PayinFormValues = z.input<typeof payinFormValuesSchema>;

/** Form values → the request the contract judges. Fields the method does not use are left out. */
export function payinRequestFromForm(v: z.output<typeof payinFormValuesSchema>): Record<string, unknown> {
  const c = v.client ?? {};
  return compact({
    paymentId: optionalText(v.paymentId),
    client: compact({
      id: optionalText(c.id),
      ip: optionalText(c.ip),
      email: optionalText(c.email),
      phone: phoneText(c.phone),
      firstName: optionalText(c.firstName),
      lastName: optionalText(c.lastName),
    }),
    amount: amountNumber(v.amount),
    country: countryText(v.country),
    paymentMethod: v.paymentMethod,
    trafficType: optionalText(v.trafficType),
    bankId: PAYIN_METHOD_INFO[v.paymentMethod].usesBankId ? bankIdNumber(v.bankId) : undefined,
    addRandomCents: v.addRandomCents === true ? true : undefined,
  });
}

export const payinFormSchema = payinFormValuesSchema
  .transform(payinRequestFromForm)
  .pipe(payinSubmissionSchema);

/**
 * Every field name the pay-in form shows (for placing server-side errors on fields); paymentId is a hidden
 * input, so an error about it goes to the form's message.
 */
export const PAYIN_FORM_FIELDS = formFieldPaths(payinFormValuesSchema, ["paymentId"]);

export function defaultPayinFormValues(
  paymentMethod: PayinMethod = "SBP",
  paymentId = "",
): Required<Omit<PayinFormValues, "client">> & { client: Record<string, string> } {
  return {
    paymentId,
    paymentMethod,
    client: { id: "", ip: "", email: "", phone: "", firstName: "", lastName: "" },
    amount: "",
    country: PAYIN_METHOD_INFO[paymentMethod].defaultCountry,
    trafficType: "ALL",
    bankId: "",
    addRandomCents: false,
  };
}
