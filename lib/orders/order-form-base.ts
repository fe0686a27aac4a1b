/**
 * What the pay-in and pay-out form schemas share: the typed-text rule, the fields every order form has
 * (in the order the forms show them), how those fields become the request, and their blank values. Pure,
 * used by ./payin-form-schema.ts and ./payout-form-schema.ts.
 */
import { z } from "zod";
import { acceptedText } from "@/lib/contract";
import {
  amountNumber,
  amountTextSchema,
  bankIdNumber,
  compact,
  countryText,
  optionalText,
} from "./form-normalise";

/** Typed text; NUL and unpaired surrogates are refused here, naming the field (lib/contract/text.ts). */
export const formText = z.string().check(acceptedText()).optional();

/** The raw values of an order form: its method, `client` and the fields every order has, then `own`. */
export function orderFormValuesSchema<
  M extends string,
  C extends z.core.$ZodLooseShape,
  O extends z.core.$ZodLooseShape,
>(methods: readonly [M, ...M[]], client: C, own: O) {
  return z.object({
    paymentId: formText,
    paymentMethod: z.enum(methods, "Choose a payment method"),
    client: z.object({ id: formText, ip: formText, email: formText, ...client }).optional(),
    // Text only, judged on its digits (amountNumber): a number sent to the action has already lost them.
    amount: amountTextSchema,
    country: formText,
    trafficType: formText,
    bankId: z.union([z.string(), z.number()]).optional(),
    ...own,
  });
}

/** The typed values of the fields every order form has. */
interface OrderFormCommon<M extends string> {
  paymentId?: string;
  paymentMethod: M;
  client?: { id?: string; ip?: string; email?: string };
  amount?: string;
  country?: string;
  trafficType?: string;
  bankId?: string | number;
}

/**
 * Form values → the request the contract judges: the common fields, the method's `client` fields and its
 * `own` fields after them; bankId only where the method uses it. Fields left undefined are left out.
 */
export function orderRequestFromForm<M extends string>(
  v: OrderFormCommon<M>,
  usesBankId: boolean,
  client: Record<string, unknown>,
  own: Record<string, unknown>,
): Record<string, unknown> {
  const c = v.client ?? {};
  return compact({
    paymentId: optionalText(v.paymentId),
    client: compact({
      id: optionalText(c.id),
      ip: optionalText(c.ip),
      email: optionalText(c.email),
      ...client,
    }),
    amount: amountNumber(v.amount),
    country: countryText(v.country),
    paymentMethod: v.paymentMethod,
    trafficType: optionalText(v.trafficType),
    bankId: usesBankId ? bankIdNumber(v.bankId) : undefined,
    ...own,
  });
}

/** An empty order form for a method: blank fields, the method's usual country, traffic type ALL. */
export function blankOrderFormValues<M extends string, C extends string, O extends object>(
  paymentMethod: M,
  paymentId: string,
  defaultCountry: string,
  clientFields: readonly C[],
  own: O,
) {
  return {
    paymentId,
    paymentMethod,
    client: Object.fromEntries(["id", "ip", "email", ...clientFields].map((f) => [f, ""])) as Record<
      "id" | "ip" | "email" | C,
      string
    >,
    amount: "",
    country: defaultCountry,
    trafficType: "ALL",
    bankId: "",
    ...own,
  };
}
