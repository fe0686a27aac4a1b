import { describe, expect, it } from "vitest";
import { formatAmount, formatDateTime } from "./format";

describe("formatAmount", () => {
  it.each([
    ["1500.00", "1,500.00"],
    ["1500.5", "1,500.50"],
    ["1234567.89", "1,234,567.89"],
    ["0.01", "0.01"],
    ["12", "12.00"],
    ["999", "999.00"],
    ["abc", "abc"],
  ])("%s → %s", (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it("formats times in UTC to the second", () => {
    expect(formatDateTime(new Date("2026-11-22T07:40:12.999Z"))).toBe("2026-11-22 07:40:12 UTC");
    expect(formatDateTime(null)).toBe("—");
  });
});
