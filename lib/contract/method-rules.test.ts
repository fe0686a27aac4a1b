/**
 * The rules across fields that the method tables drive: the countries a method serves, the bank directory
 * of its bankId, and the Pix keys' formats. Forms and the sandbox both judge with these schemas.
 */
import { describe, expect, test } from "vitest";
import { failures } from "@/lib/testing/schema-failures";
import {
  bankDirectoryCountry,
  isCountryCode,
  PAYIN_METHOD_INFO,
  PAYIN_METHODS,
  PAYOUT_METHOD_INFO,
  PAYOUT_METHODS,
  payinRequestSchema,
  payoutRequestSchema,
  servedCountries,
} from "./index";
import { SAMPLE_VALUES, samplePayinRequest, samplePayoutRequest } from "./samples";

describe("the countries a method serves", () => {
  test.each([
    ["payin", "SBP", ["RU"]],
    ["payin", "QRNSPK", ["RU"]],
    ["payin", "PIX", ["BR"]],
    ["payin", "Card", undefined],
    ["payin", "CrossBorderCard", undefined],
    ["payin", "CrossBorderSBP", undefined],
    ["payin", "QRNSPKCrossBorder", undefined],
    ["payout", "SBP", ["RU"]],
    ["payout", "Card", undefined],
    ["payout", "BankAccount", undefined],
    ["payout", "PIX_OUT_CPF", ["BR"]],
    ["payout", "PIX_OUT_EMAIL", ["BR"]],
    ["payout", "PIX_OUT_PHONE", ["BR"]],
    ["payout", "PIX_OUT_EVP", ["BR"]],
  ] as const)("%s %s serves %o", (direction, method, expected) => {
    expect(servedCountries(direction, method)).toEqual(expected);
  });

  test("every method's default country is one it serves, and an assigned code", () => {
    for (const m of PAYIN_METHODS) {
      const { defaultCountry } = PAYIN_METHOD_INFO[m];
      expect(isCountryCode(defaultCountry)).toBe(true);
      expect(servedCountries("payin", m) ?? [defaultCountry]).toContain(defaultCountry);
    }
    for (const m of PAYOUT_METHODS) {
      const { defaultCountry } = PAYOUT_METHOD_INFO[m];
      expect(servedCountries("payout", m) ?? [defaultCountry]).toContain(defaultCountry);
    }
  });

  test("pay-in SBP with country BR fails at country, naming the method and what it serves", () => {
    expect(failures(payinRequestSchema, samplePayinRequest("SBP", { country: "BR" }))).toEqual([
      {
        path: "country",
        message: "Must be RU: SBP serves country RU only (another country needs another payment method)",
      },
    ]);
  });

  test("pay-in PIX outside BR and pay-out PIX_OUT_* outside BR fail at country", () => {
    expect(
      failures(payinRequestSchema, samplePayinRequest("PIX", { country: "RU" })).map((f) => f.path),
    ).toEqual(["country"]);
    for (const m of ["PIX_OUT_CPF", "PIX_OUT_EMAIL", "PIX_OUT_PHONE", "PIX_OUT_EVP"] as const) {
      const paths = failures(payoutRequestSchema, samplePayoutRequest(m, { country: "RU" })).map(
        (f) => f.path,
      );
      expect(paths).toEqual(["country"]);
    }
    expect(
      failures(payoutRequestSchema, samplePayoutRequest("SBP", { country: "KZ" })).map((f) => f.path),
    ).toEqual(["country"]);
  });

  test("methods that serve any country accept any assigned code", () => {
    for (const country of ["KZ", "BR", "US"]) {
      expect(failures(payinRequestSchema, samplePayinRequest("Card", { country }))).toEqual([]);
      expect(failures(payinRequestSchema, samplePayinRequest("CrossBorderSBP", { country }))).toEqual([]);
      expect(failures(payoutRequestSchema, samplePayoutRequest("BankAccount", { country }))).toEqual([]);
    }
  });

  test("a malformed code gets only the code's own message", () => {
    expect(failures(payinRequestSchema, samplePayinRequest("SBP", { country: "XX" }))).toEqual([
      { path: "country", message: expect.stringContaining("ISO 3166-1 alpha-2") },
    ]);
  });

  test("the country rule is reported with the other failing fields", () => {
    const paths = failures(
      payinRequestSchema,
      samplePayinRequest("SBP", { country: "BR", client: { email: "nope" } }),
    ).map((f) => f.path);
    expect(new Set(paths)).toEqual(new Set(["client.email", "country"]));
  });
});

describe("the bank directory of a bankId", () => {
  test.each([
    ["payin", "CrossBorderSBP", "KZ", "RU"],
    ["payin", "QRNSPKCrossBorder", "KZ", "RU"],
    ["payin", "Card", "KZ", "KZ"],
    ["payin", "CrossBorderCard", "KZ", "KZ"],
    ["payin", "PIX", "BR", "BR"],
    ["payout", "SBP", "RU", "RU"],
  ] as const)("%s %s in %s picks banks of %s", (direction, method, country, expected) => {
    expect(bankDirectoryCountry(direction, method, country)).toBe(expected);
  });

  test("Card and CrossBorderCard pay-ins accept a bankId", () => {
    expect(PAYIN_METHOD_INFO.Card.usesBankId).toBe(true);
    expect(PAYIN_METHOD_INFO.CrossBorderCard.usesBankId).toBe(true);
    expect(failures(payinRequestSchema, samplePayinRequest("Card", { bankId: 1001 }))).toEqual([]);
  });
});

describe("Pix pay-out keys", () => {
  const phoneFailures = (phone: string) =>
    failures(payoutRequestSchema, samplePayoutRequest("PIX_OUT_PHONE", { client: { phone } }));

  test.each([
    "+5511987654321", // São Paulo mobile, 9 digits
    "+551133334444", // São Paulo landline, 8 digits
    "+5521987654321",
  ])("PIX_OUT_PHONE accepts the Brazilian number %s", (phone) => {
    expect(phoneFailures(phone)).toEqual([]);
  });

  test.each([
    ["a Russian number", "+79161234567"],
    ["a number without the +", "5511987654321"],
    ["an area code with a zero", "+5501987654321"],
    ["too few digits", "+55119876543"],
    ["too many digits", "+55119876543210"],
  ])("PIX_OUT_PHONE refuses %s at client.phone", (_kind, phone) => {
    const found = phoneFailures(phone);
    expect(found).toEqual([
      { path: "client.phone", message: expect.stringMatching(/^Must be a Brazilian phone/) },
    ]);
  });

  test("a phone that is not a phone at all keeps its own single message", () => {
    expect(phoneFailures("call me")).toEqual([
      { path: "client.phone", message: expect.stringMatching(/^Must be a phone number/) },
    ]);
  });

  test("the client's phone of other Pix methods is not a key: any international number", () => {
    expect(
      failures(
        payoutRequestSchema,
        samplePayoutRequest("PIX_OUT_CPF", { client: { phone: SAMPLE_VALUES.ruPhone } }),
      ),
    ).toEqual([]);
  });

  test("PIX_OUT_EMAIL refuses an invalid address and one too long to be a Pix key, at client.email", () => {
    const emailFailures = (email: string) =>
      failures(payoutRequestSchema, samplePayoutRequest("PIX_OUT_EMAIL", { client: { email } }));
    expect(emailFailures("maria@example.com.br")).toEqual([]);
    expect(emailFailures("maria.example.com").map((f) => f.path)).toEqual(["client.email"]);
    const long = `${"a".repeat(66)}@example.com`; // 78 characters
    expect(emailFailures(long)).toEqual([
      { path: "client.email", message: expect.stringContaining("at most 77 characters") },
    ]);
    // Not a key for other methods: the general e-mail bound applies.
    expect(
      failures(payoutRequestSchema, samplePayoutRequest("PIX_OUT_CPF", { client: { email: long } })),
    ).toEqual([]);
  });

  test("PIX_OUT_CPF refuses a CPF whose check digits are wrong, at client.tin", () => {
    const tinFailures = (tin: string) =>
      failures(payoutRequestSchema, samplePayoutRequest("PIX_OUT_CPF", { client: { tin } }));
    expect(tinFailures("529.982.247-25")).toEqual([]);
    expect(tinFailures("529.982.247-26")).toEqual([
      { path: "client.tin", message: expect.stringContaining("check digits") },
    ]);
    expect(tinFailures("111.111.111-11").map((f) => f.path)).toEqual(["client.tin"]);
  });

  test("each PIX_OUT_* names the field its key travels in", () => {
    expect(PAYOUT_METHOD_INFO.PIX_OUT_CPF.pixKey).toBe("client.tin");
    expect(PAYOUT_METHOD_INFO.PIX_OUT_EMAIL.pixKey).toBe("client.email");
    expect(PAYOUT_METHOD_INFO.PIX_OUT_PHONE.pixKey).toBe("client.phone");
    expect(PAYOUT_METHOD_INFO.PIX_OUT_EVP.pixKey).toBe("payoutDetails.evp");
  });
});
