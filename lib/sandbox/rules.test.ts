import { describe, expect, it } from "vitest";
import { samplePayoutRequest } from "@/lib/contract/samples";
import { canonicalJson } from "@/lib/contract/canonical-json";
import { maskCardNumber } from "@/lib/contract/card-mask";
import { minorFromDecimal } from "./canonical";
import { DEFAULT_AMOUNT_LIMITS } from "./options";
import { checkRules } from "./rules";
import { FAILING_PAYOUT_CARD, FAILING_PAYOUT_PHONE } from "@/lib/contract";
import { triggerFor } from "./triggers";

const limit = DEFAULT_AMOUNT_LIMITS.payin.SBP;

describe("checkRules", () => {
  it("accepts a national method in its country and picks the default bank", () => {
    const r = checkRules({
      direction: "payin",
      method: "SBP",
      country: "RU",
      bankId: undefined,
      amountMinor: 1000,
      limit,
    });
    expect(r.errors).toEqual([]);
    expect(r.bank?.alpha2).toBe("RU");
  });
  it("names country, bankId and amount", () => {
    const r = checkRules({
      direction: "payin",
      method: "PIX",
      country: "RU",
      bankId: 1001,
      amountMinor: 1,
      limit,
    });
    expect(r.errors.map((e) => e.path)).toEqual(["country", "bankId", "amount"]);
  });
  it("takes a cross-border SBP bank from the RU directory whatever the country", () => {
    const r = checkRules({
      direction: "payin",
      method: "CrossBorderSBP",
      country: "KZ",
      bankId: 1002,
      amountMinor: 1000,
      limit,
    });
    expect(r.errors).toEqual([]);
    expect(r.bank?.id).toBe(1002);
  });
  it("refuses a bank of another country", () => {
    const r = checkRules({
      direction: "payin",
      method: "Card",
      country: "KZ",
      bankId: 1001,
      amountMinor: 1000,
      limit,
    });
    expect(r.errors).toEqual([{ path: "bankId", message: expect.stringContaining("KZ directory") }]);
  });
  it("checks the bounds inclusively", () => {
    const at = (amountMinor: number) =>
      checkRules({ direction: "payin", method: "SBP", country: "RU", bankId: undefined, amountMinor, limit })
        .errors;
    expect(at(limit.min)).toEqual([]);
    expect(at(limit.max)).toEqual([]);
    expect(at(limit.min - 1)[0]?.path).toBe("amount");
    expect(at(limit.max + 1)[0]?.path).toBe("amount");
  });
});

describe("triggerFor", () => {
  it.each([
    [10013, "payin", { status: "Failed" }],
    [10014, "payout", { status: "Success" }],
    [10015, "payin", { status: "Expired" }],
    [10015, "payout", {}],
    [10055, "payin", { fault: "error-once" }],
    [10056, "payout", { fault: "slow-once" }],
    [10000, "payin", {}],
  ] as const)("amount %i (%s) → %o", (minor, direction, expected) => {
    expect(triggerFor(direction, minor)).toEqual(expected);
  });
  it("fails the magic payout card and phone", () => {
    const card = samplePayoutRequest("Card", { payoutDetails: { ccNo: FAILING_PAYOUT_CARD } });
    expect(triggerFor("payout", 150000, card)).toEqual({ status: "Failed" });
    const sbp = samplePayoutRequest("SBP", { payoutDetails: { phoneNumber: FAILING_PAYOUT_PHONE } });
    expect(triggerFor("payout", 150000, sbp)).toEqual({ status: "Failed" });
    expect(triggerFor("payout", 150000, samplePayoutRequest("Card"))).toEqual({});
  });
});

describe("helpers", () => {
  it("canonicalJson sorts keys at every level", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });
  it.each([
    ["0.01", 1],
    ["1500.80", 150080],
    ["1500.8", 150080],
    ["7", 700],
    ["123456789.99", 12345678999],
  ])("minorFromDecimal(%s) = %i", (text, minor) => {
    expect(minorFromDecimal(text)).toBe(minor);
  });
  it("masks a card to first six and last four", () => {
    expect(maskCardNumber("4111111111111111")).toBe("411111******1111");
  });
});
