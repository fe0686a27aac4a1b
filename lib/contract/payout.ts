/** Pay-out order: request (spec 2.3, with its per-method payoutDetails rules) and response (spec 2.4). */
import { z } from "zod";
import * as f from "./fields";
import {
  countryRuleError,
  isPayoutMethod,
  PAYOUT_DETAIL_LABELS,
  PAYOUT_METHOD_INFO,
  PAYOUT_METHODS,
  type PayoutDetailField,
  type PixKeyField,
} from "./methods";

const detailFieldSchemas = {
  ccNo: f.cardNumber,
  ccHolderName: f.cardHolderName,
  ccExpirationMonth: f.expiryMonth,
  ccExpirationYear: f.expiryYear,
  phoneNumber: f.sbpPhone,
  payeeName: f.personName,
  bankAccountNo: f.bankAccountNumber,
  evp: f.evp,
} satisfies Record<PayoutDetailField, z.ZodType>;

export const payoutDetailsSchema = z.object(
  {
    ccNo: detailFieldSchemas.ccNo.optional(),
    ccHolderName: detailFieldSchemas.ccHolderName.optional(),
    ccExpirationMonth: detailFieldSchemas.ccExpirationMonth.optional(),
    ccExpirationYear: detailFieldSchemas.ccExpirationYear.optional(),
    phoneNumber: detailFieldSchemas.phoneNumber.optional(),
    payeeName: detailFieldSchemas.payeeName.optional(),
    bankAccountNo: detailFieldSchemas.bankAccountNo.optional(),
    evp: detailFieldSchemas.evp.optional(),
  },
  f.requiredError("an object with the payout details of the method"),
);
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;

export const payoutMethodSchema = z.enum(PAYOUT_METHODS, {
  error: (issue) =>
    issue.input === undefined
      ? `Required: one of the pay-out methods: ${PAYOUT_METHODS.join(", ")}`
      : `Must be one of the pay-out methods: ${PAYOUT_METHODS.join(", ")}`,
});

export const payoutClientSchema = z.object(
  {
    id: f.uuidV4,
    ip: f.ipAddress,
    email: f.email,
    tin: f.tin.optional(),
    phone: f.phone.optional(),
  },
  f.requiredError("an object with the client's id, ip and email"),
);

const payoutRequestObject = z.object(
  {
    paymentId: f.uuidV4,
    client: payoutClientSchema,
    amount: f.amount,
    country: f.countryCode,
    paymentMethod: payoutMethodSchema,
    trafficType: f.trafficType,
    bankId: f.bankId.optional(),
    postbackUrl: f.postbackUrl.optional(),
    payoutDetails: payoutDetailsSchema.optional(),
  },
  { error: "Must be a JSON object: the pay-out order request" },
);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The Pix key formats stricter than the field's own (a tin is checked as a CPF/CNPJ already, an EVP as a UUID). */
const PIX_KEY_FORMATS: Partial<
  Record<PixKeyField, { path: ["client", "phone" | "email"]; schema: z.ZodType }>
> = {
  "client.phone": { path: ["client", "phone"], schema: f.pixPhoneKey },
  "client.email": { path: ["client", "email"], schema: f.pixEmailKey },
};

/**
 * The per-method rules that a flat object cannot express: the countries a method serves, required
 * payoutDetails, tin for PIX_OUT_*, the Pix key's format, bankId only with SBP, and a card expiry not in the
 * past. Each failure names its exact field path.
 *
 * It runs even when other fields failed (`when`), so one response names every failing field; hence every
 * part of `req` is read as unknown input here, and a part that is malformed is left to its own message.
 */
export const payoutRequestSchema = payoutRequestObject.superRefine(
  (req, ctx) => {
    const method = String(req.paymentMethod);
    if (!isPayoutMethod(method)) return;
    const info = PAYOUT_METHOD_INFO[method];
    const details: unknown = req.payoutDetails;
    const client: unknown = req.client;
    const countryError = typeof req.country === "string" && countryRuleError("payout", method, req.country);
    if (countryError) ctx.addIssue({ code: "custom", path: ["country"], message: countryError });
    if (details === undefined || isRecord(details)) {
      for (const field of info.requiredDetails) {
        if (details?.[field] === undefined) {
          ctx.addIssue({
            code: "custom",
            path: ["payoutDetails", field],
            message: `Required for ${method}: ${PAYOUT_DETAIL_LABELS[field]}`,
          });
        }
      }
    }
    if (isRecord(client)) {
      if (info.requiresTin && client.tin === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["client", "tin"],
          message: `Required for ${method}: the client's CPF (11 digits) or CNPJ (14 characters)`,
        });
      }
      if (info.requiresClientPhone && client.phone === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["client", "phone"],
          message: `Required for ${method}: the client's phone, which is the Pix key (e.g. +5511987654321)`,
        });
      }
      const keyFormat = info.pixKey && PIX_KEY_FORMATS[info.pixKey];
      if (keyFormat) {
        const value = client[keyFormat.path[1]];
        // A value that fails its field's own format already has that message.
        const ownFormat = keyFormat.path[1] === "phone" ? f.phone : f.email;
        if (ownFormat.safeParse(value).success) {
          const result = keyFormat.schema.safeParse(value);
          if (!result.success) {
            ctx.addIssue({
              code: "custom",
              path: keyFormat.path,
              message: result.error.issues[0]?.message ?? `Is not a valid Pix key for ${method}`,
            });
          }
        }
      }
    }
    if (!info.usesBankId && req.bankId !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["bankId"],
        message: `Accepted only with the SBP method: remove bankId for ${method}`,
      });
    }
    if (isRecord(details)) {
      const month = f.expiryMonth.safeParse(details.ccExpirationMonth);
      const year = f.expiryYear.safeParse(details.ccExpirationYear);
      if (month.success && year.success && f.isExpiryInPast(month.data, year.data)) {
        ctx.addIssue({
          code: "custom",
          path: ["payoutDetails", "ccExpirationYear"],
          message: `Must not be in the past: the card expired at the end of ${month.data}/${year.data}`,
        });
      }
    }
  },
  { when: (payload) => isRecord(payload.value) },
);
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

export const payoutResponseSchema = z.object({
  id: z.uuid(),
  status: z.string().min(1),
});
export type PayoutResponse = z.infer<typeof payoutResponseSchema>;
