import { describe, expect, test } from "vitest";
import {
  COUNTRY_CODES,
  currencyForCountry,
  PAYIN_METHOD_INFO,
  PAYOUT_METHOD_INFO,
  SUGGESTED_COUNTRIES,
} from "@/lib/contract";
import { formatDeadline, timeZoneForCountry } from "./format";

/** Every country an order can be made for without typing an unusual code. */
const COUNTRIES = [
  ...new Set([
    ...SUGGESTED_COUNTRIES,
    ...[...Object.values(PAYIN_METHOD_INFO), ...Object.values(PAYOUT_METHOD_INFO)].flatMap((info) => [
      info.defaultCountry,
      ...(info.countries ?? []),
    ]),
    ...[...COUNTRY_CODES].filter((c) => currencyForCountry(c) !== undefined),
  ]),
].sort();

describe("the deadline's time zone", () => {
  test("the list covers the forms' suggestions and every method's countries", () => {
    expect(COUNTRIES).toEqual(expect.arrayContaining(["RU", "BR", "KZ", "UZ", "BY", "IN"]));
  });

  test.each(COUNTRIES)("%s has its own zone, one Intl knows", (country) => {
    const zone = timeZoneForCountry(country);
    expect(zone).not.toBe("UTC");
    expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
  });

  test.each([
    ["UZ", "ru", /22 нояб\..*16:35.*GMT\+5/],
    ["KG", "en", /Nov 22.*05:35 PM GMT\+6/],
    ["BY", "pt-BR", /22 de nov\..*14:35.*GMT\+3/],
  ] as const)("%s in %s: the local time", (country, locale, pattern) => {
    const text = formatDeadline(new Date("2026-11-22T11:35:00Z"), locale, timeZoneForCountry(country));
    expect(text.replace(/[\u00a0\u202f]/g, " ")).toMatch(pattern);
  });

  test("a country outside the list reads UTC", () => {
    expect(timeZoneForCountry("NZ")).toBe("UTC");
  });
});
