import { describe, expect, it } from "vitest";
import { parseCountryParam } from "./country-param";

describe("parseCountryParam", () => {
  it.each([
    [undefined, "RU"],
    ["", "RU"],
    ["  ", "RU"],
    ["BR", "BR"],
    ["kz", "KZ"],
    [" de ", "DE"],
  ])("%j → %s", (input, country) => {
    expect(parseCountryParam(input)).toEqual({ ok: true, country });
  });

  it.each([
    ["RUS", "two-letter"],
    ["R1", "two-letter"],
    ["XX", "XX is not an assigned"],
    ["Ру", "two-letter"],
  ])("%j is refused: %s", (input, message) => {
    const r = parseCountryParam(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.input).toBe(input);
      expect(r.message).toContain(message);
    }
  });

  it("refuses several values and cuts long input", () => {
    expect(parseCountryParam(["RU", "BR"])).toMatchObject({
      ok: false,
      message: "Give one country code, not several",
    });
    const long = parseCountryParam("x".repeat(500));
    expect(long.ok === false && long.input.length).toBe(24);
  });
});
