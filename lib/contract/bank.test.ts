import { describe, expect, it } from "vitest";
import { bankCodeLabel } from "./bank";

describe("bankCodeLabel", () => {
  it.each([
    ["RU", "SBP member id"],
    ["BR", "ISPB"],
    ["KZ", "BIC"],
    ["DE", "Bank code"],
    ["US", "Bank code"],
  ])("%s → %s", (country, label) => {
    expect(bankCodeLabel(country)).toBe(label);
  });
});
