/** Pay-in order: request (spec 2.1) and response (spec 2.2). */
import { z } from "zod";
import * as f from "./fields";
import {
  type BankDetailsKind,
  countryRuleError,
  PAYIN_METHOD_INFO,
  PAYIN_METHODS,
  type PayinMethod,
} from "./methods";

export const payinClientSchema = z.object(
  {
    id: f.uuidV4,
    ip: f.ipAddress,
    email: f.email,
    phone: f.phone.optional(),
    firstName: f.personName.optional(),
    lastName: f.personName.optional(),
  },
  f.requiredError("an object with the client's id, ip and email"),
);

export const payinMethodSchema = z.enum(PAYIN_METHODS, {
  error: (issue) =>
    issue.input === undefined
      ? `Required: one of the pay-in methods: ${PAYIN_METHODS.join(", ")}`
      : `Must be one of the pay-in methods: ${PAYIN_METHODS.join(", ")}`,
});

/** The pay-in request's fields; payinRequestSchema adds the rules across fields. */
export const payinRequestObject = z.object(
  {
    paymentId: f.uuidV4,
    client: payinClientSchema,
    amount: f.amount,
    country: f.countryCode,
    paymentMethod: payinMethodSchema,
    trafficType: f.trafficType,
    // The field table says required, the samples omit it (spec 2.1 note): accepted as optional (DESIGN §4).
    postbackUrl: f.postbackUrl.optional(),
    bankId: f.bankId.optional(),
    addRandomCents: z.boolean({ error: "Must be true or false" }).optional(),
  },
  { error: "Must be a JSON object: the pay-in order request" },
);

/**
 * Adds the rule across fields: the country must be one the method serves. It runs even when other fields
 * failed (`when`), so one response names every failing field.
 */
export function withPayinRules<S extends z.ZodType<{ paymentMethod?: unknown; country?: unknown }>>(
  schema: S,
): S {
  return schema.superRefine(
    (req, ctx) => {
      if (typeof req.country !== "string" || typeof req.paymentMethod !== "string") return;
      const message = countryRuleError("payin", req.paymentMethod, req.country);
      if (message) ctx.addIssue({ code: "custom", path: ["country"], message });
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  ) as S;
}

export const payinRequestSchema = withPayinRules(payinRequestObject);
export type PayinRequest = z.infer<typeof payinRequestSchema>;

const cardDetails = z.object({
  card: z.object({ cardNumber: z.string(), cardHolderName: z.string() }),
  bankName: z.string(),
});
const phoneDetails = z.object({ phoneNumber: z.string(), bankName: z.string(), payeeName: z.string() });
const nspkQrDetails = z.object({
  qr: z
    .object({ url: z.url().optional(), code: z.string().min(1).optional() })
    .refine((qr) => qr.url !== undefined || qr.code !== undefined, "qr must carry a url, a code, or both"),
  bankName: z.string(),
  bankId: z.number(),
});
const pixQrDetails = z.object({
  qr: z.object({ code: z.string().min(1) }),
  bankName: z.string(),
  bankId: z.number(),
});

export const bankDetailsSchemas = {
  card: cardDetails,
  phone: phoneDetails,
  nspkQr: nspkQrDetails,
  pixQr: pixQrDetails,
} satisfies Record<BankDetailsKind, z.ZodType>;

export type CardBankDetails = z.infer<typeof cardDetails>;
export type PhoneBankDetails = z.infer<typeof phoneDetails>;
export type NspkQrBankDetails = z.infer<typeof nspkQrDetails>;
export type PixQrBankDetails = z.infer<typeof pixQrDetails>;
export type BankDetails = CardBankDetails | PhoneBankDetails | NspkQrBankDetails | PixQrBankDetails;

const responseBase = z.object({
  id: z.uuid(),
  status: z.string().min(1),
  expiresAt: z.iso.datetime({ offset: true }),
  /** Extension field: the final amount, which differs from the request when random cents were added. */
  amount: f.amount.optional(),
});

/** The response schema for one method: its `bankDetails` shape is fixed by the method (spec 2.2 table). */
export function payinResponseSchemaFor(method: PayinMethod) {
  return responseBase.extend({ bankDetails: bankDetailsSchemas[PAYIN_METHOD_INFO[method].bankDetails] });
}
export type PayinResponse = z.infer<typeof responseBase> & { bankDetails: BankDetails };

/** Any pay-in response (for documentation, where the method is not known). */
export const payinResponseSchema = responseBase.extend({
  bankDetails: z.union([cardDetails, phoneDetails, nspkQrDetails, pixQrDetails]),
});
