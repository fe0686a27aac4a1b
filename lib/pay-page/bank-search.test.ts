import { describe, expect, test } from "vitest";
import { BANK_APP_ALIASES } from "./bank-aliases";
import { bankSearchText, matchesBankQuery, normalizeBankText } from "./bank-search";
import { listBankApps } from "./reference-banks";

const apps = listBankApps("ru");
/** The schemes of the apps a query finds, in the list's order. */
const found = (query: string) =>
  apps.filter((a) => matchesBankQuery(a.searchText, query)).map((a) => a.scheme);

const T_BANK = "bank100000000004";
const SBER = "bank100000000111";
const VTB = "bank110000000005";

describe("the bank-app chooser's search", () => {
  test.each(["тинькофф", "Тинькофф", "ТИНЬКОФФ", "tinkoff", "TINKOFF", "Tinkoff Bank"])(
    "%s finds T-Bank alone",
    (query) => {
      expect(found(query)).toEqual([T_BANK]);
    },
  );

  test.each(["т-банк", "т банк", "tbank", "T-Bank"])("%s finds T-Bank first", (query) => {
    // Punctuation does not count, so "…кредит банк" matches too, further down the list.
    expect(found(query)[0]).toBe(T_BANK);
  });

  test.each([
    ["сбер", SBER],
    ["Sber", SBER],
    ["sberbank", SBER],
    ["открытие", VTB],
    ["Otkritie", VTB],
    ["альфа", "bank100000000008"],
    ["alfa-bank", "bank100000000008"],
    ["промсвязьбанк", "bank100000000010"],
    ["PSB", "bank100000000010"],
    ["Halva", "bank100000000013"],
    ["Яндекс.Деньги", "bank100000000022"],
    ["yandex bank", "bank100000000150"],
    ["UBRD", "bank100000000031"],
    ["почта банк", "bank100000000016"],
    ["russian standard", "bank100000000014"],
    ["ozon", "bank100000000273"],
    ["ак барс", "bank100000000006"],
    ["газпромбанк", "bank100000000001"],
  ])("%s finds %s first", (query, scheme) => {
    expect(found(query)[0]).toBe(scheme);
  });

  test("ё and е are one letter: «пойдем» finds «КБ Пойдём!»", () => {
    expect(apps.filter((a) => matchesBankQuery(a.searchText, "пойдем")).map((a) => a.name)).toEqual([
      "КБ Пойдём!",
    ]);
  });

  test("an empty query finds every bank; nonsense none", () => {
    expect(found("  ")).toHaveLength(apps.length);
    expect(found("zzzz")).toEqual([]);
  });

  test("a query matches within one name, not across two", () => {
    const text = bankSearchText(["Сбербанк", "Sberbank"]);
    expect(text).toBe("сбербанк sberbank");
    expect(matchesBankQuery(text, "банкsber")).toBe(false);
    expect(normalizeBankText("Ёж-Банк (Россия)")).toBe("ежбанкроссия");
  });

  test("every alias belongs to an app in NSPK's list", () => {
    const schemes = new Set(apps.map((a) => a.scheme));
    expect(Object.keys(BANK_APP_ALIASES).filter((s) => !schemes.has(s))).toEqual([]);
  });
});

describe("bank-app names per page language", () => {
  const name = (locale: "ru" | "en" | "pt-BR", scheme: string) =>
    listBankApps(locale).find((a) => a.scheme === scheme)!.name;

  test.each(["en", "pt-BR"] as const)("%s: Latin names, the directory's where it has one", (locale) => {
    expect(name(locale, T_BANK)).toBe("T-Bank");
    expect(name(locale, SBER)).toBe("Sberbank");
    expect(name(locale, "bank100000000087")).toBe("Bank PSKB");
    for (const app of listBankApps(locale)) expect(app.name, app.scheme).not.toMatch(/\p{Script=Cyrillic}/u);
  });

  test("ru: NSPK's Russian names", () => {
    expect(name("ru", T_BANK)).toBe("Т-Банк");
    expect(name("ru", "bank100000000087")).toBe("Банк ПСКБ");
  });
});
