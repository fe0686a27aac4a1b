/**
 * Valid sample requests for every method, shaped like the spec's samples. Tests, the e2e suite and the
 * bench use them. Pure: fresh ids from the Web Crypto API, no server-only code.
 *
 * Overrides deep-merge into the sample: `{ payoutDetails: { ccNo: "..." } }` replaces one field and keeps
 * the rest. An override whose value is `undefined` removes that key (to build "missing field" cases).
 */
import type { PayinMethod, PayoutMethod } from "./methods";
import { PAYIN_METHOD_INFO, PAYOUT_METHOD_INFO } from "./methods";
import { tlv, withCrc } from "./emv";
import { isRecord } from "./is-record";
import type { BankDetailsKind } from "./methods";
import type { BankDetails, PayinRequest, PayinResponse } from "./payin";
import type { PayoutRequest } from "./payout";

export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> | undefined }
    : T;

/** Request overrides: any key (even one the type does not know, to test unknown or malformed input). */
export type SampleOverrides<T> = DeepPartial<T> | Record<string, unknown>;

/** Known-valid values, exported so tests can reuse them. */
export const SAMPLE_VALUES = {
  cardNumber: "4111111111111111",
  cardHolderName: "IVAN IVANOV",
  cpf: "52998224725",
  cnpj: "11222333000181",
  ruPhone: "+79001234567",
  brPhone: "+5511987654321",
  ruBankAccount: "40817810099910004312",
  ip: "203.0.113.10",
  email: "client@example.com",
} as const;

/** Deep merge of plain objects; arrays and scalars replace; an explicit `undefined` deletes the key. */
export function deepMerge<T>(base: T, overrides: unknown): T {
  if (!isRecord(base) || !isRecord(overrides)) return (overrides === undefined ? base : overrides) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete out[key];
    else out[key] = isRecord(value) && isRecord(out[key]) ? deepMerge(out[key], value) : value;
  }
  return out as T;
}

/** A two-digit year a few years ahead of `now`, so a sample card never expires. */
export function futureExpiryYear(now: Date = new Date(), yearsAhead = 3): string {
  return String((now.getUTCFullYear() + yearsAhead) % 100).padStart(2, "0");
}

export function samplePayinRequest(
  method: PayinMethod,
  overrides: SampleOverrides<PayinRequest> = {},
): PayinRequest {
  const base: PayinRequest = {
    paymentId: crypto.randomUUID(),
    client: {
      id: crypto.randomUUID(),
      ip: SAMPLE_VALUES.ip,
      email: SAMPLE_VALUES.email,
      phone: method === "PIX" ? SAMPLE_VALUES.brPhone : SAMPLE_VALUES.ruPhone,
      firstName: "Ivan",
      lastName: "Ivanov",
    },
    amount: method === "PIX" ? 100.5 : 1500,
    country: PAYIN_METHOD_INFO[method].defaultCountry,
    paymentMethod: method,
    trafficType: "ALL",
  };
  return deepMerge(base, overrides);
}

function samplePayoutDetails(method: PayoutMethod): PayoutRequest["payoutDetails"] {
  switch (method) {
    case "Card":
      return {
        ccNo: SAMPLE_VALUES.cardNumber,
        ccHolderName: SAMPLE_VALUES.cardHolderName,
        ccExpirationMonth: "12",
        ccExpirationYear: futureExpiryYear(),
      };
    case "SBP":
      return { phoneNumber: SAMPLE_VALUES.ruPhone, payeeName: "Ivan Ivanov" };
    case "BankAccount":
      return { bankAccountNo: SAMPLE_VALUES.ruBankAccount };
    case "PIX_OUT_EVP":
      return { evp: crypto.randomUUID() };
    default:
      return undefined;
  }
}

export function samplePayoutRequest(
  method: PayoutMethod,
  overrides: SampleOverrides<PayoutRequest> = {},
): PayoutRequest {
  const info = PAYOUT_METHOD_INFO[method];
  const isPix = method.startsWith("PIX_OUT_");
  const base: PayoutRequest = {
    paymentId: crypto.randomUUID(),
    client: {
      id: crypto.randomUUID(),
      ip: SAMPLE_VALUES.ip,
      email: SAMPLE_VALUES.email,
      ...(info.requiresTin ? { tin: SAMPLE_VALUES.cpf } : {}),
      // Every PIX_OUT_* sample of the spec carries the client's phone.
      ...(isPix ? { phone: SAMPLE_VALUES.brPhone } : {}),
    },
    amount: isPix ? 100.5 : 1500,
    country: info.defaultCountry,
    paymentMethod: method,
    trafficType: "ALL",
  };
  const details = samplePayoutDetails(method);
  if (details !== undefined) base.payoutDetails = details;
  return deepMerge(base, overrides);
}

/** A well-formed static Pix BR Code ("copia e cola") for a key and amount, with its CRC16. */
export function samplePixBrCode(key: string = SAMPLE_VALUES.email, amount = "100.50"): string {
  return withCrc(
    tlv("00", "01") +
      tlv("26", tlv("00", "br.gov.bcb.pix") + tlv("01", key)) +
      tlv("52", "0000") +
      tlv("53", "986") +
      tlv("54", amount) +
      tlv("58", "BR") +
      tlv("59", "FULANO DE TAL") +
      tlv("60", "BRASILIA") +
      tlv("62", tlv("05", "***")),
  );
}

const SAMPLE_BANK_DETAILS: Record<BankDetailsKind, BankDetails> = {
  card: { card: { cardNumber: "2200700000000009", cardHolderName: "IVAN PETROV" }, bankName: "Sberbank" },
  phone: { phoneNumber: "+79161234567", bankName: "Sberbank", payeeName: "Ivan P." },
  nspkQr: {
    qr: {
      url: "https://qr.nspk.ru/AD10006M8KH1ETNK9Q1OBVKBQ0R1DK7B?type=02&bank=100000000111&sum=150000&cur=RUB&crc=AB75",
    },
    bankName: "Sberbank",
    bankId: 1001,
  },
  pixQr: { qr: { code: samplePixBrCode() }, bankName: "Banco do Brasil", bankId: 2001 },
};

/** A valid pay-in response for a method (its `bankDetails` shaped by the method), for unit tests. */
export function samplePayinResponse(
  method: PayinMethod,
  overrides: SampleOverrides<PayinResponse> = {},
): PayinResponse {
  const base: PayinResponse = {
    id: crypto.randomUUID(),
    status: "In progress",
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    bankDetails: structuredClone(SAMPLE_BANK_DETAILS[PAYIN_METHOD_INFO[method].bankDetails]),
  };
  return deepMerge(base, overrides);
}
