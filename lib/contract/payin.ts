/** Pay-in order: request (spec 2.1) and response (spec 2.2). */
import { z } from "zod";
import { customCheck } from "./custom-check";
import { anyUuid } from "./uuid";
import * as f from "./fields";
import {
  type BankDetailsKind,
  countryRuleError,
  PAYIN_METHOD_INFO,
  PAYIN_METHODS,
  type PayinMethod,
  TRAFFIC_TYPES,
} from "./methods";
import { IN_PROGRESS } from "./status";

export const payinClientSchema = z
  .object(
    {
      id: f.field(f.uuidV4, "Unique id of the client in the merchant's system (UUID v4)."),
      ip: f.field(f.ipAddress, "IP address of the client (IPv4 or IPv6)."),
      email: f.field(f.email, "Email of the client."),
      phone: f.field(f.phone, "Phone number of the client.").optional(),
      firstName: f.field(f.personName, "First name of the client.").optional(),
      lastName: f.field(f.personName, "Last name of the client.").optional(),
    },
    f.requiredError("an object with the client's id, ip and email"),
  )
  .meta({ description: "The merchant's client." });

export const payinMethodSchema = z.enum(PAYIN_METHODS, {
  error: (issue) =>
    issue.input === undefined
      ? `Required: one of the pay-in methods: ${PAYIN_METHODS.join(", ")}`
      : `Must be one of the pay-in methods: ${PAYIN_METHODS.join(", ")}`,
});

/** The pay-in request's fields; payinRequestSchema adds the rules across fields. */
export const payinRequestObject = z.object(
  {
    paymentId: f.field(f.uuidV4, f.PAYMENT_ID_MEANING),
    client: payinClientSchema,
    amount: f.amount,
    country: f.countryCode.meta({ description: f.COUNTRY_MEANING }),
    paymentMethod: payinMethodSchema.meta({ description: "Payment method name." }),
    trafficType: f.trafficType.meta({ description: `One of ${TRAFFIC_TYPES.join(", ")}.` }),
    // The field table says required, the samples omit it (spec 2.1 note): accepted as optional (docs/architecture.md, postbackUrl).
    postbackUrl: f.postbackUrl.optional(),
    bankId: f.bankId.optional(),
    addRandomCents: z
      .boolean({ error: "Must be true or false" })
      .meta({
        description:
          "When true, the service adds a random 0.01–0.99 to the amount and returns the final `amount`.",
      })
      .optional(),
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
  return schema.check(
    customCheck<z.output<S>>(
      (req, addIssue) => {
        if (typeof req.country !== "string" || typeof req.paymentMethod !== "string") return;
        const message = countryRuleError("payin", req.paymentMethod, req.country);
        if (message) addIssue({ path: ["country"], message });
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    ),
  ) as S;
}

export const payinRequestSchema = withPayinRules(payinRequestObject).meta({
  description: payinDescription(),
});

/** The request's description in the OpenAPI document: what each method answers. */
function payinDescription(): string {
  const rows = PAYIN_METHODS.map((m) => {
    const info = PAYIN_METHOD_INFO[m];
    return `| ${m} | ${info.label} | ${info.bankDetails} | ${info.usesBankId ? "yes" : "no"} | ${info.countries?.join(", ") ?? "any"} |`;
  });
  return [
    "Pay-in order request (spec 2.1). `postbackUrl` is optional (the spec's samples omit it).",
    "",
    "| paymentMethod | label | bankDetails in the response | bankId selects the bank | country |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
export type PayinRequest = z.infer<typeof payinRequestSchema>;

const cardDetails = z
  .object({
    card: z.object({ cardNumber: z.string(), cardHolderName: z.string() }),
    bankName: z.string(),
  })
  .meta({ description: "bankDetails of Card and CrossBorderCard: the card to pay to." });
const phoneDetails = z
  .object({ phoneNumber: z.string(), bankName: z.string(), payeeName: z.string() })
  .meta({ description: "bankDetails of SBP and CrossBorderSBP: the phone to pay to." });
const nspkQrDetails = z
  .object({
    qr: z
      .object({ url: z.url().optional(), code: z.string().min(1).optional() })
      .refine((qr) => qr.url !== undefined || qr.code !== undefined, "qr must carry a url, a code, or both")
      .meta({ anyOf: [{ required: ["url"] }, { required: ["code"] }] }),
    bankName: z.string(),
    bankId: z.number(),
  })
  .meta({
    description:
      "bankDetails of QRNSPK and QRNSPKCrossBorder. `qr` carries `url` (a link to the QR), `code` (to " +
      "generate a QR image from), or both — at least one; the payer uses the link when present, else the code.",
  });
const pixQrDetails = z
  .object({
    qr: z.object({ code: z.string().min(1) }),
    bankName: z.string(),
    bankId: z.number(),
  })
  .meta({ description: "bankDetails of PIX: `qr.code` is the Pix BR Code (copia e cola)." });

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
  id: anyUuid(),
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
export const payinResponseSchema = responseBase
  .extend({
    bankDetails: z
      .union([cardDetails, phoneDetails, nspkQrDetails, pixQrDetails])
      .meta({ description: "Shaped by the request's paymentMethod (see PayinResponse)." }),
  })
  .meta({
    description: [
      `The created pay-in order: status \`${IN_PROGRESS}\`, the deadline \`expiresAt\` (UTC), the final \`amount\``,
      "(an extension field: it differs from the request when random cents were added) and `bankDetails`, whose",
      "shape is fixed by the request's paymentMethod:",
      "",
      "| paymentMethod | bankDetails |",
      "|---|---|",
      "| Card, CrossBorderCard | CardBankDetails |",
      "| SBP, CrossBorderSBP | PhoneBankDetails |",
      "| QRNSPK, QRNSPKCrossBorder | NspkQrBankDetails |",
      "| PIX | PixQrBankDetails |",
    ].join("\n"),
  });
