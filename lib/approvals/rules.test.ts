import { describe, expect, it } from "vitest";
import {
  type ApprovalSettings,
  approvalRuleFor,
  approvalSettingsSchema,
  describeApprovalSettings,
} from "./rules";

const thresholds: ApprovalSettings = { mode: "threshold", thresholds: { RUB: "100000.00", BRL: "5000.50" } };

describe("approvalRuleFor", () => {
  it.each([
    [{ mode: "off", thresholds: { RUB: "1.00" } }, "999999.00", "RUB", null],
    [{ mode: "all", thresholds: {} }, "0.01", "RUB", "every pay-out"],
    [{ mode: "all", thresholds: {} }, "10.00", null, "every pay-out"],
    [thresholds, "99999.99", "RUB", null],
    [thresholds, "100000.00", "RUB", "RUB from 100000.00"],
    [thresholds, "5000.49", "BRL", null],
    [thresholds, "5000.50", "BRL", "BRL from 5000.50"],
    [thresholds, "1000000.00", "KZT", null],
    [thresholds, "1000000.00", null, null],
  ] as const)("%j, %s %s → %s", (settings, amount, currency, rule) => {
    expect(approvalRuleFor(settings as ApprovalSettings, { amount, currency })).toBe(rule);
  });
});

describe("approvalSettingsSchema", () => {
  it("stores thresholds with two decimals", () => {
    const parsed = approvalSettingsSchema.parse({
      mode: "threshold",
      thresholds: { RUB: " 100000 ", BRL: "5000.5" },
    });
    expect(parsed.thresholds).toEqual({ RUB: "100000.00", BRL: "5000.50" });
    expect(describeApprovalSettings(parsed)).toBe("pay-outs of BRL from 5000.50, RUB from 100000.00");
  });

  it.each([
    ["-1", /greater than 0/],
    ["0.00", /greater than 0/],
    ["1e5", /exponent/],
    // Ambiguous: a thousands separator or a decimal comma? Refused with both readings, never guessed.
    ["1,000", /^Ambiguous: "1,000" could be 1 or 1000/],
    ["12.345", /two decimals/],
    ["2000000000000", /at most/],
  ])("refuses the amount %j by its field", (amount, message) => {
    const result = approvalSettingsSchema.safeParse({ mode: "threshold", thresholds: { RUB: amount } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["thresholds", "RUB"]);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });
});
