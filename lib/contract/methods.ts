/**
 * Payment method tables: the one place that says which methods exist in each direction and
 * what each one needs. Forms, the sandbox, the OpenAPI document and the tests all read these.
 */

import { isCountryCode } from "./countries";

export const PAYIN_METHODS = [
  "Card",
  "CrossBorderCard",
  "SBP",
  "CrossBorderSBP",
  "QRNSPK",
  "QRNSPKCrossBorder",
  "PIX",
] as const;
export type PayinMethod = (typeof PAYIN_METHODS)[number];

export const PAYOUT_METHODS = [
  "Card",
  "SBP",
  "BankAccount",
  "PIX_OUT_CPF",
  "PIX_OUT_EMAIL",
  "PIX_OUT_PHONE",
  "PIX_OUT_EVP",
] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const TRAFFIC_TYPES = ["ALL", "FTD", "STD"] as const;
export type TrafficType = (typeof TRAFFIC_TYPES)[number];

export type Direction = "payin" | "payout";

/** What kind of payment details a pay-in method returns (spec 2.2). */
export type BankDetailsKind = "card" | "phone" | "nspkQr" | "pixQr";

export interface PayinMethodInfo {
  label: string;
  bankDetails: BankDetailsKind;
  /** Whether the request may name a bank (`bankId`) to select the inner method. */
  usesBankId: boolean;
  /** The country a new order of this method usually has; the form's default. */
  defaultCountry: string;
  /** The only countries the method serves (national systems); absent: any country. */
  countries?: readonly string[];
  /** The country whose bank directory `bankId` comes from, when it is not the order's country. */
  bankCountry?: string;
  /** The currency the method settles in whatever the country (orderCurrency); absent: the country's. */
  currency?: string;
}

export const PAYIN_METHOD_INFO: Record<PayinMethod, PayinMethodInfo> = {
  // Spec 2.1: bankId "selects an inner method where applicable"; for cards it picks the issuing bank.
  Card: { label: "Card", bankDetails: "card", usesBankId: true, defaultCountry: "RU" },
  CrossBorderCard: {
    label: "Card (cross-border)",
    bankDetails: "card",
    usesBankId: true,
    defaultCountry: "KZ",
  },
  // SBP, NSPK QR and Pix are national systems: Russian and Brazilian.
  SBP: {
    label: "SBP fast payment",
    bankDetails: "phone",
    usesBankId: true,
    defaultCountry: "RU",
    countries: ["RU"],
    currency: "RUB",
  },
  // Cross-border SBP/NSPK pay into a Russian SBP member bank, whatever the payer's country.
  CrossBorderSBP: {
    label: "SBP (cross-border)",
    bankDetails: "phone",
    usesBankId: true,
    defaultCountry: "RU",
    bankCountry: "RU",
    currency: "RUB",
  },
  QRNSPK: {
    label: "NSPK QR",
    bankDetails: "nspkQr",
    usesBankId: true,
    defaultCountry: "RU",
    countries: ["RU"],
    currency: "RUB",
  },
  QRNSPKCrossBorder: {
    label: "NSPK QR (cross-border)",
    bankDetails: "nspkQr",
    usesBankId: true,
    defaultCountry: "RU",
    bankCountry: "RU",
    currency: "RUB",
  },
  PIX: {
    label: "Pix QR",
    bankDetails: "pixQr",
    usesBankId: true,
    defaultCountry: "BR",
    countries: ["BR"],
    currency: "BRL",
  },
};

/** The `payoutDetails` fields, in the order forms show them. */
export const PAYOUT_DETAIL_FIELDS = [
  "ccNo",
  "ccHolderName",
  "ccExpirationMonth",
  "ccExpirationYear",
  "phoneNumber",
  "payeeName",
  "bankAccountNo",
  "evp",
] as const;
export type PayoutDetailField = (typeof PAYOUT_DETAIL_FIELDS)[number];

export interface PayoutMethodInfo {
  label: string;
  /** payoutDetails fields the request must carry (spec 2.3 rules). */
  requiredDetails: readonly PayoutDetailField[];
  /** payoutDetails fields the request may carry. */
  optionalDetails: readonly PayoutDetailField[];
  /** `bankId` is accepted only with SBP (spec 2.3). */
  usesBankId: boolean;
  /** `client.tin` is required for every PIX_OUT_* method (spec 2.3). */
  requiresTin: boolean;
  /** `client.phone` is the Pix key of PIX_OUT_PHONE, so it is required there (our decision; spec 2.7). */
  requiresClientPhone: boolean;
  defaultCountry: string;
  /** The only countries the method serves (national systems); absent: any country. */
  countries?: readonly string[];
  /** PIX_OUT_*: the request field that carries the recipient's Pix key. */
  pixKey?: PixKeyField;
  /** The currency the method settles in whatever the country (orderCurrency); absent: the country's. */
  currency?: string;
}

/** Where each kind of Pix key travels in a pay-out request. */
export type PixKeyField = "client.tin" | "client.email" | "client.phone" | "payoutDetails.evp";

const pix = (pixKey: PixKeyField): PayoutMethodInfo => ({
  label: "",
  requiredDetails: pixKey === "payoutDetails.evp" ? ["evp"] : [],
  optionalDetails: [],
  usesBankId: false,
  requiresTin: true,
  requiresClientPhone: pixKey === "client.phone",
  defaultCountry: "BR",
  countries: ["BR"],
  pixKey,
  currency: "BRL",
});

export const PAYOUT_METHOD_INFO: Record<PayoutMethod, PayoutMethodInfo> = {
  Card: {
    label: "Card",
    requiredDetails: ["ccNo", "ccHolderName", "ccExpirationMonth", "ccExpirationYear"],
    optionalDetails: [],
    usesBankId: false,
    requiresTin: false,
    requiresClientPhone: false,
    defaultCountry: "RU",
  },
  SBP: {
    label: "SBP fast payment",
    requiredDetails: ["phoneNumber"],
    // Required "in substance" by the spec but accepted as optional for compatibility.
    optionalDetails: ["payeeName"],
    usesBankId: true,
    requiresTin: false,
    requiresClientPhone: false,
    defaultCountry: "RU",
    countries: ["RU"],
    currency: "RUB",
  },
  BankAccount: {
    label: "Bank account",
    requiredDetails: ["bankAccountNo"],
    optionalDetails: [],
    usesBankId: false,
    requiresTin: false,
    requiresClientPhone: false,
    defaultCountry: "RU",
  },
  PIX_OUT_CPF: { ...pix("client.tin"), label: "Pix by CPF/CNPJ" },
  PIX_OUT_EMAIL: { ...pix("client.email"), label: "Pix by email" },
  PIX_OUT_PHONE: { ...pix("client.phone"), label: "Pix by phone" },
  PIX_OUT_EVP: { ...pix("payoutDetails.evp"), label: "Pix by random key (EVP)" },
};

export const PAYOUT_DETAIL_LABELS: Record<PayoutDetailField, string> = {
  ccNo: "Card number",
  ccHolderName: "Card holder name",
  ccExpirationMonth: "Expiry month (MM)",
  ccExpirationYear: "Expiry year (YY)",
  phoneNumber: "SBP phone number",
  payeeName: "Payee name",
  bankAccountNo: "Bank account number",
  evp: "Pix random key (EVP)",
};

export function isPayinMethod(value: string): value is PayinMethod {
  return (PAYIN_METHODS as readonly string[]).includes(value);
}
export function isPayoutMethod(value: string): value is PayoutMethod {
  return (PAYOUT_METHODS as readonly string[]).includes(value);
}

/** The countries a method serves, or undefined when it serves any country. */
export function servedCountries(direction: Direction, method: string): readonly string[] | undefined {
  if (direction === "payin") return isPayinMethod(method) ? PAYIN_METHOD_INFO[method].countries : undefined;
  return isPayoutMethod(method) ? PAYOUT_METHOD_INFO[method].countries : undefined;
}

/**
 * Why `country` is not served by the method (a message for the `country` field), or undefined if it is.
 * A malformed code is left to the code's own message.
 */
export function countryRuleError(direction: Direction, method: string, country: string): string | undefined {
  const served = servedCountries(direction, method);
  if (served === undefined || served.includes(country) || !isCountryCode(country)) return undefined;
  const list = served.join(" or ");
  return `Must be ${list}: ${method} serves country ${list} only (another country needs another payment method)`;
}

/** The country whose bank directory a `bankId` of this order must come from. */
export function bankDirectoryCountry(direction: Direction, method: string, country: string): string {
  const info = direction === "payin" && isPayinMethod(method) ? PAYIN_METHOD_INFO[method] : undefined;
  return info?.bankCountry ?? servedCountries(direction, method)?.[0] ?? country;
}
