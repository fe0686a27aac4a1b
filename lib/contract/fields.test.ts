/** Field formats, countries, and the smaller schemas (bank, callback, problem details, statuses). */
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import {
  bankListSchema,
  bankSchema,
  banksQuerySchema,
  CALLBACK_HEADERS,
  COUNTRY_CODES,
  callbackPayloadSchema,
  currencyForCountry,
  email,
  evp,
  FINAL_STATUSES,
  fieldErrorsFromZod,
  ipAddress,
  isCountryCode,
  isExpiryInPast,
  isFinalStatus,
  isPayinMethod,
  isPayoutMethod,
  ORDER_STATUSES,
  PAYIN_METHOD_INFO,
  PAYIN_METHODS,
  PAYOUT_DETAIL_FIELDS,
  PAYOUT_DETAIL_LABELS,
  PAYOUT_METHOD_INFO,
  PAYOUT_METHODS,
  payoutRequestSchema,
  phone,
  problemSchema,
  sbpPhone,
  tin,
  uuidV4,
} from "./index";
import { deepMerge, futureExpiryYear, samplePayoutRequest } from "./samples";

const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

describe("isExpiryInPast (valid through the last day of MM/YY, UTC)", () => {
  test.each([
    // [month, year, now, expired?]
    ["11", "26", "2026-11-30T23:59:59.999Z", false],
    ["11", "26", "2026-12-01T00:00:00.000Z", true],
    ["11", "26", "2026-11-01T00:00:00.000Z", false],
    ["10", "26", "2026-11-01T00:00:00.000Z", true],
    ["12", "26", "2026-12-31T23:59:59.999Z", false],
    ["12", "26", "2027-01-01T00:00:00.000Z", true],
    ["01", "27", "2026-12-31T23:59:59.999Z", false],
    ["01", "27", "2027-01-31T12:00:00.000Z", false],
    ["01", "27", "2027-02-01T00:00:00.000Z", true],
    ["12", "25", "2026-01-15T00:00:00.000Z", true],
    ["01", "99", "2026-01-15T00:00:00.000Z", false],
    ["01", "00", "2026-01-15T00:00:00.000Z", true],
  ])("%s/%s at %s → expired %s", (month, year, now, expired) => {
    expect(isExpiryInPast(month, year, new Date(now))).toBe(expired);
  });

  test("futureExpiryYear is two digits and never expired", () => {
    const now = new Date("2098-06-01T00:00:00Z");
    expect(futureExpiryYear(now, 1)).toBe("99");
    expect(futureExpiryYear(now, 3)).toBe("01");
    expect(isExpiryInPast("12", futureExpiryYear(), new Date())).toBe(false);
  });
});

describe("field formats", () => {
  test.each([
    [uuidV4, "3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10", true],
    [uuidV4, "3F2C8E1A-6D0B-4C1E-9A2F-7B5D4C3E2A10", true],
    [uuidV4, "c232ab00-9414-11ec-b3c8-9f6bdeced846", false], // v1
    [uuidV4, "3f2c8e1a-6d0b-4c1e-7a2f-7b5d4c3e2a10", false], // wrong variant
    [uuidV4, "3f2c8e1a6d0b4c1e9a2f7b5d4c3e2a10", false],
    [evp, "123e4567-e89b-12d3-a456-426614174000", true], // any UUID version is an EVP
    [evp, "123e4567e89b12d3a456426614174000", false],
    [email, "ana.silva+pix@example.com.br", true],
    [email, "no-at-sign", false],
    [email, `${"a".repeat(250)}@x.io`, false],
    [ipAddress, "203.0.113.10", true],
    [ipAddress, "2001:db8::1", true],
    [ipAddress, "::ffff:192.0.2.128", true],
    [ipAddress, "256.0.0.1", false],
    [ipAddress, "example.com", false],
    [phone, "+79001234567", true],
    [phone, "5511987654321", true],
    [phone, "+0123456789", false],
    [phone, "+7 900 123-45-67", false],
    [phone, "+1234567", false],
    [sbpPhone, "+79001234567", true],
    [sbpPhone, "79001234567", true],
    [sbpPhone, "+5511987654321", false],
    [sbpPhone, "89001234567", false],
    [tin, "52998224725", true],
    [tin, "12ABC34501DE35", true],
    [tin, "11.222.333/0001-81", true],
    [tin, "52998224724", false],
    [tin, "11111111111", false],
  ] as const)("%#: %s → %s", (schema, value, valid) => {
    expect(ok(schema, value)).toBe(valid);
  });

  test("messages name what is expected", () => {
    const message = (schema: z.ZodType, value: unknown) =>
      schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(message(uuidV4, undefined)).toEqual([
      "Required: a UUID v4 (e.g. 3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10)",
    ]);
    expect(message(ipAddress, "x")).toEqual(["Must be an IPv4 or IPv6 address"]);
    expect(message(tin, "123")).toEqual([
      "Must be a valid CPF (11 digits) or CNPJ (14 characters) with correct check digits",
    ]);
    expect(message(sbpPhone, "1")).toEqual([
      "Must be a Russian phone number: +7 followed by 10 digits (e.g. +79001234567)",
    ]);
  });
});

describe("countries", () => {
  test("249 officially assigned ISO 3166-1 alpha-2 codes, all two capital letters", () => {
    expect(COUNTRY_CODES.size).toBe(249);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });
  test.each([
    ["RU", true],
    ["BR", true],
    ["KZ", true],
    ["AX", true],
    ["ru", false],
    ["XX", false],
    ["UK", false],
    ["EU", false],
    ["RUS", false],
  ])("%s → %s", (code, valid) => {
    expect(isCountryCode(code)).toBe(valid);
  });
  test("each country's own currency", () => {
    expect(currencyForCountry("RU")).toBe("RUB");
    expect(currencyForCountry("BR")).toBe("BRL");
    expect(currencyForCountry("KZ")).toBe("KZT");
    expect(currencyForCountry("AQ")).toBeUndefined();
  });
});

describe("method tables", () => {
  test("7 methods each way, as spec 2.5 lists them", () => {
    expect(PAYIN_METHODS).toEqual([
      "Card",
      "CrossBorderCard",
      "SBP",
      "CrossBorderSBP",
      "QRNSPK",
      "QRNSPKCrossBorder",
      "PIX",
    ]);
    expect(PAYOUT_METHODS).toEqual([
      "Card",
      "SBP",
      "BankAccount",
      "PIX_OUT_CPF",
      "PIX_OUT_EMAIL",
      "PIX_OUT_PHONE",
      "PIX_OUT_EVP",
    ]);
  });
  test("bankDetails shape per pay-in method (spec 2.2)", () => {
    expect(Object.fromEntries(PAYIN_METHODS.map((m) => [m, PAYIN_METHOD_INFO[m].bankDetails]))).toEqual({
      Card: "card",
      CrossBorderCard: "card",
      SBP: "phone",
      CrossBorderSBP: "phone",
      QRNSPK: "nspkQr",
      QRNSPKCrossBorder: "nspkQr",
      PIX: "pixQr",
    });
  });
  test("every method has a label, a valid default country; every detail field a label", () => {
    for (const m of PAYIN_METHODS) {
      expect(PAYIN_METHOD_INFO[m].label).not.toBe("");
      expect(isCountryCode(PAYIN_METHOD_INFO[m].defaultCountry)).toBe(true);
    }
    for (const m of PAYOUT_METHODS) {
      expect(PAYOUT_METHOD_INFO[m].label).not.toBe("");
      expect(isCountryCode(PAYOUT_METHOD_INFO[m].defaultCountry)).toBe(true);
    }
    for (const f of PAYOUT_DETAIL_FIELDS) expect(PAYOUT_DETAIL_LABELS[f]).not.toBe("");
  });
  test("method guards", () => {
    expect(isPayinMethod("QRNSPK")).toBe(true);
    expect(isPayinMethod("PIX_OUT_EVP")).toBe(false);
    expect(isPayoutMethod("PIX_OUT_EVP")).toBe(true);
    expect(isPayoutMethod("QRNSPK")).toBe(false);
  });
});

describe("bank record and banks query", () => {
  const sber = { id: 1001, name: "Sberbank", alpha2: "RU", nspk: "100000000111" };
  test("a bank record passes; extra directory fields are dropped", () => {
    expect(bankSchema.parse({ ...sber, nameLocal: "Сбербанк" })).toEqual(sber);
    expect(bankListSchema.safeParse([sber, { ...sber, id: 1002 }]).success).toBe(true);
    expect(bankListSchema.safeParse([]).success).toBe(true);
  });
  test.each(["id", "name", "alpha2", "nspk"])("a bank without %s fails", (field) => {
    expect(bankSchema.safeParse({ ...sber, [field]: undefined }).success).toBe(false);
  });
  test.each([
    [{ country: "RU" }, true],
    [{ country: "AQ" }, true], // well-formed, no banks: the endpoint answers []
    [{ country: "ru" }, false],
    [{ country: "RUS" }, false],
    [{ country: "XX" }, false],
    [{ country: "" }, false],
    [{}, false],
  ])("banks query %j → %s", (query, valid) => {
    const result = banksQuerySchema.safeParse(query);
    expect(result.success).toBe(valid);
    if (!result.success) {
      expect(result.error.issues.map((i) => i.path.join("."))).toEqual(["country"]);
      expect(result.error.issues[0]?.message).toMatch(/ISO 3166-1 alpha-2/);
    }
  });
});

describe("callback payload", () => {
  const payload = {
    id: "3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10",
    paymentId: "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d",
    type: "payin",
    status: "Success",
    amount: 1500.37,
    paymentMethod: "QRNSPK",
    country: "RU",
    updatedAt: "2026-11-22T10:15:00.000Z",
  };
  test("the documented callback payload passes, with any status string", () => {
    expect(callbackPayloadSchema.safeParse(payload).success).toBe(true);
    expect(callbackPayloadSchema.safeParse({ ...payload, status: "Chargeback" }).success).toBe(true);
    expect(
      callbackPayloadSchema.safeParse({ ...payload, type: "payout", paymentMethod: "PIX_OUT_EVP" }).success,
    ).toBe(true);
  });
  test.each(Object.keys(payload))("without %s it fails", (field) => {
    const result = callbackPayloadSchema.safeParse({ ...payload, [field]: undefined });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual([field]);
  });
  test.each([
    ["type", "refund"],
    ["updatedAt", "yesterday"],
    ["amount", "1500"],
    ["id", "not-a-uuid"],
    ["status", ""],
  ])("%s = %j fails", (field, value) => {
    expect(callbackPayloadSchema.safeParse({ ...payload, [field]: value }).success).toBe(false);
  });
  test("header names, lower case", () => {
    expect(Object.values(CALLBACK_HEADERS)).toEqual([
      "x-client-id",
      "x-signature",
      "webhook-id",
      "webhook-timestamp",
      "webhook-signature",
    ]);
  });
});

describe("statuses", () => {
  test("In progress, then Success / Failed / Expired, which are final", () => {
    expect(ORDER_STATUSES).toEqual(["In progress", "Success", "Failed", "Expired"]);
    expect(FINAL_STATUSES.every(isFinalStatus)).toBe(true);
    expect(isFinalStatus("In progress")).toBe(false);
    expect(isFinalStatus("success")).toBe(false);
  });
});

describe("problem details", () => {
  test("fieldErrorsFromZod names each failing field by its dotted path", () => {
    const result = payoutRequestSchema.safeParse(
      samplePayoutRequest("Card", { bankId: 1, payoutDetails: { ccExpirationMonth: "13" } }),
    );
    if (result.success) throw new Error("expected a failure");
    expect(fieldErrorsFromZod(result.error)).toEqual([
      { path: "payoutDetails.ccExpirationMonth", message: "Must be two digits from 01 to 12" },
      { path: "bankId", message: "Accepted only with the SBP method: remove bankId for Card" },
    ]);
  });
  test("a root error is reported at (body)", () => {
    const result = payoutRequestSchema.safeParse(null);
    if (result.success) throw new Error("expected a failure");
    expect(fieldErrorsFromZod(result.error)).toEqual([
      { path: "(body)", message: "Must be a JSON object: the pay-out order request" },
    ]);
  });
  test("problem body shape (RFC 9457)", () => {
    const problem = {
      type: "https://docs.example/problems/validation",
      title: "Invalid request",
      status: 400,
      detail: "2 fields are invalid",
      errors: [{ path: "amount", message: "Must be greater than 0" }],
    };
    expect(problemSchema.safeParse(problem).success).toBe(true);
    expect(problemSchema.safeParse({ type: "about:blank", title: "Not found", status: 404 }).success).toBe(
      true,
    );
    expect(problemSchema.safeParse({ title: "x", status: 400 }).success).toBe(false);
    expect(problemSchema.safeParse({ ...problem, status: "400" }).success).toBe(false);
  });
});

describe("samples' deep merge", () => {
  test("merges nested objects, replaces scalars and arrays, deletes on undefined", () => {
    const base = { a: 1, b: { c: 2, d: 3 }, e: [1, 2] };
    expect(deepMerge(base, { b: { c: 9 }, e: [3] })).toEqual({ a: 1, b: { c: 9, d: 3 }, e: [3] });
    expect(deepMerge(base, { b: { d: undefined }, a: undefined })).toEqual({ b: { c: 2 }, e: [1, 2] });
    expect(deepMerge(base, { b: "x" })).toEqual({ a: 1, b: "x", e: [1, 2] });
    expect(base).toEqual({ a: 1, b: { c: 2, d: 3 }, e: [1, 2] });
  });
  test("each sample has fresh ids", () => {
    const a = samplePayoutRequest("Card");
    const b = samplePayoutRequest("Card");
    expect(a.paymentId).not.toBe(b.paymentId);
    expect(a.client.id).not.toBe(b.client.id);
    expect(ok(uuidV4, a.paymentId)).toBe(true);
  });
  test("an override replaces one detail and keeps the rest", () => {
    const request = samplePayoutRequest("Card", { payoutDetails: { ccNo: "5555555555554444" } });
    expect(request.payoutDetails?.ccNo).toBe("5555555555554444");
    expect(request.payoutDetails?.ccHolderName).toBe("IVAN IVANOV");
  });
});
