/** Pay-out order: request (spec 2.3, with its per-method payoutDetails rules) and response (spec 2.4). */
import { z } from "zod";
import { anyUuid } from "./uuid";
import * as f from "./fields";
import { customCheck } from "./custom-check";
import { isRecord } from "./is-record";
import {
  countryRuleError,
  isPayoutMethod,
  PAYOUT_DETAIL_LABELS,
  PAYOUT_METHOD_INFO,
  PAYOUT_METHODS,
  type PayoutDetailField,
  type PixKeyField,
  TRAFFIC_TYPES,
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

/** Each detail's meaning (spec 2.3), for the OpenAPI document. */
const DETAIL_MEANINGS: Record<PayoutDetailField, string> = {
  ccNo: "Card number.",
  ccHolderName: "Card holder name.",
  ccExpirationMonth: "Card expiration month, two digits.",
  ccExpirationYear: "Card expiration year, two digits.",
  phoneNumber: "Phone number bound to the fast-payment (SBP) account.",
  payeeName: "Receiver's name for SBP.",
  bankAccountNo: "Bank account number.",
  evp: "Random payment key issued by the bank, used by PIX_OUT_EVP.",
};

export const payoutDetailsSchema = z
  .object(
    {
      ccNo: f.field(detailFieldSchemas.ccNo, DETAIL_MEANINGS.ccNo).optional(),
      ccHolderName: f.field(detailFieldSchemas.ccHolderName, DETAIL_MEANINGS.ccHolderName).optional(),
      ccExpirationMonth: f
        .field(detailFieldSchemas.ccExpirationMonth, DETAIL_MEANINGS.ccExpirationMonth)
        .optional(),
      ccExpirationYear: f
        .field(detailFieldSchemas.ccExpirationYear, DETAIL_MEANINGS.ccExpirationYear)
        .optional(),
      phoneNumber: f.field(detailFieldSchemas.phoneNumber, DETAIL_MEANINGS.phoneNumber).optional(),
      payeeName: f.field(detailFieldSchemas.payeeName, DETAIL_MEANINGS.payeeName).optional(),
      bankAccountNo: f.field(detailFieldSchemas.bankAccountNo, DETAIL_MEANINGS.bankAccountNo).optional(),
      evp: f.field(detailFieldSchemas.evp, DETAIL_MEANINGS.evp).optional(),
    },
    f.requiredError("an object with the payout details of the method"),
  )
  .meta({
    description:
      "The recipient's details; which fields are required depends on paymentMethod (see the request's description).",
  });
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;

export const payoutMethodSchema = z.enum(PAYOUT_METHODS, {
  error: (issue) =>
    issue.input === undefined
      ? `Required: one of the pay-out methods: ${PAYOUT_METHODS.join(", ")}`
      : `Must be one of the pay-out methods: ${PAYOUT_METHODS.join(", ")}`,
});

export const payoutClientSchema = z
  .object(
    {
      id: f.field(f.uuidV4, "Unique id of the client in the merchant's system (UUID v4)."),
      ip: f.field(f.ipAddress, "IP address of the client (IPv4 or IPv6)."),
      email: f.field(f.email, "Email of the client."),
      tin: f
        .field(
          f.tin,
          "Brazilian taxpayer number (CPF or CNPJ) of the client; required for every PIX_OUT_* method.",
        )
        .optional(),
      phone: f.field(f.phone, "Phone number of the client.").optional(),
    },
    f.requiredError("an object with the client's id, ip and email"),
  )
  .meta({ description: "The merchant's client." });

const payoutRequestObject = z.object(
  {
    paymentId: f.field(f.uuidV4, f.PAYMENT_ID_MEANING),
    client: payoutClientSchema,
    amount: f.amount,
    country: f.countryCode.meta({ description: f.COUNTRY_MEANING }),
    paymentMethod: payoutMethodSchema.meta({ description: "Payment method name." }),
    trafficType: f.trafficType.meta({ description: `One of ${TRAFFIC_TYPES.join(", ")}.` }),
    bankId: f.bankId.optional(),
    postbackUrl: f.postbackUrl.optional(),
    payoutDetails: payoutDetailsSchema.optional(),
  },
  { error: "Must be a JSON object: the pay-out order request" },
);

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
export const payoutRequestSchema = payoutRequestObject
  .check(
    customCheck<z.output<typeof payoutRequestObject>>(
      (req, addIssue) => {
        const method = String(req.paymentMethod);
        if (!isPayoutMethod(method)) return;
        const info = PAYOUT_METHOD_INFO[method];
        const details: unknown = req.payoutDetails;
        const client: unknown = req.client;
        const countryError =
          typeof req.country === "string" && countryRuleError("payout", method, req.country);
        if (countryError) addIssue({ path: ["country"], message: countryError });
        if (details === undefined || isRecord(details)) {
          for (const field of info.requiredDetails) {
            if (details?.[field] === undefined) {
              addIssue({
                path: ["payoutDetails", field],
                message: `Required for ${method}: ${PAYOUT_DETAIL_LABELS[field]}`,
              });
            }
          }
        }
        if (isRecord(client)) {
          if (info.requiresTin && client.tin === undefined) {
            addIssue({
              path: ["client", "tin"],
              message: `Required for ${method}: the client's CPF (11 digits) or CNPJ (14 characters)`,
            });
          }
          if (info.requiresClientPhone && client.phone === undefined) {
            addIssue({
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
                addIssue({
                  path: keyFormat.path,
                  message: result.error.issues[0]?.message ?? `Is not a valid Pix key for ${method}`,
                });
              }
            }
          }
        }
        if (!info.usesBankId && req.bankId !== undefined) {
          addIssue({
            path: ["bankId"],
            message: `Accepted only with the SBP method: remove bankId for ${method}`,
          });
        }
        // Only when both are given: a failed safeParse builds an Error (a stack trace), 10,000 times in a file.
        if (
          isRecord(details) &&
          details.ccExpirationMonth !== undefined &&
          details.ccExpirationYear !== undefined
        ) {
          const month = f.expiryMonth.safeParse(details.ccExpirationMonth);
          const year = f.expiryYear.safeParse(details.ccExpirationYear);
          if (month.success && year.success && f.isExpiryInPast(month.data, year.data)) {
            addIssue({
              path: ["payoutDetails", "ccExpirationYear"],
              message: `Must not be in the past: the card expired at the end of ${month.data}/${year.data}`,
            });
          }
        }
      },
      { when: (payload) => isRecord(payload.value) },
    ),
  )
  .meta({ description: payoutDescription(), allOf: payoutRuleClauses() });
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

/** The request's description in the OpenAPI document: the per-method rules as a table. */
function payoutDescription(): string {
  const rows = PAYOUT_METHODS.map((m) => {
    const info = PAYOUT_METHOD_INFO[m];
    const required = [
      ...info.requiredDetails.map((d) => `payoutDetails.${d}`),
      ...(info.requiresTin ? ["client.tin"] : []),
      ...(info.requiresClientPhone ? ["client.phone"] : []),
    ];
    const optional = info.optionalDetails.map((d) => `payoutDetails.${d}`);
    return `| ${m} | ${required.join(", ") || "—"} | ${optional.join(", ") || "—"} | ${info.usesBankId ? "accepted" : "refused"} | ${info.countries?.join(", ") ?? "any"} | ${info.pixKey ?? "—"} |`;
  });
  return [
    "Pay-out order request (spec 2.3). Per-method rules (also expressed as the if/then clauses of `allOf`):",
    "",
    "| paymentMethod | also required | optional | bankId | country | Pix key |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
    "SBP's payeeName is required in substance but accepted as optional for compatibility. A card must not",
    "have expired (MM/YY is valid through that month). A PIX_OUT_PHONE key is a Brazilian number (+55, a",
    "two-digit area code, 8 or 9 digits); a PIX_OUT_EMAIL key an address of at most 77 characters. Every",
    "failing field is named in the 400's `errors`.",
  ].join("\n");
}

/** The per-method rules as JSON Schema if/then clauses (what the check above makes), for OpenAPI. */
function payoutRuleClauses(): Record<string, unknown>[] {
  return PAYOUT_METHODS.map((method) => {
    const info = PAYOUT_METHOD_INFO[method];
    const then: Record<string, unknown> = {};
    const required: string[] = [];
    const properties: Record<string, unknown> = {};
    if (info.requiredDetails.length > 0) {
      required.push("payoutDetails");
      properties.payoutDetails = { required: [...info.requiredDetails] };
    }
    const clientRequired = [
      ...(info.requiresTin ? ["tin"] : []),
      ...(info.requiresClientPhone ? ["phone"] : []),
    ];
    if (clientRequired.length > 0) properties.client = { required: clientRequired };
    if (required.length > 0) then.required = required;
    if (Object.keys(properties).length > 0) then.properties = properties;
    if (!info.usesBankId) then.not = { required: ["bankId"] };
    return {
      if: { properties: { paymentMethod: { const: method } }, required: ["paymentMethod"] },
      then,
      description: `${method}: ${
        info.requiredDetails.map((d) => PAYOUT_DETAIL_LABELS[d]).join(", ") || "no payoutDetails"
      }${info.requiresTin ? "; client.tin" : ""}${info.requiresClientPhone ? "; client.phone" : ""}${
        info.usesBankId ? "; bankId accepted" : "; no bankId"
      }`,
    };
  });
}

export const payoutResponseSchema = z
  .object({
    id: anyUuid(),
    status: z.string().min(1),
  })
  .meta({ description: "The created pay-out order." });
export type PayoutResponse = z.infer<typeof payoutResponseSchema>;
