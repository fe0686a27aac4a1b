import { describe, expect, test } from "vitest";
import { localBankName } from "./reference-banks";

describe("a bank's name in the pay page's language", () => {
  test.each([
    // By directory id (QR orders), as the service names it (card and phone orders), in each language.
    [{ bankId: 1001, bankName: "Sberbank" }, "ru", "Сбербанк"],
    [{ bankName: "Sberbank" }, "ru", "Сбербанк"],
    [{ bankName: "Sberbank" }, "en", "Sberbank"],
    [{ bankName: "Sberbank" }, "pt-BR", "Sberbank"],
    [{ bankName: "VTB Bank" }, "ru", "Банк ВТБ"],
    [{ bankName: "Alfa-Bank" }, "ru", "АЛЬФА-БАНК"],
    // No NSPK app listed: the directory's Cyrillic name.
    [{ bankId: 1016, bankName: "Rosbank" }, "ru", "Росбанк"],
    // Kazakh banks have Russian names in the directory.
    [{ bankName: "Halyk Bank" }, "ru", "АО «Народный Банк Казахстана»"],
    [{ bankName: "Halyk Bank" }, "en", "Halyk Bank"],
    // Brazilian banks: the familiar name, not the registry's legal one; never Cyrillic.
    [{ bankId: 2002, bankName: "Itaú Unibanco" }, "pt-BR", "Itaú Unibanco"],
    [{ bankName: "ITAÚ UNIBANCO S.A." }, "pt-BR", "Itaú Unibanco"],
    [{ bankId: 2002, bankName: "Itaú Unibanco" }, "ru", "Itaú Unibanco"],
    // A Russian name from the service reads in English on the English page.
    [{ bankName: "Сбербанк" }, "en", "Sberbank"],
    // Unknown to the directory: as the service sent it.
    [{ bankName: "Banco Imaginário" }, "ru", "Banco Imaginário"],
    [{ bankId: 999_999, bankName: "Some Bank" }, "en", "Some Bank"],
  ] as const)("%j in %s → %s", (ref, locale, name) => {
    expect(localBankName(ref, locale)).toBe(name);
  });
});
