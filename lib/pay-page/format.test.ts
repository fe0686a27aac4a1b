import { describe, expect, test } from "vitest";
import { formatAmountParts, formatCardNumber, formatDeadline, formatPhone } from "./format";

// Intl puts no-break spaces (U+00A0, U+202F) in some locales; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("formatAmountParts", () => {
  test.each([
    ["ru", "1234.56", "RUB", "1 234", ",56", " ₽"],
    ["pt-BR", "1234.56", "BRL", "R$ 1.234", ",56", ""],
    ["en", "1234.56", "RUB", "₽1,234", ".56", ""],
    ["en", "1234.56", "BRL", "R$1,234", ".56", ""],
    ["ru", "1500.00", "RUB", "1 500", ",00", " ₽"],
    ["pt-BR", "0.07", "BRL", "R$ 0", ",07", ""],
    ["ru", "250000.01", "KZT", "250 000", ",01", " ₸"],
  ] as const)("%s %s %s", (locale, amount, currency, main, cents, suffix) => {
    const parts = formatAmountParts(amount, currency, locale);
    expect(plain(parts.main)).toBe(main);
    expect(parts.cents).toBe(cents);
    expect(plain(parts.suffix)).toBe(suffix);
    expect(plain(parts.text)).toBe(`${main}${cents}${suffix}`);
  });

  test("keeps every cent of amounts beyond float precision", () => {
    expect(plain(formatAmountParts("999999999999.99", "RUB", "en").text)).toBe("₽999,999,999,999.99");
  });

  test("refuses what is not a two-decimal amount", () => {
    expect(() => formatAmountParts("12.345", "RUB", "ru")).toThrow(/two-decimal/);
    expect(() => formatAmountParts("abc", "RUB", "ru")).toThrow(/two-decimal/);
  });
});

describe("formatDeadline", () => {
  const at = new Date("2026-11-22T11:35:00Z");
  test.each([
    ["ru", "Europe/Moscow", /22 нояб\..*14:35.*MSK|22 нояб\..*14:35.*GMT\+3/],
    ["pt-BR", "America/Sao_Paulo", /22 de nov\..*08:35.*(BRT|GMT-3)/],
    ["en", "UTC", /Nov 22.*11:35 AM UTC/],
  ] as const)("%s in %s", (locale, zone, pattern) => {
    expect(plain(formatDeadline(at, locale, zone))).toMatch(pattern);
  });
});

describe("formatCardNumber", () => {
  test.each([
    ["2202200145678126", "2202 2001 4567 8126"],
    ["4276 5512-3409 8765", "4276 5512 3409 8765"],
    ["4000123412341", "4000 1234 1234 1"],
    ["2200157788123456789", "2200 1577 8812 3456 789"],
  ])("%s → %s", (input, expected) => expect(formatCardNumber(input)).toBe(expected));
});

describe("formatPhone", () => {
  test.each([
    ["+79161234567", "+7 916 123-45-67"],
    ["79037654321", "+7 903 765-43-21"],
    ["+77012345678", "+7 701 234 56 78"],
    ["+5511912345678", "+55 11 91234-5678"],
    ["+551134567890", "+55 11 3456-7890"],
    ["+998901234567", "+998 901 234 567"],
  ])("%s → %s", (input, expected) => expect(formatPhone(input)).toBe(expected));
});
