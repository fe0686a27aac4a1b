/**
 * Pay-out request rules, driven by PAYOUT_METHOD_INFO: a change in the method table changes these cases.
 */
import { describe, expect, test } from "vitest";
import { failures } from "@/lib/testing/schema-failures";
import {
  PAYOUT_DETAIL_FIELDS,
  PAYOUT_METHOD_INFO,
  PAYOUT_METHODS,
  type PayoutDetailField,
  type PayoutMethod,
  payoutRequestSchema,
  payoutResponseSchema,
} from "./index";
import { SAMPLE_VALUES, samplePayoutRequest } from "./samples";

const failingPaths = (value: unknown) => failures(payoutRequestSchema, value).map((f) => f.path);

/** Every message names what is expected: a "Required: …", "Must …" or "Accepted only …" sentence. */
const EXPECTATION = /^(Required|Must|Accepted only|Is not a valid)\b.{8,}/;

/** Fields every pay-out request must carry (spec 2.3). */
const BASE_REQUIRED = [
  "paymentId",
  "client",
  "client.id",
  "client.ip",
  "client.email",
  "amount",
  "country",
  "paymentMethod",
  "trafficType",
] as const;

function requiredPaths(method: PayoutMethod): string[] {
  const info = PAYOUT_METHOD_INFO[method];
  return [
    ...BASE_REQUIRED,
    ...info.requiredDetails.map((f) => `payoutDetails.${f}`),
    ...(info.requiresTin ? ["client.tin"] : []),
    ...(info.requiresClientPhone ? ["client.phone"] : []),
  ];
}

/** An override that deletes the field at a dotted path. */
function without(path: string): Record<string, unknown> {
  const keys = path.split(".");
  return keys.reduceRight<Record<string, unknown>>(
    (inner, key, i) => (i === keys.length - 1 ? { [key]: undefined } : { [key]: inner }),
    {},
  );
}
function withValue(path: string, value: unknown): Record<string, unknown> {
  return path.split(".").reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<
    string,
    unknown
  >;
}

const MALFORMED_DETAILS: Record<PayoutDetailField, unknown[]> = {
  ccNo: ["4111111111111112", "4111 1111 1111 1111", "411111111111", "41111111111111111111", 4111111111111111],
  ccHolderName: ["", " ", "I", "R2D2", "x".repeat(65)],
  ccExpirationMonth: ["13", "00", "1", "012", 12],
  ccExpirationYear: ["2029", "9", "ab", 29],
  phoneNumber: ["+5511987654321", "89001234567", "+7900123456", "+7 900 123 45 67", ""],
  payeeName: ["", "   ", "x".repeat(101)],
  bankAccountNo: ["1234", "4081 7810", "40817810099910004312x", "a".repeat(10)],
  evp: ["not-a-uuid", "123e4567e89b12d3a456426614174000", ""],
};

const MALFORMED_COMMON: [string, unknown][] = [
  ["paymentId", "not-a-uuid"],
  ["paymentId", "c232ab00-9414-11ec-b3c8-9f6bdeced846"], // a UUID v1
  ["client", "someone"],
  ["client.id", "42"],
  ["client.ip", "999.1.1.1"],
  ["client.ip", "localhost"],
  ["client.email", "no-at-sign"],
  ["client.phone", "12345"],
  ["client.tin", "52998224726"],
  ["amount", 0],
  ["amount", -1],
  ["amount", 10.001],
  ["amount", "100"],
  ["amount", 1e13],
  ["country", "ru"],
  ["country", "XX"],
  ["country", "RUS"],
  ["paymentMethod", "Crypto"],
  ["paymentMethod", "card"],
  ["trafficType", "NEW"],
  ["postbackUrl", "ftp://example.com/cb"],
  ["postbackUrl", "not a url"],
];

describe.each(PAYOUT_METHODS)("pay-out %s", (method) => {
  const info = PAYOUT_METHOD_INFO[method];

  test("the sample passes", () => {
    expect(failures(payoutRequestSchema, samplePayoutRequest(method))).toEqual([]);
  });

  test("the sample with every optional field passes", () => {
    const optional = Object.fromEntries(
      info.optionalDetails.map((f) => [f, f === "payeeName" ? "Ivan Ivanov" : undefined]),
    );
    const request = samplePayoutRequest(method, {
      postbackUrl: "https://merchant.example/callback",
      client: { phone: method.startsWith("PIX_OUT_") ? SAMPLE_VALUES.brPhone : SAMPLE_VALUES.ruPhone },
      payoutDetails: optional,
      ...(info.usesBankId ? { bankId: 1001 } : {}),
    });
    expect(failures(payoutRequestSchema, request)).toEqual([]);
  });

  test.each(requiredPaths(method))("missing %s fails at exactly that path", (path) => {
    const result = failures(payoutRequestSchema, samplePayoutRequest(method, without(path)));
    expect(result.map((f) => f.path)).toEqual([path]);
    expect(result[0]?.message).toMatch(/^Required/);
    expect(result[0]?.message).toMatch(EXPECTATION);
  });

  const detailCases = [...info.requiredDetails, ...info.optionalDetails].flatMap((field) =>
    MALFORMED_DETAILS[field].map((value) => ({ path: `payoutDetails.${field}`, value })),
  );
  test.each(detailCases)("malformed $path = $value fails at exactly that path", ({ path, value }) => {
    const result = failures(payoutRequestSchema, samplePayoutRequest(method, withValue(path, value)));
    expect(result.length).toBeGreaterThan(0);
    expect(new Set(result.map((f) => f.path))).toEqual(new Set([path]));
    for (const f of result) expect(f.message).toMatch(EXPECTATION);
  });

  test.each(MALFORMED_COMMON.map(([path, value]) => ({ path, value })))(
    "malformed $path = $value fails at exactly that path",
    ({ path, value }) => {
      const result = failures(payoutRequestSchema, samplePayoutRequest(method, withValue(path, value)));
      expect(result.length).toBeGreaterThan(0);
      expect(new Set(result.map((f) => f.path))).toEqual(new Set([path]));
      for (const f of result) expect(f.message).toMatch(EXPECTATION);
    },
  );

  if (info.usesBankId) {
    test.each([1.5, 0, -3, "1001"])("bankId = %s is malformed", (bankId) => {
      expect(failingPaths(samplePayoutRequest(method, { bankId }))).toEqual(["bankId"]);
    });
  } else {
    test("bankId is refused: accepted only with SBP", () => {
      const result = failures(payoutRequestSchema, samplePayoutRequest(method, { bankId: 1001 }));
      expect(result).toEqual([
        { path: "bankId", message: expect.stringContaining("only with the SBP method") },
      ]);
    });
  }

  if (info.requiredDetails.length > 0) {
    test("without payoutDetails, every required detail is named", () => {
      expect(failingPaths(samplePayoutRequest(method, { payoutDetails: undefined }))).toEqual(
        info.requiredDetails.map((f) => `payoutDetails.${f}`),
      );
    });
  }
});

describe("pay-out rules across fields", () => {
  test("the table: tin for every PIX_OUT_*, bankId only with SBP", () => {
    for (const method of PAYOUT_METHODS) {
      expect(PAYOUT_METHOD_INFO[method].requiresTin).toBe(method.startsWith("PIX_OUT_"));
      expect(PAYOUT_METHOD_INFO[method].usesBankId).toBe(method === "SBP");
    }
    expect(PAYOUT_METHOD_INFO.Card.requiredDetails).toEqual([
      "ccNo",
      "ccHolderName",
      "ccExpirationMonth",
      "ccExpirationYear",
    ]);
    expect(PAYOUT_METHOD_INFO.SBP.requiredDetails).toEqual(["phoneNumber"]);
    expect(PAYOUT_METHOD_INFO.SBP.optionalDetails).toEqual(["payeeName"]);
    expect(PAYOUT_METHOD_INFO.BankAccount.requiredDetails).toEqual(["bankAccountNo"]);
    expect(PAYOUT_METHOD_INFO.PIX_OUT_EVP.requiredDetails).toEqual(["evp"]);
  });

  test("every detail field has a malformed-value table", () => {
    expect(Object.keys(MALFORMED_DETAILS).sort()).toEqual([...PAYOUT_DETAIL_FIELDS].sort());
  });

  test("an expired card fails at ccExpirationYear, a card expiring this month passes", () => {
    const now = new Date();
    const thisMonth = String(now.getUTCMonth() + 1).padStart(2, "0");
    const thisYear = String(now.getUTCFullYear() % 100).padStart(2, "0");
    const lastYear = String((now.getUTCFullYear() - 1) % 100).padStart(2, "0");
    const expired = samplePayoutRequest("Card", {
      payoutDetails: { ccExpirationMonth: "12", ccExpirationYear: lastYear },
    });
    const result = failures(payoutRequestSchema, expired);
    expect(result).toEqual([
      {
        path: "payoutDetails.ccExpirationYear",
        message: `Must not be in the past: the card expired at the end of 12/${lastYear}`,
      },
    ]);
    const current = samplePayoutRequest("Card", {
      payoutDetails: { ccExpirationMonth: thisMonth, ccExpirationYear: thisYear },
    });
    expect(failures(payoutRequestSchema, current)).toEqual([]);
  });

  test("a malformed month does not also report the card as expired", () => {
    expect(
      failingPaths(
        samplePayoutRequest("Card", { payoutDetails: { ccExpirationMonth: "13", ccExpirationYear: "20" } }),
      ),
    ).toEqual(["payoutDetails.ccExpirationMonth"]);
  });

  test("per-method rules are reported together with field errors (every failing field named)", () => {
    const request = samplePayoutRequest("Card", {
      amount: "ten",
      bankId: 7,
      payoutDetails: { ccNo: undefined },
    });
    expect(new Set(failingPaths(request))).toEqual(new Set(["amount", "bankId", "payoutDetails.ccNo"]));
    const pix = samplePayoutRequest("PIX_OUT_PHONE", {
      paymentId: "x",
      client: { tin: undefined, phone: undefined },
    });
    expect(new Set(failingPaths(pix))).toEqual(new Set(["paymentId", "client.tin", "client.phone"]));
  });

  test("an empty object names every required field", () => {
    expect(new Set(failingPaths({ paymentMethod: "PIX_OUT_EVP" }))).toEqual(
      new Set([
        ...requiredPaths("PIX_OUT_EVP").filter((p) => !p.startsWith("client.") && p !== "paymentMethod"),
      ]),
    );
  });

  test.each([null, [], "text", 42])("a body that is not an object (%s) fails at the root", (body) => {
    expect(failures(payoutRequestSchema, body)).toEqual([
      { path: "", message: "Must be a JSON object: the pay-out order request" },
    ]);
  });

  test("a malformed payoutDetails or client is reported once, not with derived errors", () => {
    expect(failingPaths(samplePayoutRequest("Card", { payoutDetails: "card" }))).toEqual(["payoutDetails"]);
    expect(failingPaths(samplePayoutRequest("PIX_OUT_PHONE", { client: "someone" }))).toEqual(["client"]);
  });

  test.each([
    ["CPF", "52998224725"],
    ["CPF with punctuation", "529.982.247-25"],
    ["CNPJ", "11.222.333/0001-81"],
    ["alphanumeric CNPJ", "12ABC34501DE35"],
  ])("client.tin accepts a %s", (_kind, tin) => {
    expect(failingPaths(samplePayoutRequest("PIX_OUT_CPF", { client: { tin } }))).toEqual([]);
  });

  test("unknown fields are dropped, not passed through", () => {
    const result = payoutRequestSchema.parse(samplePayoutRequest("SBP", { extra: 1 }));
    expect(result).not.toHaveProperty("extra");
  });
});

describe("pay-out response", () => {
  test.each([
    [{ id: "3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10", status: "In progress" }, true],
    [{ id: "3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10", status: "Whatever the service says" }, true],
    [{ id: "3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10" }, false],
    [{ id: "order-1", status: "In progress" }, false],
    [{ id: "3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10", status: "" }, false],
  ])("%j → valid %s", (response, valid) => {
    expect(payoutResponseSchema.safeParse(response).success).toBe(valid);
  });
});
