import { describe, expect, it } from "vitest";
import { canonicalise, canonicalJson } from "./canonical-json";
import { maskCardNumber, maskOrderRequest, matchesMaskedCard } from "./card-mask";

describe("card masking", () => {
  it.each([
    ["4111111111111111", "411111******1111"],
    ["4000000000000002", "400000******0002"],
    ["6011000990139424", "601100******9424"],
    ["4222222222222", "422222***2222"],
  ])("%s → %s", (pan, masked) => {
    expect(maskCardNumber(pan)).toBe(masked);
    expect(matchesMaskedCard(pan, masked)).toBe(true);
  });

  it.each([
    ["4111111111", "**********"],
    ["411111", "******"],
    ["", ""],
  ])("%s, 10 digits or fewer, is masked whole (six + four would be all of it)", (pan, masked) => {
    expect(maskCardNumber(pan)).toBe(masked);
    expect(maskCardNumber(pan)).not.toMatch(/\d/);
    expect(matchesMaskedCard(pan, masked)).toBe(true);
  });

  it("11 digits keep six + four and mask the one between", () => {
    expect(maskCardNumber("41111151111")).toBe("411111*1111");
  });

  it("a different middle still matches (only six + four are kept), other ends do not", () => {
    expect(matchesMaskedCard("4111119999991111", "411111******1111")).toBe(true);
    expect(matchesMaskedCard("4111111111111112", "411111******1111")).toBe(false);
    expect(matchesMaskedCard("41111111111111111", "411111******1111")).toBe(false);
  });

  it("masks payoutDetails.ccNo in a request and leaves the original untouched", () => {
    const req = { amount: 1, payoutDetails: { ccNo: "4111111111111111", ccHolderName: "IVAN" } };
    const masked = maskOrderRequest(req);
    expect(masked).toEqual({ amount: 1, payoutDetails: { ccNo: "411111******1111", ccHolderName: "IVAN" } });
    expect(req.payoutDetails.ccNo).toBe("4111111111111111");
    expect(JSON.stringify(masked)).not.toContain("4111111111111111");
  });
});

describe("canonicalise", () => {
  it("sorts keys at every level and drops undefined", () => {
    const c = canonicalise({ b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined } });
    expect(JSON.stringify(c)).toBe('{"a":{"d":[{"y":2,"z":1}]},"b":1}');
  });

  it("canonicalJson is the text of the canonical value", () => {
    const value = { b: [3, { d: 1, c: undefined }], a: "x" };
    expect(canonicalJson(value)).toBe(JSON.stringify(canonicalise(value)));
    expect(canonicalJson(value)).toBe('{"a":"x","b":[3,{"d":1}]}');
  });
});
