/**
 * Field formats of the contract as zod schemas (spec 2.7 leaves bounds open; these are our decisions,
 * see docs/architecture.md). Every message names what is expected, so a problem-details error is actionable.
 */
import { z } from "zod";
import { anyUuid } from "./uuid";
import { isLuhnValid, isValidCnpj, isValidCpf } from "./checksums";
import { COUNTRY_CODES, isCountryCode } from "./countries";
import { amountTextRefusal } from "./amount-text";
import { hasAtMostTwoDecimals, MAX_AMOUNT } from "./money";
import { TRAFFIC_TYPES } from "./methods";

/** Error option: "Required: <what>" when absent, "Must be <what>" when present but of the wrong type. */
export const requiredError = (what: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? `Required: ${what}` : `Must be ${what}`),
});

/** Error option for nested objects: "Required: an object" when absent rather than zod's generic type message. */
export const objectRequired = requiredError("an object");

export const uuidV4 = z
  .uuidv4(requiredError("a UUID v4 (e.g. 3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10)"))
  .meta({ description: "A UUID version 4." });

export const countryCode = z
  .string(requiredError("an ISO 3166-1 alpha-2 country code"))
  .refine(isCountryCode, "Must be an ISO 3166-1 alpha-2 country code in upper case (e.g. RU, BR, KZ)")
  .meta({
    description: "ISO 3166-1 alpha-2 country code, officially assigned, upper case (e.g. RU, BR, KZ).",
    enum: [...COUNTRY_CODES].sort(),
    pattern: "^[A-Z]{2}$",
  });

export const email = z.email(requiredError("an email address")).max(254, "Must be at most 254 characters");

export const ipAddress = z.union([z.ipv4(), z.ipv6()], requiredError("an IPv4 or IPv6 address"));

export const amount = z
  .number({
    // Text reaches here from the forms and files only when it reads as no amount: say why (amount-text.ts).
    error: (issue) =>
      issue.input === undefined
        ? "Required: a number greater than 0 with at most two decimals"
        : typeof issue.input === "string"
          ? amountTextRefusal(issue.input)
          : "Must be a number greater than 0 with at most two decimals",
  })
  .positive("Must be greater than 0")
  .max(MAX_AMOUNT, `Must be at most ${MAX_AMOUNT}`)
  .refine(hasAtMostTwoDecimals, "Must have at most two decimals (e.g. 100.5 or 1500)")
  .meta({
    description: `Greater than 0, at most two decimals, at most ${MAX_AMOUNT}. In the order's currency: RUB for SBP and NSPK QR (cross-border too), BRL for Pix, otherwise the country's.`,
    multipleOf: 0.01,
    examples: [1500, 100.5],
  });

export const trafficType = z.enum(TRAFFIC_TYPES, requiredError(`one of ${TRAFFIC_TYPES.join(", ")}`));

/** International phone: optional "+", country code, 8–15 digits in all. */
export const phone = z
  .string(requiredError("a phone number"))
  .regex(
    /^\+?[1-9]\d{7,14}$/,
    "Must be a phone number in international format, digits only (e.g. +79001234567)",
  )
  .meta({ description: "International format, digits only, optional leading +, 8 to 15 digits." });

/** A Russian phone bound to an SBP account: +7 and ten digits. */
export const sbpPhone = z
  .string(requiredError("a phone number"))
  .regex(/^\+?7\d{10}$/, "Must be a Russian phone number: +7 followed by 10 digits (e.g. +79001234567)")
  .meta({ description: "The phone bound to the SBP account: +7 and 10 digits." });

/**
 * A Pix phone key (PIX_OUT_PHONE): a Brazilian number as the Pix directory stores it, +55, a two-digit area
 * code (11–99, no zero) and an 8-digit landline or 9-digit mobile number.
 */
export const pixPhoneKey = z
  .string(requiredError("a Brazilian phone number"))
  .regex(
    /^\+55[1-9]{2}\d{8,9}$/,
    "Must be a Brazilian phone number, the Pix key: +55, a two-digit area code and 8 or 9 digits (e.g. +5511987654321)",
  );

/** A Pix e-mail key (PIX_OUT_EMAIL): a valid address of at most 77 characters, the Pix directory's bound. */
export const pixEmailKey = z
  .email(requiredError("an email address"))
  .max(77, "Must be at most 77 characters: longer addresses cannot be Pix keys");

export const personName = z
  .string(requiredError("a name"))
  .trim()
  .min(1, "Must not be empty")
  .max(100, "Must be at most 100 characters");

export const postbackUrl = z
  .url({ protocol: /^https?$/, error: "Must be an http(s) URL" })
  .max(2048, "Must be at most 2048 characters")
  .meta({ description: "http(s) URL the service POSTs callbacks to (see webhooks). Optional." });

export const bankId = z
  .number(requiredError("a bank id number"))
  .int("Must be an integer bank id")
  .positive("Must be a positive bank id")
  .meta({ description: "A bank id from GET /api/v1/bank/available." });

/** Card number: 13–19 digits, Luhn-valid. Spaces are not accepted on the wire. */
export const cardNumber = z
  .string(requiredError("a card number"))
  .regex(/^\d{13,19}$/, "Must be 13 to 19 digits, no spaces")
  .refine(isLuhnValid, "Is not a valid card number (checksum failed)")
  .meta({ description: "13 to 19 digits, no spaces, Luhn-valid." });

export const cardHolderName = z
  .string(requiredError("the card holder's name"))
  .trim()
  .min(2, "Must be at least 2 characters")
  .max(64, "Must be at most 64 characters")
  .regex(/^[\p{L} .'-]+$/u, "Must contain letters, spaces, dots, apostrophes and hyphens only");

export const expiryMonth = z
  .string(requiredError("a two-digit month"))
  .regex(/^(0[1-9]|1[0-2])$/, "Must be two digits from 01 to 12")
  .meta({ description: "Two digits, 01 to 12." });

export const expiryYear = z
  .string(requiredError("a two-digit year"))
  .regex(/^\d{2}$/, "Must be two digits (e.g. 29)")
  .meta({
    description:
      "Two digits (20YY). With the month, not in the past: a card is valid through its month's last day.",
  });

/** A card expiring MM/YY is valid through the last day of that month. */
export function isExpiryInPast(month: string, year: string, now: Date = new Date()): boolean {
  const y = 2000 + Number(year);
  const m = Number(month);
  const nowY = now.getUTCFullYear();
  const nowM = now.getUTCMonth() + 1;
  return y < nowY || (y === nowY && m < nowM);
}

export const bankAccountNumber = z
  .string(requiredError("a bank account number"))
  .regex(/^[0-9A-Z]{5,34}$/, "Must be 5 to 34 digits or capital letters, no spaces");

/** Brazilian taxpayer number: CPF (11 digits) or CNPJ (14 characters), punctuation allowed. */
export const tin = z
  .string(requiredError("a CPF or CNPJ"))
  .refine(
    (v) => isValidCpf(v) || isValidCnpj(v),
    "Must be a valid CPF (11 digits) or CNPJ (14 characters) with correct check digits",
  )
  .meta({
    description:
      "Brazilian taxpayer number with valid check digits: a CPF (11 digits) or a CNPJ (14 characters; since " +
      "2026 the first 12 may be capital letters). Punctuation (. - /) is allowed.",
    pattern:
      "^(\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}|[0-9A-Za-z]{2}\\.?[0-9A-Za-z]{3}\\.?[0-9A-Za-z]{3}/?[0-9A-Za-z]{4}-?\\d{2})$",
  });

/** Pix random key (EVP): a UUID. */
export const evp = anyUuid(requiredError("a Pix random key (a UUID)")).meta({
  description: "Pix random key (EVP): a UUID.",
});

/** Meanings shared by both order requests (spec 2.1, 2.3), for the OpenAPI document. */
export const PAYMENT_ID_MEANING =
  "Unique id of the order in the merchant's system (UUID v4). Reusing it with the same body returns the same order; with another body, 409.";
export const COUNTRY_MEANING = "Country code, ISO 3166-1 alpha-2.";

/**
 * The field's meaning in its request, for the OpenAPI document: set before the format's own description
 * (`field(f.uuidV4, "Unique id of the client.")` → "Unique id of the client. A UUID version 4.").
 */
export function field<S extends z.ZodType>(schema: S, meaning: string): S {
  const format = schema.description;
  return schema.meta({ description: format ? `${meaning} ${format}` : meaning });
}
