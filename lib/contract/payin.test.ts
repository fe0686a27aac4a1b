/** Pay-in request and response, driven by PAYIN_METHOD_INFO. */
import { describe, expect, test } from "vitest";
import { failures } from "@/lib/testing/schema-failures";
import {
  PAYIN_METHOD_INFO,
  PAYIN_METHODS,
  type PayinMethod,
  payinRequestSchema,
  payinResponseSchema,
  payinResponseSchemaFor,
} from "./index";
import { samplePayinRequest, samplePayinResponse } from "./samples";

const EXPECTATION = /^(Required|Must|Is not a valid)\b.{8,}/;

function withValue(path: string, value: unknown): Record<string, unknown> {
  return path.split(".").reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<
    string,
    unknown
  >;
}

/** Fields every pay-in request must carry (spec 2.1; postbackUrl is optional by docs/architecture.md, postbackUrl). */
const REQUIRED = [
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

const MALFORMED: [string, unknown][] = [
  ["paymentId", "not-a-uuid"],
  ["paymentId", "c232ab00-9414-11ec-b3c8-9f6bdeced846"],
  ["paymentId", 12345],
  ["client", "someone"],
  ["client.id", "42"],
  ["client.ip", "1.2.3"],
  ["client.ip", "::g"],
  ["client.email", "a@"],
  ["client.phone", "phone"],
  ["client.phone", "+0123456789"],
  ["client.firstName", ""],
  ["client.lastName", "x".repeat(101)],
  ["amount", 0],
  ["amount", -10],
  ["amount", 0.001],
  ["amount", 0.1 + 0.2],
  ["amount", "1500"],
  ["amount", null],
  ["country", "Russia"],
  ["country", "ZZ"],
  ["paymentMethod", "PIX_OUT_CPF"],
  ["trafficType", "all"],
  ["postbackUrl", "javascript:alert(1)"],
  ["bankId", 1.5],
  ["bankId", "1001"],
  ["addRandomCents", "true"],
];

describe.each(PAYIN_METHODS)("pay-in %s", (method: PayinMethod) => {
  test("the sample passes", () => {
    expect(failures(payinRequestSchema, samplePayinRequest(method))).toEqual([]);
  });

  test("the sample with every optional field passes", () => {
    const request = samplePayinRequest(method, {
      postbackUrl: "http://localhost:3000/api/postback",
      addRandomCents: true,
      ...(PAYIN_METHOD_INFO[method].usesBankId ? { bankId: 1001 } : {}),
    });
    expect(failures(payinRequestSchema, request)).toEqual([]);
  });

  test("the sample with no optional field passes", () => {
    const request = samplePayinRequest(method, {
      client: { phone: undefined, firstName: undefined, lastName: undefined },
    });
    expect(failures(payinRequestSchema, request)).toEqual([]);
  });

  test.each(REQUIRED)("missing %s fails at exactly that path", (path) => {
    const result = failures(payinRequestSchema, samplePayinRequest(method, withValue(path, undefined)));
    expect(result.map((f) => f.path)).toEqual([path]);
    expect(result[0]?.message).toMatch(/^Required: /);
  });

  test.each(MALFORMED.map(([path, value]) => ({ path, value })))(
    "malformed $path = $value fails at exactly that path",
    ({ path, value }) => {
      const result = failures(payinRequestSchema, samplePayinRequest(method, withValue(path, value)));
      expect(result.length).toBeGreaterThan(0);
      expect(new Set(result.map((f) => f.path))).toEqual(new Set([path]));
      for (const f of result) expect(f.message).toMatch(EXPECTATION);
    },
  );

  test("its sample response passes its own response schema and the generic one", () => {
    const response = samplePayinResponse(method);
    expect(failures(payinResponseSchemaFor(method), response)).toEqual([]);
    expect(failures(payinResponseSchema, response)).toEqual([]);
  });

  test.each(
    PAYIN_METHODS.filter((m) => PAYIN_METHOD_INFO[m].bankDetails !== PAYIN_METHOD_INFO[method].bankDetails),
  )("a response carrying %s's bankDetails shape fails", (other) => {
    const response = { ...samplePayinResponse(method), bankDetails: samplePayinResponse(other).bankDetails };
    // A PIX QR (code only) is also a valid NSPK QR: that one direction passes, every other mix fails.
    const qrPair =
      PAYIN_METHOD_INFO[method].bankDetails === "nspkQr" && PAYIN_METHOD_INFO[other].bankDetails === "pixQr";
    expect(payinResponseSchemaFor(method).safeParse(response).success).toBe(qrPair);
  });

  test.each(["id", "status", "expiresAt", "bankDetails"])("a response without %s fails there", (field) => {
    const result = failures(
      payinResponseSchemaFor(method),
      samplePayinResponse(method, { [field]: undefined }),
    );
    expect(result.map((f) => f.path)).toEqual([field]);
  });
});

describe("pay-in request details", () => {
  test("postbackUrl is optional, and http(s) only", () => {
    expect(
      failures(payinRequestSchema, samplePayinRequest("Card", { postbackUrl: "https://a.example/x" })),
    ).toEqual([]);
    expect(
      failures(payinRequestSchema, samplePayinRequest("Card", { postbackUrl: "ftp://a.example/x" })).map(
        (f) => f.path,
      ),
    ).toEqual(["postbackUrl"]);
  });

  test("amounts: 100.5, 0.01 and 1500 pass; three decimals and floating-point noise fail", () => {
    for (const amount of [100.5, 0.01, 1500, 999_999_999_999.99]) {
      expect(failures(payinRequestSchema, samplePayinRequest("SBP", { amount }))).toEqual([]);
    }
    for (const amount of [100.555, 0.1 + 0.2, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, 1e21]) {
      expect(
        failures(payinRequestSchema, samplePayinRequest("SBP", { amount })).map((f) => f.path),
      ).toContain("amount");
    }
  });

  test("client.ip accepts IPv4 and IPv6", () => {
    for (const ip of ["192.168.0.1", "::1", "2001:db8::8a2e:370:7334", "fe80::1"]) {
      expect(failures(payinRequestSchema, samplePayinRequest("Card", { client: { ip } }))).toEqual([]);
    }
  });

  test("a body that is not an object fails at the root with an actionable message", () => {
    expect(failures(payinRequestSchema, null)).toEqual([
      { path: "", message: "Must be a JSON object: the pay-in order request" },
    ]);
  });

  test("an empty object names every required field", () => {
    expect(new Set(failures(payinRequestSchema, {}).map((f) => f.path))).toEqual(
      new Set(REQUIRED.filter((p) => !p.startsWith("client."))),
    );
  });
});

describe("pay-in response bankDetails shapes", () => {
  const base = {
    id: "3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10",
    status: "In progress",
    expiresAt: "2026-11-22T10:15:00Z",
  };
  const nspk = payinResponseSchemaFor("QRNSPK");
  const pix = payinResponseSchemaFor("PIX");
  const nspkDetails = (qr: object) => ({ ...base, bankDetails: { qr, bankName: "Sberbank", bankId: 1001 } });

  test.each([
    {
      case: "url only",
      qr: { url: "https://qr.nspk.ru/AD100004BAL7227F9BNP6KNE007J9B3K?type=02&bank=100000000111" },
    },
    { case: "code only", qr: { code: "AD100004BAL7227F9BNP6KNE007J9B3K" } },
    { case: "url and code", qr: { url: "https://qr.nspk.ru/AD1", code: "AD1" } },
  ])("NSPK QR with $case passes", ({ qr }) => {
    expect(failures(nspk, nspkDetails(qr))).toEqual([]);
    expect(failures(payinResponseSchemaFor("QRNSPKCrossBorder"), nspkDetails(qr))).toEqual([]);
  });

  test.each([
    { case: "neither url nor code", qr: {}, path: "bankDetails.qr" },
    { case: "a url that is not a URL", qr: { url: "not a url" }, path: "bankDetails.qr.url" },
    { case: "an empty code", qr: { code: "" }, path: "bankDetails.qr.code" },
  ])("NSPK QR with $case fails at $path", ({ qr, path }) => {
    expect(failures(nspk, nspkDetails(qr)).map((f) => f.path)).toContain(path);
  });

  test("PIX needs qr.code, bankName and bankId", () => {
    const ok = {
      ...base,
      bankDetails: { qr: { code: "000201...6304ABCD" }, bankName: "Banco do Brasil", bankId: 2001 },
    };
    expect(failures(pix, ok)).toEqual([]);
    expect(failures(pix, { ...ok, bankDetails: { ...ok.bankDetails, qr: {} } }).map((f) => f.path)).toEqual([
      "bankDetails.qr.code",
    ]);
    expect(
      failures(pix, { ...ok, bankDetails: { qr: ok.bankDetails.qr, bankName: "Banco do Brasil" } }).map(
        (f) => f.path,
      ),
    ).toEqual(["bankDetails.bankId"]);
  });

  test.each([
    { kind: "card", method: "Card" as const, drop: "card", path: "bankDetails.card" },
    { kind: "card", method: "CrossBorderCard" as const, drop: "bankName", path: "bankDetails.bankName" },
    { kind: "phone", method: "SBP" as const, drop: "payeeName", path: "bankDetails.payeeName" },
    {
      kind: "phone",
      method: "CrossBorderSBP" as const,
      drop: "phoneNumber",
      path: "bankDetails.phoneNumber",
    },
    { kind: "nspkQr", method: "QRNSPK" as const, drop: "bankId", path: "bankDetails.bankId" },
  ])("$method ($kind) without $drop fails at $path", ({ method, drop, path }) => {
    const response = samplePayinResponse(method, { bankDetails: { [drop]: undefined } });
    expect(failures(payinResponseSchemaFor(method), response).map((f) => f.path)).toEqual([path]);
  });

  test("the amount extension field is accepted and checked", () => {
    expect(failures(nspk, { ...samplePayinResponse("QRNSPK"), amount: 1500.37 })).toEqual([]);
    expect(failures(nspk, { ...samplePayinResponse("QRNSPK"), amount: 1500.375 }).map((f) => f.path)).toEqual(
      ["amount"],
    );
  });

  test.each(["2026-11-22T10:15:00Z", "2026-11-22T10:15:00.123Z", "2026-11-22T13:15:00+03:00"])(
    "expiresAt %s is accepted",
    (expiresAt) => {
      expect(failures(nspk, samplePayinResponse("QRNSPK", { expiresAt }))).toEqual([]);
    },
  );
  test.each(["2026-11-22", "tomorrow", "2026-11-22 10:15"])("expiresAt %s is refused", (expiresAt) => {
    expect(failures(nspk, samplePayinResponse("QRNSPK", { expiresAt })).map((f) => f.path)).toEqual([
      "expiresAt",
    ]);
  });
});
