import { describe, expect, it } from "vitest";
import { formatAmount } from "./format";

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
});
