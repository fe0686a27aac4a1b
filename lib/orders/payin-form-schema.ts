/**
 * The pay-in form's schema: the contract's pay-in request schema, minus what the server fills (postbackUrl),
 * after the form conveniences of ./form-normalise.ts. The browser form (resolver) and the server action
 * (createPayinAction) parse with this same schema; field names are the contract's paths ("client.email").
 */
import { z } from "zod";
import { plainTransform } from "@/lib/contract/custom-check";
import {
  PAYIN_METHOD_INFO,
  PAYIN_METHODS,
  type PayinMethod,
  payinRequestObject,
  withPayinRules,
} from "@/lib/contract";
import { formFieldPaths } from "./form-fields";
import { optionalText, phoneText } from "./form-normalise";
import {
  blankOrderFormValues,
  formText,
  orderFormValuesSchema,
  orderRequestFromForm,
} from "./order-form-base";

/** Everything the server fills in itself (postbackUrl) left out; the contract's rules across fields kept. */
export const payinSubmissionSchema = withPayinRules(payinRequestObject.omit({ postbackUrl: true }));
export type PayinSubmission = z.output<typeof payinSubmissionSchema>;

/** The form's raw values: text as typed (the method select and checkbox aside). */
const payinFormValuesSchema = orderFormValuesSchema(
  PAYIN_METHODS,
  { phone: formText, firstName: formText, lastName: formText },
  { addRandomCents: z.boolean().optional() },
);
export type PayinFormValues = z.input<typeof payinFormValuesSchema>;

/** Form values → the request the contract judges. Fields the method does not use are left out. */
export function payinRequestFromForm(v: z.output<typeof payinFormValuesSchema>): Record<string, unknown> {
  const c = v.client ?? {};
  return orderRequestFromForm(
    v,
    PAYIN_METHOD_INFO[v.paymentMethod].usesBankId,
    { phone: phoneText(c.phone), firstName: optionalText(c.firstName), lastName: optionalText(c.lastName) },
    { addRandomCents: v.addRandomCents === true ? true : undefined },
  );
}

export const payinFormSchema = payinFormValuesSchema
  // Not .transform(): see lib/contract/custom-check.ts.
  .pipe(plainTransform(payinRequestFromForm))
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
  return blankOrderFormValues(
    paymentMethod,
    paymentId,
    PAYIN_METHOD_INFO[paymentMethod].defaultCountry,
    ["phone", "firstName", "lastName"],
    { addRandomCents: false },
  );
}
