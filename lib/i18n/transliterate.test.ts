import { expect, test } from "vitest";
import { romanize, transliterate } from "./transliterate";

test.each([
  ["Банк Левобережный", "Bank Levoberezhnyy"],
  ["АКБ ФОРА-БАНК", "AKB FORA-BANK"],
  ["МТС-Банк", "MTS-Bank"],
  ["Щит", "Schit"],
  ["КБ Пойдём!", "KB Poydem!"],
  ["Банк 131", "Bank 131"],
])("romanize %s → %s", (text, latin) => {
  expect(romanize(text)).toBe(latin);
});

test("transliterate lower-cases, as search text", () => {
  expect(transliterate("Тинькофф")).toBe("tinkoff");
});
